import type { EndpointCtx, Examples } from "../../../test/fuzz/fixtures";

/** A member of two years with no waivers yet: a hardship waiver is allowed. */
async function longstandingMember(c: EndpointCtx): Promise<number> {
  const { user } = await c.t.member();
  c.t.app.deps.db.$client
    .prepare("UPDATE members SET joined_at = ?, dues_from = ? WHERE id = ?")
    .run(new Date(Date.now() - 2 * 365 * 86_400_000).toISOString(), "2026-10", user.id);
  return user.id;
}

export const examples: Examples = {
  procedures: {
    "dues.me": () => undefined,
    "dues.list": { as: "treasurer", input: () => undefined },
    "dues.member": { as: "treasurer", input: (c) => ({ memberId: c.f.member.user.id }) },
    "dues.pay": {
      as: "treasurer",
      input: (c) => ({
        memberId: c.f.member.user.id,
        amount: 12 + (c.n() % 40),
        date: "2025-01-10",
        method: "cash",
        note: "At the meeting",
      }),
    },
    "dues.waive": {
      as: "treasurer",
      input: async (c) => ({
        memberId: await longstandingMember(c),
        fromMonth: "2026-01",
        months: 2,
        reason: "Hardship",
      }),
    },
  },
  rest: {
    "GET /api/Dues/Export": () => ({}),
  },
};

import type { EndpointCtx, Examples } from "../../../test/fuzz/fixtures";

/** A member of two years with no waivers yet: a hardship waiver is allowed. */
async function longstandingMember(c: EndpointCtx): Promise<number> {
  const { user } = await c.t.member();
  c.t.app.deps.db.$client
    .prepare("UPDATE members SET joined_at = ?, dues_from = ? WHERE id = ?")
    .run(new Date(Date.now() - 2 * 365 * 86_400_000).toISOString(), "2026-10", user.id);
  return user.id;
}

/** The newest payment line of the fixture member, just recorded: something to void. */
async function freshPaymentId(c: EndpointCtx): Promise<number> {
  const statement = await c.t.caller(c.f.treasurer.user).dues.pay({
    memberId: c.f.member.user.id,
    amount: 12,
    date: "2025-01-10",
    method: "cash",
    note: "To be voided",
    confirm: true,
  });
  const line = statement.entries.find((e) => e.kind === "payment" && !e.voided);
  if (!line) throw new Error("no payment to void");
  return line.id;
}

/** Two months ago (UTC): a first charged month that is never in the club's future. */
const recentMonth = () => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 2);
  return d.toISOString().slice(0, 7);
};

export const examples: Examples = {
  procedures: {
    "dues.me": { access: "member", input: () => undefined },
    "dues.list": { access: "treasurer", as: "treasurer", input: () => undefined },
    "dues.member": { access: "treasurer", as: "treasurer", input: (c) => ({ memberId: c.f.member.user.id }) },
    "dues.pay": {
      access: "treasurer",
      as: "treasurer",
      input: (c) => ({
        memberId: c.f.member.user.id,
        amount: 12 + (c.n() % 40),
        date: "2025-01-10",
        method: "cash",
        note: "At the meeting",
        confirm: true,
      }),
    },
    "dues.waive": {
      access: "treasurer",
      as: "treasurer",
      input: async (c) => ({
        memberId: await longstandingMember(c),
        fromMonth: "2026-01",
        months: 2,
        reason: "Hardship",
      }),
    },
    "dues.void": {
      access: "treasurer",
      as: "treasurer",
      input: async (c) => ({ id: await freshPaymentId(c), reason: "Typed 520 instead of 52" }),
    },
    "dues.setOpening": {
      access: "treasurer",
      as: "treasurer",
      input: async (c) => ({
        memberId: (await c.t.member()).user.id,
        memberSince: "2019-03-05",
        joiningFeePaid: true,
        firstChargedMonth: recentMonth(),
        openingBalance: 24,
        note: "Owed two months at the changeover",
      }),
    },
    "dues.report": {
      access: "treasurer",
      as: "treasurer",
      input: () => ({ from: "2024-01", to: "2024-12" }),
    },
  },
  rest: {
    "GET /api/Dues/Export": { access: "treasurer", call: () => ({}) },
    "GET /api/Dues/Report": {
      access: "treasurer",
      call: () => ({ query: { from: "2024-01", to: "2024-12" } }),
    },
  },
};

import { newInstanceId, type Examples } from "../../../test/fuzz/fixtures";

/** A new purchase of the fixture bottle, opened: its level can be set. */
async function openedInstanceId(c: Parameters<typeof newInstanceId>[0]) {
  const id = await newInstanceId(c);
  await c.t.caller(c.f.member.user).cellar.open({ id, openedDate: "2024-06-02" });
  return id;
}

export const examples: Examples = {
  procedures: {
    "cellar.shelf": { access: "public", input: () => undefined },
    "cellar.open": {
      access: "member",
      input: async (c) => ({ id: await newInstanceId(c), openedDate: "2024-06-01" }),
    },
    "cellar.setLevel": {
      access: "member",
      input: async (c) => ({ id: await openedInstanceId(c), levelPct: 10 + (c.n() % 80) }),
    },
  },
};

import type { Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "tokens.list": { access: "member", input: () => undefined },
    "tokens.create": {
      access: "member",
      input: (c) => ({ name: `Script ${c.n()}`, scopes: ["read"], expiresInDays: 30 }),
    },
    "tokens.revoke": {
      access: "author",
      input: async (c) => ({
        id: (await c.t.caller(c.f.member.user).tokens.create({ name: `Old ${c.n()}`, scopes: ["read"] })).id,
      }),
    },
    "tokens.all": { access: "admin", as: "admin", input: () => undefined },
  },
};

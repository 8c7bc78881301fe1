import { extraMember, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "members.list": { access: "admin", as: "admin", input: () => undefined },
    "members.approve": {
      access: "admin",
      as: "admin",
      input: (c) => ({ id: extraMember(c, { status: "pending" }).id }),
    },
    "members.reject": {
      access: "admin",
      as: "admin",
      input: (c) => ({ id: extraMember(c, { status: "pending" }).id }),
    },
    "members.deactivate": { access: "admin", as: "admin", input: (c) => ({ id: extraMember(c).id }) },
    "members.reactivate": {
      access: "admin",
      as: "admin",
      input: (c) => ({ id: extraMember(c, { status: "deactivated" }).id }),
    },
    "members.setRole": {
      access: "admin",
      as: "admin",
      input: (c) => ({ id: extraMember(c).id, role: "treasurer" }),
    },
    "members.invite": {
      access: "admin",
      as: "admin",
      input: (c) => ({ email: `invited${c.n()}@example.com` }),
    },
    "members.invites": { access: "admin", as: "admin", input: () => undefined },
    "members.revokeInvite": {
      access: "admin",
      as: "admin",
      input: async (c) => ({ id: (await c.t.caller(c.f.admin.user).members.invite({ email: null })).id }),
    },
  },
};

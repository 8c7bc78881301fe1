import { extraMember, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "members.list": { as: "admin", input: () => undefined },
    "members.approve": { as: "admin", input: (c) => ({ id: extraMember(c, { status: "pending" }).id }) },
    "members.reject": { as: "admin", input: (c) => ({ id: extraMember(c, { status: "pending" }).id }) },
    "members.deactivate": { as: "admin", input: (c) => ({ id: extraMember(c).id }) },
    "members.reactivate": {
      as: "admin",
      input: (c) => ({ id: extraMember(c, { status: "deactivated" }).id }),
    },
    "members.setRole": { as: "admin", input: (c) => ({ id: extraMember(c).id, role: "treasurer" }) },
    "members.invite": { as: "admin", input: (c) => ({ email: `invited${c.n()}@example.com` }) },
  },
};

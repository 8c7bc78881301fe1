import { PASSWORD, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "account.get": () => undefined,
    "account.update": (c) => ({ firstName: "Fixture", lastName: `Member ${c.n()}` }),
    // These end the caller's sessions: each call is made by a new member.
    "account.changePassword": {
      as: "fresh",
      input: () => ({ currentPassword: PASSWORD, newPassword: "another-long-password" }),
    },
    "account.logoutEverywhere": { as: "fresh", input: () => undefined },
  },
};

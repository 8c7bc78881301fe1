import { PASSWORD, secondSessionOf, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "account.get": { access: "member", input: () => undefined },
    "account.update": {
      access: "member",
      input: (c) => ({ firstName: "Fixture", lastName: `Member ${c.n()}` }),
    },
    // These end the caller's sessions: each call is made by a new member.
    "account.changePassword": {
      access: "member",
      as: "fresh",
      input: () => ({ currentPassword: PASSWORD, newPassword: "another-long-password" }),
    },
    "account.logoutEverywhere": { access: "member", as: "fresh", input: () => undefined },
    "account.language": { access: "member", input: () => undefined },
    "account.setLanguage": { access: "member", input: (c) => ({ language: c.n() % 2 ? "de" : null }) },
    "account.sessions": { access: "member", input: () => undefined },
    // Logs out another device of the member's: its own, or an admin for any member.
    "account.endSession": { access: "author", input: async (c) => ({ id: await secondSessionOf(c) }) },
  },
};

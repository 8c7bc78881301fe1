import {
  freshRefreshToken,
  PASSWORD,
  pendingConfirmation,
  pendingReset,
  type Examples,
} from "../../../test/fuzz/fixtures";

/** Well-formed calls of every auth procedure (fuzz, permission and OpenAPI tests). */
export const examples: Examples = {
  procedures: {
    "auth.login": { access: "public", input: (c) => ({ email: c.f.memberEmail, password: PASSWORD }) },
    "auth.register": {
      access: "public",
      input: (c) => ({
        email: `new${c.n()}@example.com`,
        password: "long-enough-pw",
        firstName: "New",
        lastName: "Member",
      }),
    },
    "auth.refresh": { access: "public", input: async (c) => ({ refreshToken: await freshRefreshToken(c) }) },
    "auth.validateToken": { access: "member", input: () => undefined },
    "auth.confirmEmail": { access: "public", input: (c) => pendingConfirmation(c) },
    "auth.logout": { access: "public", input: async (c) => ({ refreshToken: await freshRefreshToken(c) }) },
    "auth.resendConfirmation": { access: "public", input: (c) => ({ email: `someone${c.n()}@example.com` }) },
    "auth.forgotPassword": { access: "public", input: (c) => ({ email: c.f.memberEmail }) },
    "auth.resetPassword": { access: "public", input: (c) => pendingReset(c) },
  },
};

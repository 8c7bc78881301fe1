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
    "auth.login": (c) => ({ email: c.f.memberEmail, password: PASSWORD }),
    "auth.register": (c) => ({
      email: `new${c.n()}@example.com`,
      password: "long-enough-pw",
      firstName: "New",
      lastName: "Member",
    }),
    "auth.refresh": async (c) => ({ refreshToken: await freshRefreshToken(c) }),
    "auth.validateToken": () => undefined,
    "auth.confirmEmail": (c) => pendingConfirmation(c),
    "auth.logout": async (c) => ({ refreshToken: await freshRefreshToken(c) }),
    "auth.resendConfirmation": (c) => ({ email: `someone${c.n()}@example.com` }),
    "auth.forgotPassword": (c) => ({ email: c.f.memberEmail }),
    "auth.resetPassword": (c) => pendingReset(c),
  },
};

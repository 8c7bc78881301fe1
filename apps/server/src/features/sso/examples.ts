import type { Examples } from "../../../test/fuzz/fixtures";
import { createHandoff } from "./handoff";

/** Well-formed calls of single sign-on's procedures and routes (fuzz, permission and OpenAPI tests). */
export const examples: Examples = {
  procedures: {
    "sso.options": { access: "public", input: () => undefined },
    // A sign-in the callback finished for the fixture member, waiting for the web app.
    "sso.exchange": {
      access: "public",
      input: (c) => ({
        code: createHandoff(c.t.app.deps.config, c.f.member.user.id, "/", c.t.app.deps.now().getTime()),
      }),
    },
  },
  rest: {
    // Without OIDC_* settings (the test app's) both redirect to the login screen with the reason.
    "GET /auth/oidc/start": { access: "public", call: () => ({ query: { next: "/library-bottles" } }) },
    "GET /auth/oidc/callback": { access: "public", call: () => ({ query: { code: "abc", state: "xyz" } }) },
  },
};

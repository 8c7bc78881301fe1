import type { TRPCRouterRecord } from "@trpc/server";
import { SsoExchangeInputSchema, SsoOptionsSchema, SsoSignInSchema } from "@club/shared";
import { publicProcedure } from "../../kernel/trpc";
import { exchangeCode, ssoOptions } from "./service";

/**
 * Single sign-on's calls from the web app, over REST beside the session's (like auth, REST-only).
 * The browser's part, /auth/oidc/start and /auth/oidc/callback, is in routes.ts.
 */
export const ssoRouter = {
  options: publicProcedure
    .meta({
      rest: { method: "GET", path: "/auth/oidc/options" },
      doc: {
        summary: "Whether single sign-on is offered",
        description:
          'The login screen shows its "Sign in with ..." button (this label) when `enabled` is true (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set).',
        response: SsoOptionsSchema,
        responseDescription: "Whether single sign-on is set up, and the button's label.",
      },
    })
    .query(({ ctx }) => ssoOptions(ctx)),

  exchange: publicProcedure
    .meta({
      rest: { method: "POST", path: "/auth/oidc/exchange" },
      rateLimit: "login",
      doc: {
        summary: "Finish a single sign-on in the app",
        description:
          "Trades the one-time code of a finished sign-in (the fragment of /login/sso#code=..., good once, for one minute) for the same token pair as POST /login gives. 400 with `error.code` CODE_INVALID for an unknown, used or expired code; 403 MEMBERSHIP_PENDING or MEMBERSHIP_DEACTIVATED as for the password login.",
        response: SsoSignInSchema,
        responseDescription: "The token pair, the member's email and the app path to open.",
        errors: [403],
      },
    })
    .input(SsoExchangeInputSchema)
    .mutation(({ ctx, input }) => exchangeCode(ctx, input)),
} satisfies TRPCRouterRecord;

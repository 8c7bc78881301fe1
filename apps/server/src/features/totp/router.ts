import type { TRPCRouterRecord } from "@trpc/server";
import {
  TotpDisableInputSchema,
  TotpEnabledSchema,
  TotpEnableInputSchema,
  TotpSetupSchema,
  TotpStatusSchema,
} from "@club/shared";
import { loginProcedure } from "../../kernel/trpc";
import { disableTotp, enableTotp, setupTotp, totpStatus } from "./service";

const LOGIN_ONLY = "An API token gets 403.";

/**
 * Two-factor sign-in with an authenticator app (RFC 6238): set up, turned on with a first code
 * (ten single-use recovery codes come back, shown once), turned off with a code. From then on
 * POST /login asks for a code after the password (POST /login/totp).
 */
export const totpRouter = {
  status: loginProcedure
    .meta({
      rest: { method: "GET", path: "/api/Account/Totp" },
      doc: {
        summary: "Your two-factor sign-in",
        description: `Whether it is on, how many recovery codes are left unused, and whether the club requires it of you (an admin or a treasurer without it: your role's own calls answer 403 TWO_FACTOR_REQUIRED until you set it up). ${LOGIN_ONLY}`,
        response: TotpStatusSchema,
        responseDescription: "Your two-factor sign-in.",
        errors: [403],
      },
    })
    .query(({ ctx }) => totpStatus(ctx)),

  setup: loginProcedure
    .meta({
      rest: { method: "POST", path: "/api/Account/Totp/Setup", from: "none" },
      doc: {
        summary: "Set up two-factor sign-in",
        description: `A new secret for your authenticator app: \`secret\` (base32, to type) and \`otpauthUrl\` (for a QR code). Shown this once; nothing changes at login until POST /api/Account/Totp/Enable takes a first code. A new setup replaces one that waits; 409 TOTP_ON while it is on. ${LOGIN_ONLY}`,
        response: TotpSetupSchema,
        responseDescription: "The secret, shown once.",
        errors: [403, 409],
      },
    })
    .mutation(({ ctx }) => setupTotp(ctx)),

  enable: loginProcedure
    .meta({
      rest: { method: "POST", path: "/api/Account/Totp/Enable" },
      rateLimit: "login",
      doc: {
        summary: "Turn on two-factor sign-in",
        description: `\`{code}\`: the app's current 6-digit code for the secret of the setup (400 when it is not right, 409 TOTP_NOT_SET_UP without a setup). The answer's ten recovery codes are shown this once: each signs in once in place of a code. ${LOGIN_ONLY}`,
        response: TotpEnabledSchema,
        responseDescription: "The recovery codes, shown once.",
        errors: [400, 403, 409],
      },
    })
    .input(TotpEnableInputSchema)
    .mutation(({ ctx, input }) => enableTotp(ctx, input)),

  disable: loginProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/Account/Totp", status: 204 },
      rateLimit: "login",
      doc: {
        summary: "Turn off two-factor sign-in",
        description: `\`{code}\`: a current code of the app or an unused recovery code (400 when it is not right; wrong codes count against your login budget). The secret and the recovery codes are deleted. 409 TOTP_OFF when it is not on. ${LOGIN_ONLY}`,
        errors: [400, 403, 409],
      },
    })
    .input(TotpDisableInputSchema)
    .mutation(({ ctx, input }) => disableTotp(ctx, input)),
} satisfies TRPCRouterRecord;

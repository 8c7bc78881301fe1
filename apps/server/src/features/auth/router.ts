import type { TRPCRouterRecord } from "@trpc/server";
import {
  ConfirmEmailInputSchema,
  ForgotPasswordInputSchema,
  ResetPasswordInputSchema,
  LoginInputSchema,
  LoginTotpInputSchema,
  MessageSchema,
  RefreshInputSchema,
  RegisterInputSchema,
  ResendConfirmationInputSchema,
  TokenPairSchema,
} from "@club/shared";
import { memberProcedure, publicProcedure } from "../../kernel/trpc";
import {
  LoginAnswerSchema,
  LoginResultSchema,
  OkSchema,
  ValidTokenSchema,
} from "../../kernel/openapiSchemas";
import {
  confirmEmail,
  forgotPassword,
  login,
  loginTotp,
  logout,
  refresh,
  register,
  resendConfirmation,
  resetPassword,
  validateToken,
} from "./service";

/**
 * The session's calls. The web app makes them over REST, as docs/product.md ("The calls") lists them, so these
 * procedures are REST-only (app/router.ts keeps them out of /trpc).
 */
export const authRouter = {
  login: publicProcedure
    .meta({
      rest: { method: "POST", path: "/login" },
      rateLimit: "login",
      doc: {
        summary: "Log in",
        description:
          "Exchanges email and password for an access token (a JWT valid for 15 minutes) and a refresh token (30 days, single use). 403 when the email address is not confirmed yet (`error.code` EMAIL_NOT_CONFIRMED), the membership waits for an admin's approval (MEMBERSHIP_PENDING) or was deactivated (MEMBERSHIP_DEACTIVATED). A member with two-factor sign-in gets `{mfaRequired: true, mfaToken}` instead: the token (valid 5 minutes) and a code go to POST /login/totp. Or, instead of a code, a passkey of the member's: POST /login/passkey with the mfaToken.",
        response: LoginAnswerSchema,
        responseDescription: "The token pair and the member's email, or the second step's token.",
        errors: [401, 403],
      },
    })
    .input(LoginInputSchema)
    .mutation(({ ctx, input }) => login(ctx, input)),

  loginTotp: publicProcedure
    .meta({
      rest: { method: "POST", path: "/login/totp" },
      rateLimit: "login",
      doc: {
        summary: "Log in: the second factor",
        description:
          "The second step of a login with two-factor sign-in: the `mfaToken` POST /login gave (valid 5 minutes, for one sign-in) and `code`, the authenticator app's current 6-digit code or one of the member's recovery codes (each works once). A code of the app works once too. 401 for a wrong, used or late code or an expired token; wrong codes count against the account's login budget (429 with Retry-After beyond it).",
        response: LoginResultSchema,
        responseDescription: "The token pair and the member's email.",
        errors: [401],
      },
    })
    .input(LoginTotpInputSchema)
    .mutation(({ ctx, input }) => loginTotp(ctx, input)),

  register: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/Register/register", status: 201 },
      rateLimit: "register",
      doc: {
        summary: "Register a member",
        description:
          "Stores the registration unconfirmed and emails a confirmation link (valid 24 hours); with REGISTRATION=approval an admin approves after that. With `invite` (the token of an invite link) the member arrives approved; with REGISTRATION=invite or closed an invite is required (403). The answer is the same for an address that is already a member's (its owner gets an email instead).",
        response: MessageSchema,
        responseDescription: "Registered; a confirmation email is on its way.",
        errors: [403],
      },
    })
    .input(RegisterInputSchema)
    .mutation(({ ctx, input }) => register(ctx, input)),

  refresh: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/Register/refresh" },
      rateLimit: "refresh",
      doc: {
        summary: "Refresh the tokens",
        description:
          "Rotates the refresh token: the one sent becomes invalid. Within 30 seconds of its rotation the same token may be presented again (two tabs refreshing at once) and gets the very same new pair; presenting an already-rotated token after that revokes its whole family (theft detection: both pairs stop working).",
        response: TokenPairSchema,
        responseDescription: "A new token pair.",
        errors: [401],
      },
    })
    .input(RefreshInputSchema)
    .mutation(({ ctx, input }) => refresh(ctx, input)),

  validateToken: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/Register/validateToken", from: "none" },
      doc: {
        summary: "Check an access token",
        description: "200 when the bearer access token is valid, 401 otherwise. No body.",
        response: ValidTokenSchema,
        responseDescription: "The token is valid.",
      },
    })
    .query(({ ctx }) => validateToken(ctx)),

  confirmEmail: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/Register/confirmemail" },
      rateLimit: "confirmation",
      doc: {
        summary: "Confirm an email address",
        description:
          "The link of the confirmation email. Single use; confirming an already confirmed address again answers 200.",
        response: MessageSchema,
        responseDescription: "Confirmed.",
      },
    })
    .input(ConfirmEmailInputSchema)
    .mutation(({ ctx, input }) => confirmEmail(ctx, input)),

  logout: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/Register/logout" },
      doc: {
        summary: "Log out",
        description:
          "Revokes the refresh token and every token rotated from the same login. Unknown tokens are ignored.",
        response: OkSchema,
        responseDescription: "Logged out.",
      },
    })
    .input(RefreshInputSchema)
    .mutation(({ ctx, input }) => logout(ctx, input)),

  resendConfirmation: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/Register/resendConfirmation" },
      rateLimit: "confirmation",
      doc: {
        summary: "Send the confirmation email again",
        description:
          "Always the same answer, so it does not reveal who is registered. At most one email a minute per member.",
        response: MessageSchema,
        responseDescription: "Sent if the address belongs to an unconfirmed member.",
      },
    })
    .input(ResendConfirmationInputSchema)
    .mutation(({ ctx, input }) => resendConfirmation(ctx, input)),

  forgotPassword: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/Register/forgotPassword" },
      rateLimit: "confirmation",
      doc: {
        summary: "Ask for a password reset link",
        description:
          "Emails a single-use link, valid one hour, to choose a new password. The same answer whether or not the address belongs to a member.",
        response: MessageSchema,
        responseDescription: "Sent if the address belongs to a member.",
      },
    })
    .input(ForgotPasswordInputSchema)
    .mutation(({ ctx, input }) => forgotPassword(ctx, input)),

  resetPassword: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/Register/resetPassword" },
      rateLimit: "login",
      doc: {
        summary: "Choose a new password with a reset link",
        description: "Uses the link's token once; every session of the member ends.",
        response: MessageSchema,
        responseDescription: "The password is changed.",
      },
    })
    .input(ResetPasswordInputSchema)
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),
} satisfies TRPCRouterRecord;

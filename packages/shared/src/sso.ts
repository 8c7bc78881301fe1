import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { ServerMessages } from "./messages";
import { type ActivityActions } from "./activity";

/** GET /auth/oidc/options: whether the login screen offers single sign-on, and the button's words. */
export const SsoOptionsSchema = z.object({
  enabled: z.boolean(),
  label: z.string(),
  /** OIDC_AUTO_REDIRECT: the login screen sends the browser to the provider (not with ?local=1). */
  autoRedirect: z.boolean(),
});
export type SsoOptions = z.infer<typeof SsoOptionsSchema>;

/** The one-time code the sign-in hands to the web app (in the URL's fragment, never its query). */
export const SsoExchangeInputSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{43}$/, ValidationMessages.signInCode),
});
export type SsoExchangeInput = z.infer<typeof SsoExchangeInputSchema>;

/**
 * Why a single sign-on ended on the login screen (/login?sso=REASON), in plain words. The
 * membership reasons say exactly what the password login says.
 */
export const SSO_FAILURES = {
  NOT_CONFIGURED: "Single sign-on is not set up on this server. Log in with your email and password.",
  UNAVAILABLE:
    "The single sign-on provider could not be reached. Try again in a moment, or log in with your password.",
  FAILED: "Single sign-on did not finish. Please try again.",
  CANCELLED: "Single sign-on was cancelled at the provider. Nothing was changed.",
  EMAIL_UNVERIFIED:
    "Your single sign-on account has no confirmed email address, so it cannot be matched to a membership. Confirm your address with the provider, or log in with your password.",
  OTHER_ACCOUNT:
    "Your membership is already linked to another single sign-on account. Log in with your password, or ask an admin.",
  INVITE_REQUIRED:
    "No membership uses this account, and joining this club needs an invite. Ask an admin for an invite link.",
  REGISTRATION_CLOSED:
    "No membership uses this account, and registration is closed. Ask an admin for an invite.",
  MEMBERSHIP_PENDING: ServerMessages.membershipPending,
  MEMBERSHIP_DEACTIVATED: ServerMessages.membershipDeactivated,
  CODE_INVALID: "This sign-in did not finish in time. Please sign in again.",
} as const;
export type SsoFailure = keyof typeof SSO_FAILURES;

export const isSsoFailure = (value: string | null): value is SsoFailure =>
  value !== null && Object.hasOwn(SSO_FAILURES, value);

/** POST /auth/oidc/exchange: the usual token pair, the member's email, and where to go next. */
export const SsoSignInSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  email: z.string(),
  next: z.string(),
});
export type SsoSignIn = z.infer<typeof SsoSignInSchema>;

/** Single sign-on's exchange changes no club data and records no entry (its joins are auth's). */
export const SSO_ACTIONS = ["sso.exchange"] as const satisfies ActivityActions<"sso">;

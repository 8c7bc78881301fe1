import type {
  ConfirmEmailInput,
  LoginInput,
  LoginTotpInput,
  MfaRequired,
  TotpStatus,
  PasskeyLoginInput,
  RegisterInput,
  ResetPasswordInput,
} from "@club/shared";
import {
  createAuthSender,
  createSessionAuthApi,
  type AuthSender,
  type FetchFn,
  type LoginResult,
} from "./authApi";
import { ApiError } from "./errors";

/**
 * The login, registration, password and single sign-on screens' calls: a module of their own, so
 * the first screen, which needs only the session's token calls (lib/authApi.ts), does not carry them.
 */
export function createAuthCalls({ send, sendParsed }: AuthSender) {
  return {
    /** The pair; for a member with two-factor sign-in, the token of the second step (loginTotp). */
    login: (input: LoginInput): Promise<LoginResult | MfaRequired> =>
      sendParsed("POST", "/login", input, (s) => s.LoginAnswerSchema),

    /** The second step: the mfaToken of login and the app's code or a recovery code. */
    loginTotp: (input: LoginTotpInput): Promise<LoginResult> =>
      sendParsed("POST", "/login/totp", input, (s) => s.LoginResultSchema),

    /** A sign-in with a passkey: a fresh challenge for navigator.credentials.get(), naming no account. */
    passkeyOptions: () =>
      sendParsed("POST", "/login/passkey/options", undefined, (s) => s.PasskeyOptionsSchema),

    /** The browser's signed answer to passkeyOptions, for the token pair, as login gives it. */
    passkeyLogin: (input: PasskeyLoginInput): Promise<LoginResult> =>
      sendParsed("POST", "/login/passkey", input, (s) => s.LoginResultSchema),

    register: (input: RegisterInput) =>
      sendParsed("POST", "/api/Register/register", input, (s) => s.MessageSchema),

    confirmEmail: ({ token, email }: ConfirmEmailInput) =>
      sendParsed(
        "GET",
        `/api/Register/confirmemail?${new URLSearchParams({ token, email }).toString()}`,
        undefined,
        (s) => s.MessageSchema,
      ),

    resendConfirmation: (input: { email: string }) =>
      sendParsed("POST", "/api/Register/resendConfirmation", input, (s) => s.MessageSchema),

    /** Emails a link to choose a new password (the same answer whether or not the address is a member's). */
    forgotPassword: (input: { email: string }) =>
      sendParsed("POST", "/api/Register/forgotPassword", input, (s) => s.MessageSchema),

    /** Sets a new password with the emailed link's token; every session of the member ends. */
    resetPassword: (input: ResetPasswordInput) =>
      sendParsed("POST", "/api/Register/resetPassword", input, (s) => s.MessageSchema),

    /** Whether the login screen offers single sign-on ("Sign in with ..."), and the button's label. */
    ssoOptions: () => sendParsed("GET", "/auth/oidc/options", undefined, (s) => s.SsoOptionsSchema),

    /** Trades the one-time code of a finished single sign-on for the token pair, as login does. */
    ssoExchange: (code: string) =>
      sendParsed("POST", "/auth/oidc/exchange", { code }, (s) => s.SsoSignInSchema),

    /** The member's two-factor sign-in (GET /api/Account/Totp): whether the club asks them to set it up. */
    twoFactorStatus: (accessToken: string): Promise<TotpStatus> =>
      send("GET", "/api/Account/Totp", { accessToken }).then(({ status, payload }) => {
        const setupRequired = (payload as { setupRequired?: unknown } | undefined)?.setupRequired;
        if (typeof setupRequired !== "boolean")
          throw new ApiError(status, "INVALID_RESPONSE", "The server's answer was not understood.");
        return payload as TotpStatus;
      }),
  };
}

/** Every session call over one fetch: the screens' and the session's (tests and the server's prerender). */
export function createAuthApi(options: { fetch: FetchFn; baseUrl?: string }) {
  const sender = createAuthSender(options);
  return { ...createSessionAuthApi(sender), ...createAuthCalls(sender) };
}

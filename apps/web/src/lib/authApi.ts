import type {
  ConfirmEmailInput,
  LoginInput,
  LoginTotpInput,
  MfaRequired,
  TotpStatus,
  PasskeyLoginInput,
  RegisterInput,
  ResetPasswordInput,
  TokenPair,
} from "@club/shared";
import type * as AuthSchemaModule from "./authSchemas";
import { ApiError } from "./errors";

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export type LoginResult = TokenPair & { email: string };

type AuthSchemas = typeof AuthSchemaModule;

/** What a zod schema's safeParse offers, without naming zod here. */
interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

// The session, which every screen has, uses this module; the response schemas (and zod with them)
// load on the first call that parses, so zod stays out of the first screen's bundle.
const loadSchemas = () => import("./authSchemas");

/**
 * The session's calls, over the REST paths of docs/product.md ("The calls") (the server serves them over REST
 * only, not over tRPC). They never refresh a token: a 401 here means wrong credentials or a dead token.
 * A call rejects with an ApiError when the server answers 4xx/5xx or with a body it does not
 * understand, and with fetch's own error when the server cannot be reached.
 */
export function createAuthApi({ fetch, baseUrl = "" }: { fetch: FetchFn; baseUrl?: string }) {
  async function send(
    method: "GET" | "POST",
    path: string,
    { body, accessToken }: { body?: unknown; accessToken?: string } = {},
  ): Promise<{ status: number; payload: unknown }> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw ApiError.fromBody(response.status, payload);
    return { status: response.status, payload };
  }

  async function sendParsed<T>(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    schemaOf: (schemas: AuthSchemas) => Parser<T>,
  ): Promise<T> {
    const schemas = loadSchemas();
    schemas.catch(() => undefined); // awaited below, unless the call itself fails first
    const { status, payload } = await send(method, path, { body });
    const parsed = schemaOf(await schemas).safeParse(payload);
    if (!parsed.success)
      throw new ApiError(status, "INVALID_RESPONSE", "The server's answer was not understood.");
    return parsed.data;
  }

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

    /** Revokes the refresh token (and every token rotated from the same login). */
    logout: async (refreshToken: string): Promise<void> => {
      await send("POST", "/api/Register/logout", { body: { refreshToken } });
    },

    /** Trades a refresh token for a new pair; the one sent becomes invalid. */
    refresh: (refreshToken: string): Promise<TokenPair> =>
      sendParsed("POST", "/api/Register/refresh", { refreshToken }, (s) => s.TokenPairSchema),

    /** The member's two-factor sign-in (GET /api/Account/Totp): whether the club asks them to set it up. */
    twoFactorStatus: (accessToken: string): Promise<TotpStatus> =>
      send("GET", "/api/Account/Totp", { accessToken }).then(({ status, payload }) => {
        const setupRequired = (payload as { setupRequired?: unknown } | undefined)?.setupRequired;
        if (typeof setupRequired !== "boolean")
          throw new ApiError(status, "INVALID_RESPONSE", "The server's answer was not understood.");
        return payload as TotpStatus;
      }),

    /** Resolves when the access token is valid, with the email it belongs to (if the server says). */
    validateToken: async (accessToken: string): Promise<{ email: string | null }> => {
      const { payload } = await send("POST", "/api/Register/validateToken", { accessToken });
      const email = (payload as { email?: unknown } | undefined)?.email;
      return { email: typeof email === "string" ? email : null };
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

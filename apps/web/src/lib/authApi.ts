import type { TokenPair } from "@club/shared";
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
export function createAuthSender({ fetch, baseUrl = "" }: { fetch: FetchFn; baseUrl?: string }) {
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

  return { send, sendParsed };
}

export type AuthSender = ReturnType<typeof createAuthSender>;

/** What every screen's session needs: the token calls and the logout (the first screen has these). */
export function createSessionAuthApi({ send, sendParsed }: AuthSender) {
  return {
    /** Revokes the refresh token (and every token rotated from the same login). */
    logout: async (refreshToken: string): Promise<void> => {
      await send("POST", "/api/Register/logout", { body: { refreshToken } });
    },

    /** Trades a refresh token for a new pair; the one sent becomes invalid. */
    refresh: (refreshToken: string): Promise<TokenPair> =>
      sendParsed("POST", "/api/Register/refresh", { refreshToken }, (s) => s.TokenPairSchema),

    /** Resolves when the access token is valid, with the email it belongs to (if the server says). */
    validateToken: async (accessToken: string): Promise<{ email: string | null }> => {
      const { payload } = await send("POST", "/api/Register/validateToken", { accessToken });
      const email = (payload as { email?: unknown } | undefined)?.email;
      return { email: typeof email === "string" ? email : null };
    },
  };
}

export type AuthApi = ReturnType<typeof createSessionAuthApi>;

import type { FetchFn } from "./authApi";
import { createAuthApi } from "./authCalls";
import type { KeyValueStorage } from "./session";

/** An in-memory stand-in for window.localStorage. */
export class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.data.set(key, value);
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  snapshot() {
    return Object.fromEntries(this.data);
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export interface FakeServerOptions {
  /** Access tokens the server accepts. */
  validAccess?: string[];
  /** Refresh token -> the pair it is traded for. Used tokens are rotated away. */
  refreshPairs?: Record<string, { accessToken: string; refreshToken: string }>;
  /** Milliseconds the refresh call takes (to let concurrent 401s pile up). */
  refreshDelayMs?: number;
  /** Makes the refresh call fail at the network level. */
  refreshNetworkError?: boolean;
  /** Answers 401 to every tRPC call and upload, even with a freshly refreshed token. */
  rejectAll?: boolean;
  /** Members POST /login accepts: email -> password. */
  members?: Record<string, string>;
}

/**
 * A fake of the server's auth behaviour and a tRPC endpoint, for fetch-injected unit tests:
 * POST /login, POST /api/Register/validateToken, POST /api/Register/refresh, /trpc/* (batched or
 * not) and POST /upload. Every call is recorded. `auth` is an authApi over this server.
 */
export function fakeServer(opts: FakeServerOptions = {}) {
  const validAccess = new Set(opts.validAccess ?? []);
  const refreshPairs = new Map(Object.entries(opts.refreshPairs ?? {}));
  const calls: { path: string; method: string; authorization: string | null; body: string | null }[] = [];

  const authorized = (headers: Headers) => {
    const header = headers.get("authorization");
    return !opts.rejectAll && header !== null && validAccess.has(header.replace(/^Bearer /, ""));
  };

  const fetch: FetchFn = async (input, init) => {
    const url = new URL(input, "http://club.test");
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === "string" ? init.body : null;
    const method = init?.method ?? "GET";
    calls.push({ path: url.pathname, method, authorization: headers.get("authorization"), body });

    if (url.pathname === "/login") {
      const { email, password } = JSON.parse(body ?? "{}") as { email?: string; password?: string };
      if (!email || opts.members?.[email] !== password) {
        return json(401, { error: { code: "UNAUTHORIZED", message: "Invalid email or password." } });
      }
      const accessToken = `access-for-${email}`;
      validAccess.add(accessToken);
      return json(200, { accessToken, refreshToken: `refresh-for-${email}`, email });
    }
    if (url.pathname === "/api/Register/validateToken") {
      return authorized(headers)
        ? json(200, { valid: true, email: "member@club.test" })
        : json(401, { error: { code: "UNAUTHORIZED", message: "Invalid or expired token." } });
    }
    if (url.pathname === "/api/Register/refresh") {
      if (opts.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, opts.refreshDelayMs));
      if (opts.refreshNetworkError) throw new TypeError("fetch failed");
      const { refreshToken } = JSON.parse(body ?? "{}") as { refreshToken?: string };
      const pair = refreshToken ? refreshPairs.get(refreshToken) : undefined;
      if (!refreshToken || !pair) {
        return json(401, { error: { code: "UNAUTHORIZED", message: "Invalid or expired refresh token." } });
      }
      refreshPairs.delete(refreshToken);
      validAccess.add(pair.accessToken);
      return json(200, pair);
    }
    if (url.pathname === "/upload") {
      return authorized(headers) ? json(201, { ok: true }) : json(401, { error: { code: "UNAUTHORIZED" } });
    }
    if (url.pathname.startsWith("/trpc/")) {
      const paths = url.pathname.slice("/trpc/".length).split(",");
      const results = paths.map((path) =>
        authorized(headers)
          ? { result: { data: { path, ok: true } } }
          : {
              error: {
                message: "Authentication required.",
                code: -32001,
                data: { code: "UNAUTHORIZED", httpStatus: 401, path },
              },
            },
      );
      const batched = url.searchParams.get("batch") === "1";
      const status = results.every((r) => "result" in r) ? 200 : results.length > 1 ? 207 : 401;
      return json(status, batched ? results : results[0]);
    }
    return json(404, { error: { code: "NOT_FOUND" } });
  };

  const count = (path: string) => calls.filter((call) => call.path === path).length;
  const auth = createAuthApi({ fetch, baseUrl: "http://club.test" });
  return { fetch, auth, calls, count, validAccess };
}

import { MEMBER_HINT_COOKIE, SESSION_KEYS, type TokenPair } from "@club/shared";
import type { AuthApi } from "./authApi";
import { ApiError } from "./errors";
import { withBase } from "./basePath";

/** The slice of window.localStorage the session needs (injected, so tests can use a Map). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionSnapshot {
  accessToken: string;
  refreshToken: string | null;
  email: string | null;
}

/** What start() found: kept as is, refreshed, cleared, nothing stored, or server unreachable (kept). */
export type StartOutcome = "valid" | "refreshed" | "cleared" | "none" | "unreachable";

export interface SessionOptions {
  storage: KeyValueStorage;
  /** The REST calls the session makes (lib/authApi.ts). */
  auth: Pick<AuthApi, "refresh" | "validateToken">;
  /** Called when the server rejected the refresh token and the session was cleared. */
  onExpired?: () => void;
}

export interface Session {
  /** The stored session, or null when logged out. Stable between changes (useSyncExternalStore). */
  getSnapshot: () => SessionSnapshot | null;
  accessToken: () => string | null;
  subscribe: (listener: () => void) => () => void;
  /** Stores the tokens and email of a successful login. */
  login: (pair: TokenPair & { email: string }) => void;
  /** Stores a new token pair (after a refresh). */
  setTokens: (pair: TokenPair) => void;
  /** Removes tokens and email. */
  clear: () => void;
  /**
   * Trades the stored refresh token for a new pair and stores it. Single flight: concurrent callers
   * share one request. Resolves true on success; on a rejection by the server the session is cleared.
   */
  refresh: () => Promise<boolean>;
  /** docs/product.md (The session), session start: validate the stored access token, refresh if invalid, else clear. */
  start: () => Promise<StartOutcome>;
  /** Re-reads storage (another tab changed it). */
  reload: () => void;
}

/**
 * The member hint (pageContract.ts) as document.cookie takes it: set while a member is signed in
 * on this browser, cleared otherwise. The server keeps opener isolation on public pages for it.
 */
export const memberHintCookie = (signedIn: boolean): string =>
  `${MEMBER_HINT_COOKIE}=${signedIn ? "1; max-age=31536000" : "; max-age=0"}; path=${withBase("/")}; samesite=lax`;

export function createSession({ storage, auth, onExpired }: SessionOptions): Session {
  const listeners = new Set<() => void>();
  let snapshot: SessionSnapshot | null = null;
  let inflight: Promise<boolean> | null = null;

  const read = (key: string): string | null => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null) => {
    // The server keeps its opener isolation on public pages for a signed-in browser (pageContract.ts).
    if (key === SESSION_KEYS.accessToken && typeof document !== "undefined")
      document.cookie = memberHintCookie(value !== null);
    try {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
    } catch {
      // Storage full or disabled: the session then lives only until the page closes.
    }
  };

  const changed = () => {
    for (const listener of [...listeners]) listener();
  };

  // Storage is re-read on every call (three getItem calls), so a change made behind the session's
  // back (devtools, a test, another tab before its storage event) is still seen; the object stays
  // the same while nothing changed, as useSyncExternalStore requires.
  const getSnapshot = (): SessionSnapshot | null => {
    const accessToken = read(SESSION_KEYS.accessToken);
    if (!accessToken) {
      snapshot = null;
      return snapshot;
    }
    const refreshToken = read(SESSION_KEYS.refreshToken);
    const email = read(SESSION_KEYS.email);
    if (
      !snapshot ||
      snapshot.accessToken !== accessToken ||
      snapshot.refreshToken !== refreshToken ||
      snapshot.email !== email
    ) {
      snapshot = { accessToken, refreshToken, email };
    }
    return snapshot;
  };

  const setTokens = (pair: TokenPair) => {
    write(SESSION_KEYS.accessToken, pair.accessToken);
    write(SESSION_KEYS.refreshToken, pair.refreshToken);
    changed();
  };

  const clear = () => {
    write(SESSION_KEYS.accessToken, null);
    write(SESSION_KEYS.refreshToken, null);
    write(SESSION_KEYS.email, null);
    changed();
  };

  const doRefresh = async (): Promise<boolean> => {
    const refreshToken = read(SESSION_KEYS.refreshToken);
    if (!refreshToken) {
      if (read(SESSION_KEYS.accessToken) || read(SESSION_KEYS.email)) clear();
      return false;
    }
    let pair: TokenPair;
    try {
      pair = await auth.refresh(refreshToken);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        // Network failure: the server never judged the token, so keep the session.
        console.error("Token refresh failed", error);
        return false;
      }
      // Rejected. Only clear if another tab has not stored a newer pair meanwhile.
      if (read(SESSION_KEYS.refreshToken) === refreshToken) {
        clear();
        onExpired?.();
      }
      return false;
    }
    setTokens(pair);
    return true;
  };

  const refresh = (): Promise<boolean> => {
    inflight ??= doRefresh().finally(() => {
      inflight = null;
    });
    return inflight;
  };

  const start = async (): Promise<StartOutcome> => {
    const accessToken = read(SESSION_KEYS.accessToken);
    if (!accessToken) {
      if (read(SESSION_KEYS.refreshToken) || read(SESSION_KEYS.email)) clear();
      return "none";
    }
    let valid: { email: string | null };
    try {
      valid = await auth.validateToken(accessToken);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        return (await refresh()) ? "refreshed" : "cleared";
      if (!(error instanceof ApiError)) console.error("Token validation failed", error);
      return "unreachable";
    }
    if (valid.email !== null && valid.email !== read(SESSION_KEYS.email)) {
      write(SESSION_KEYS.email, valid.email);
      changed();
    }
    return "valid";
  };

  return {
    getSnapshot,
    accessToken: () => read(SESSION_KEYS.accessToken),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    login: (pair) => {
      write(SESSION_KEYS.accessToken, pair.accessToken);
      write(SESSION_KEYS.refreshToken, pair.refreshToken);
      write(SESSION_KEYS.email, pair.email);
      changed();
    },
    setTokens,
    clear,
    refresh,
    start,
    reload: changed,
  };
}

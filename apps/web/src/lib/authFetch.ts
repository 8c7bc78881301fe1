import type { FetchFn } from "./authApi";
import type { Session } from "./session";

type AuthSession = Pick<Session, "accessToken" | "refresh">;

const withBearer = (init: RequestInit | undefined, token: string | null): RequestInit => {
  const headers = new Headers(init?.headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  else headers.delete("Authorization");
  return { ...init, headers };
};

/**
 * fetch for the REST calls that tRPC cannot carry (the multipart image upload): sends the bearer
 * token, and on a 401 refreshes once through the session's shared single-flight refresh and
 * retries once. If refreshing fails, the original 401 response is returned.
 * The body must be replayable (FormData, string, Blob), not a stream.
 */
export function createAuthFetch(session: AuthSession, fetchFn: FetchFn): FetchFn {
  return async (input, init) => {
    const tokenUsed = session.accessToken();
    const response = await fetchFn(input, withBearer(init, tokenUsed));
    if (response.status !== 401) return response;
    const current = session.accessToken();
    const ok = current && current !== tokenUsed ? true : await session.refresh();
    if (!ok) return response;
    return fetchFn(input, withBearer(init, session.accessToken()));
  };
}

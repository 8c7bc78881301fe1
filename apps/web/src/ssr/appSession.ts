/**
 * lib/appSession.ts for the server's prerender (vite.config.ts swaps it in for the SSR build): the
 * server renders what a visitor sees, with no browser storage, no window and no requests.
 */
import { createAuthSender, createSessionAuthApi } from "../lib/authApi";
import { createAuthFetch } from "../lib/authFetch";
import { createSession, type SessionSnapshot } from "../lib/session";

const noFetch = (): Promise<Response> => Promise.reject(new Error("no requests while prerendering"));

export const authSender = createAuthSender({ fetch: noFetch });

export const authApi = createSessionAuthApi(authSender);

export const appSession = createSession({
  storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
  auth: authApi,
});

export const authFetch = createAuthFetch(appSession, noFetch);

export function useSession(): SessionSnapshot | null {
  return null;
}

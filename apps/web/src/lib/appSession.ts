import { useSyncExternalStore } from "react";
import { SESSION_KEYS } from "@club/shared";
import { createAuthApi } from "./authApi";
import { createAuthFetch } from "./authFetch";
import { notify } from "./notify";
import { createSession, type SessionSnapshot } from "./session";

/** Login, registration, confirmation, logout and the token calls, over REST (same origin). */
export const authApi = createAuthApi({ fetch: (input, init) => window.fetch(input, init) });

/** The browser's one session, over localStorage (keys accessToken, refreshToken, email). */
export const appSession = createSession({
  storage: window.localStorage,
  auth: authApi,
  onExpired: () => notify("Your session has expired. Please log in again.", "blue"),
});

/** fetch with bearer token and one refresh-and-retry on 401 (image upload). */
export const authFetch = createAuthFetch(appSession, (input, init) => window.fetch(input, init));

// Another tab logged in, out, or refreshed the tokens.
window.addEventListener("storage", (event) => {
  if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key))
    appSession.reload();
});

/** The current session (null when logged out); re-renders on login, logout and refresh. */
export function useSession(): SessionSnapshot | null {
  return useSyncExternalStore(appSession.subscribe, appSession.getSnapshot);
}

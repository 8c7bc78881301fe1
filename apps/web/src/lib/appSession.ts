import { useSyncExternalStore } from "react";
import { SESSION_KEYS } from "@club/shared";
import { createAuthSender, createSessionAuthApi } from "./authApi";
import { createAuthFetch } from "./authFetch";
import { notify } from "./notify";
import { createSession, memberHintCookie, type SessionSnapshot } from "./session";
import { withBase } from "./basePath";

/** The session calls' REST sender (same origin, under APP_URL's path). */
export const authSender = createAuthSender({ fetch: (input, init) => window.fetch(withBase(input), init) });

/** The token calls and the logout; the sign-in screens' calls are lib/authScreens.ts's. */
export const authApi = createSessionAuthApi(authSender);

/** The browser's one session, over localStorage (keys accessToken, refreshToken, email). */
export const appSession = createSession({
  storage: window.localStorage,
  auth: authApi,
  onExpired: () => notify("Your session has expired. Please log in again.", "blue"),
});

/** fetch with bearer token and one refresh-and-retry on 401 (image upload). */
export const authFetch = createAuthFetch(appSession, (input, init) => window.fetch(withBase(input), init));

// The member hint follows the stored session on every page load (a session stored before the
// hint existed, or the cookie cleared on its own).
document.cookie = memberHintCookie(appSession.getSnapshot() !== null);

// Another tab logged in, out, or refreshed the tokens.
window.addEventListener("storage", (event) => {
  if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key))
    appSession.reload();
});

/**
 * The current session (null when logged out); re-renders on login, logout and refresh. While the
 * app hydrates the server's markup it is the visitor's (null), as the server rendered it; React then
 * renders again with the stored session (a member's view).
 */
export function useSession(): SessionSnapshot | null {
  return useSyncExternalStore(appSession.subscribe, appSession.getSnapshot, visitor);
}
const visitor = () => null;

/**
 * Where the login screen sends a member afterwards. A visitor who tries a member action or opens a
 * member screen is sent to /login?next=<where they were>; after logging in they go back there.
 * `next` comes from the URL, so anyone can craft it: only a path of this app is followed (never
 * another origin, a protocol-relative //host, a backslash trick or a javascript: URL), else "/".
 */

/** The screens of the session itself: returning to them after a login makes no sense. */
const AUTH_PATHS = [
  "/login",
  "/login/sso",
  "/register",
  "/confirm-email",
  "/forgot-password",
  "/reset-password",
];

const MAX_NEXT_LENGTH = 2000;
const BASE = "https://club.invalid";

const isAuthPath = (pathname: string) =>
  AUTH_PATHS.some((path) => pathname === path || pathname === `${path}/`);

/** The same-origin path (with query and hash) that `raw` names, or "/" when it is not a safe one. */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || raw.length > MAX_NEXT_LENGTH) return "/";
  // Browsers read "\" as "/" and drop tabs and newlines: "/\evil.example" would leave the site.
  if (!raw.startsWith("/") || raw.startsWith("//") || /[\\\s]/.test(raw) || hasControlChar(raw)) return "/";
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE || isAuthPath(url.pathname)) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlChar(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The page a visitor is on, as a `next` worth coming back to (null on Home and the session's screens). */
export function nextFromLocation(location: {
  pathname: string;
  search: string;
  hash: string;
}): string | null {
  if (location.pathname === "/" || isAuthPath(location.pathname)) return null;
  const next = `${location.pathname}${location.search}${location.hash}`;
  return safeNextPath(next) === next ? next : null;
}

/** /login, with where to go afterwards and the email to pre-fill, when there are. */
export function loginPath(opts: { next?: string | null; email?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (opts.email) params.set("email", opts.email);
  if (opts.next && safeNextPath(opts.next) !== "/") params.set("next", opts.next);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}

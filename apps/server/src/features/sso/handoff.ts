import type { Config } from "../../config";
import { randomToken, sha256 } from "../../platform/tokens";

/**
 * One-time codes that carry a finished sign-in from the server's callback to the web app: the
 * callback redirects to /login/sso#code=..., and the page trades the code for the usual token
 * pair (ssoExchange). The tokens never appear in a URL. A code is good once, for one minute; the
 * codes live in the server's memory (one process), keyed by their hash.
 */
export const HANDOFF_TTL_MS = 60 * 1000;
const MAX_WAITING = 1000;

interface Waiting {
  memberId: number;
  next: string;
  expiresAt: number;
}

const stores = new WeakMap<Config, Map<string, Waiting>>();

function storeOf(config: Config): Map<string, Waiting> {
  let store = stores.get(config);
  if (!store) stores.set(config, (store = new Map<string, Waiting>()));
  return store;
}

export function createHandoff(config: Config, memberId: number, next: string, now: number): string {
  const store = storeOf(config);
  for (const [key, waiting] of store) if (waiting.expiresAt <= now) store.delete(key);
  // Many sign-ins left unfinished: the oldest make room (a Map keeps insertion order).
  while (store.size >= MAX_WAITING) store.delete(store.keys().next().value as string);
  const code = randomToken();
  store.set(sha256(code), { memberId, next, expiresAt: now + HANDOFF_TTL_MS });
  return code;
}

/** The sign-in behind a code, once; null for an unknown, used or expired code. */
export function takeHandoff(config: Config, code: string, now: number): Omit<Waiting, "expiresAt"> | null {
  const store = storeOf(config);
  const key = sha256(code);
  const waiting = store.get(key);
  store.delete(key);
  if (!waiting || waiting.expiresAt <= now) return null;
  return { memberId: waiting.memberId, next: waiting.next };
}

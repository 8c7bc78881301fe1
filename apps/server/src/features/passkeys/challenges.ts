import type { Config } from "../../config";

/**
 * The challenges the server has handed out and not yet seen answered: each good once, for five
 * minutes, for what it was made for (adding a passkey, or a sign-in). They
 * live in the server's memory (one process), keyed by the challenge itself: the browser's answer
 * carries it inside its signed client data, so nothing else needs to come back.
 */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Challenges left unanswered at most; beyond it the oldest make room. */
const MAX_WAITING = 1000;

/**
 * What a challenge is for: a new passkey, or a sign-in. A challenge vouches for an answer's
 * freshness, not for who sends it: a new passkey goes to the account of the session that sends
 * the answer, and a sign-in to the passkey's member.
 */
export type ChallengePurpose = { kind: "register" } | { kind: "login" };

interface Waiting {
  purpose: ChallengePurpose;
  expiresAt: number;
}

const stores = new WeakMap<Config, Map<string, Waiting>>();

function storeOf(config: Config): Map<string, Waiting> {
  let store = stores.get(config);
  if (!store) stores.set(config, (store = new Map<string, Waiting>()));
  return store;
}

export function keepChallenge(
  config: Config,
  challenge: string,
  purpose: ChallengePurpose,
  now: number,
): void {
  const store = storeOf(config);
  for (const [key, waiting] of store) if (waiting.expiresAt <= now) store.delete(key);
  while (store.size >= MAX_WAITING) store.delete(store.keys().next().value as string);
  store.set(challenge, { purpose, expiresAt: now + CHALLENGE_TTL_MS });
}

/** What the challenge was made for, once; null for an unknown, used or expired one. */
export function takeChallenge(config: Config, challenge: string, now: number): ChallengePurpose | null {
  const store = storeOf(config);
  const waiting = store.get(challenge);
  store.delete(challenge);
  if (!waiting || waiting.expiresAt <= now) return null;
  return waiting.purpose;
}

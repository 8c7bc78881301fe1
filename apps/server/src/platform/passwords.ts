import type argon2Module from "argon2";
import pLimit from "p-limit";
import { ServerMessages } from "@club/shared";
import { ServiceUnavailableError } from "../kernel/errors";

type Argon2 = typeof argon2Module;

let loaded: Promise<Argon2> | undefined;

/**
 * argon2, a native addon, loaded on the first password hashed or checked instead of at start (its
 * module and addon were ~20 ms of the start; docs/benchmarks.md). The server
 * loads it a second after it listens (server.ts): an install without a working addon still stops
 * the server, with argon2's own error.
 */
export const loadArgon2 = (): Promise<Argon2> =>
  (loaded ??= import("argon2").then((module) => module.default));

/** OWASP's argon2id recommendation: 19 MiB memory, 2 iterations, 1 lane. The only hashes the app makes. */
export const PASSWORD_HASH_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const options = (argon2: Argon2) => ({ type: argon2.argon2id, ...PASSWORD_HASH_PARAMS }) as const;

/**
 * A hash the app made: argon2id, version 19, the parameters above (in any order), a salt and a
 * digest of 16-64 bytes. Anything else (a restored or hand-made row with `m=4000000,t=4000`, which
 * would take gigabytes and minutes to check) is never given to argon2: it logs nobody in.
 */
export function isPasswordHash(hash: string): boolean {
  if (hash.length > 300) return false;
  const [empty, type, version, params, salt, digest, ...rest] = hash.split("$");
  if (empty !== "" || type !== "argon2id" || version !== "v=19" || rest.length > 0) return false;
  const b64 = /^[A-Za-z0-9+/]{22,86}$/;
  if (!salt || !digest || !b64.test(salt) || !b64.test(digest)) return false;
  const wanted = `m=${PASSWORD_HASH_PARAMS.memoryCost},p=${PASSWORD_HASH_PARAMS.parallelism},t=${PASSWORD_HASH_PARAMS.timeCost}`;
  return (params ?? "").split(",").sort().join(",") === wanted;
}

/**
 * Hashing has a queue of its own: at most HASHES_AT_ONCE run (each takes one of libuv's 4 threads
 * and 19 MiB), so that the threads the rest of the server needs (the token check's HMAC, file
 * reads, compression) are never all taken by a login flood; at most HASHES_WAITING wait, and
 * beyond that a login is refused at once with a 503 and Retry-After instead of piling up.
 */
export const HASHES_AT_ONCE = 2;
export const HASHES_WAITING = 32;
const hashing = pLimit(HASHES_AT_ONCE);

function queued<T>(job: () => Promise<T>): Promise<T> {
  if (hashing.pendingCount >= HASHES_WAITING)
    throw new ServiceUnavailableError(ServerMessages.passwordsBusy, "PASSWORDS_BUSY", 2);
  return hashing(job);
}

/** Hashes being computed and waiting now (for tests and the benchmark). */
export const hashQueue = () => ({ active: hashing.activeCount, waiting: hashing.pendingCount });

export const hashPassword = (password: string) =>
  queued(async () => {
    const argon2 = await loadArgon2();
    return argon2.hash(password, options(argon2));
  });

/** Whether the password matches; false for a hash the app does not make (see isPasswordHash). */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (!isPasswordHash(hash)) return false;
  return queued(async () => {
    const argon2 = await loadArgon2();
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

/** Verifying against this when the email is unknown keeps login timing uniform. */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = () =>
  (dummyHash ??= hashPassword("not-a-real-password-0000").catch((error: unknown) => {
    dummyHash = undefined; // a full queue: the next login makes it
    throw error;
  }));

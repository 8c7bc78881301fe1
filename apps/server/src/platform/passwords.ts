import type argon2Module from "argon2";

type Argon2 = typeof argon2Module;

let loaded: Promise<Argon2> | undefined;

/**
 * argon2, a native addon, loaded on the first password hashed or checked instead of at start (its
 * module and addon were ~20 ms of the start; docs/benchmarks.md, "Start, session 9"). The server
 * loads it a second after it listens (server.ts): an install without a working addon still stops
 * the server, with argon2's own error.
 */
export const loadArgon2 = (): Promise<Argon2> =>
  (loaded ??= import("argon2").then((module) => module.default));

/** OWASP's argon2id recommendation: 19 MiB memory, 2 iterations, 1 lane. */
const options = (argon2: Argon2) =>
  ({ type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 }) as const;

export const hashPassword = async (password: string) => {
  const argon2 = await loadArgon2();
  return argon2.hash(password, options(argon2));
};

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const argon2 = await loadArgon2();
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash is one argon2 can check (not "!", a member without a password login). */
export const isPasswordHash = (hash: string): boolean => hash.startsWith("$argon2");

/** Verifying against this when the email is unknown keeps login timing uniform. */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = () => (dummyHash ??= hashPassword("not-a-real-password-0000"));

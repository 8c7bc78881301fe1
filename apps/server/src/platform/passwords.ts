import argon2 from "argon2";

/** OWASP's argon2id recommendation: 19 MiB memory, 2 iterations, 1 lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
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

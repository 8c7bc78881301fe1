import { asc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { passkeys } from "../schema";

// Verifying a passkey (WebAuthn) lives in the server (apps/server/src/features/passkeys).

export type PasskeyRow = typeof passkeys.$inferSelect;

export interface NewPasskey {
  memberId: number;
  name: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string | null;
  createdAt: string;
}

export const insertPasskey = (db: Db, values: NewPasskey): PasskeyRow =>
  db.insert(passkeys).values(values).returning().get();

/** A member's passkeys, oldest first. */
export const listPasskeys = (db: Db, memberId: number): PasskeyRow[] =>
  db.select().from(passkeys).where(eq(passkeys.memberId, memberId)).orderBy(asc(passkeys.id)).all();

export const findPasskey = (db: Db, id: number): PasskeyRow | undefined =>
  db.select().from(passkeys).where(eq(passkeys.id, id)).get();

export const findPasskeyByCredentialId = (db: Db, credentialId: string): PasskeyRow | undefined =>
  db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).get();

export const renamePasskey = (db: Db, id: number, name: string): PasskeyRow | undefined =>
  db.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning().get();

/** After a sign-in: the authenticator's new counter and when it was used. */
export const touchPasskey = (db: Db, id: number, counter: number, at: string): void => {
  db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id)).run();
};

export const deletePasskey = (db: Db, id: number): void => {
  db.delete(passkeys).where(eq(passkeys.id, id)).run();
};

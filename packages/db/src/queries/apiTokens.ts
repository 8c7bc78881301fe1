import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { apiTokens, members } from "../schema";

// API tokens are stored by their SHA-256 hash only; making and hashing them lives in the server
// (apps/server/src/platform/apiTokens.ts).

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export interface NewApiToken {
  memberId: number;
  name: string;
  /** "read" or "read,write". */
  scopes: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string | null;
}

export const insertApiToken = (db: Db, values: NewApiToken): ApiTokenRow =>
  db.insert(apiTokens).values(values).returning().get();

/** A member's tokens, oldest first. */
export const listApiTokens = (db: Db, memberId: number): ApiTokenRow[] =>
  db.select().from(apiTokens).where(eq(apiTokens.memberId, memberId)).orderBy(asc(apiTokens.id)).all();

/** Every member's tokens with the member's name, oldest first (admins). */
export const listAllApiTokens = (db: Db) =>
  db
    .select({ token: apiTokens, firstName: members.firstName, lastName: members.lastName })
    .from(apiTokens)
    .innerJoin(members, eq(members.id, apiTokens.memberId))
    .orderBy(asc(apiTokens.id))
    .all();

export const findApiToken = (db: Db, id: number): ApiTokenRow | undefined =>
  db.select().from(apiTokens).where(eq(apiTokens.id, id)).get();

/** The token with this hash and what its member may do now: one query. */
export const findApiTokenByHash = (db: Db, tokenHash: string) =>
  db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
      memberId: members.id,
      email: members.email,
      role: members.role,
      status: members.status,
      emailConfirmedAt: members.emailConfirmedAt,
    })
    .from(apiTokens)
    .innerJoin(members, eq(members.id, apiTokens.memberId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .get();

export const touchApiToken = (db: Db, id: number, at: string): void => {
  db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id)).run();
};

/** Deletes the token (of this member, when one is named); false when there is none. */
export const deleteApiToken = (db: Db, id: number, memberId?: number): boolean =>
  db
    .delete(apiTokens)
    .where(
      memberId === undefined
        ? eq(apiTokens.id, id)
        : and(eq(apiTokens.id, id), eq(apiTokens.memberId, memberId)),
    )
    .run().changes > 0;

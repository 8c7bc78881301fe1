import { findApiTokenByHash, touchApiToken, type ApiTokenRow, type Db, type Role } from "@club/db";
import type { ApiToken, ApiTokenScope } from "@club/shared";
import { randomToken, sha256 } from "./tokens";

/** The member an API token acts for (kernel/context.ts's AuthUser, with the token beside it). */
export interface ApiTokenCaller {
  id: number;
  email: string;
  role: Role;
  token: { id: number; name: string; scopes: ApiTokenScope[] };
}

/**
 * API tokens: opaque random strings a member makes for a script (features/tokens). The prefix
 * tells them from access tokens (JWTs) at a glance, for the server and for secret scanners.
 */
export const API_TOKEN_PREFIX = "club_";

/** A new token (32 random bytes) and the hash that is all the database keeps of it. */
export function newApiToken(): { token: string; hash: string } {
  const token = `${API_TOKEN_PREFIX}${randomToken()}`;
  return { token, hash: sha256(token) };
}

/** Whether a bearer token is an API token (and not an access token or a guest pass). */
export const isApiToken = (bearer: string): boolean => bearer.startsWith(API_TOKEN_PREFIX);

/**
 * lastUsedAt is written at most this often per token: each write empties the read cache
 * (platform/readCache.ts), and a script polling every second must not.
 */
const LAST_USED_RESOLUTION_MS = 60_000;

export const scopesOf = (stored: string): ApiTokenScope[] =>
  stored.split(",").filter((s): s is ApiTokenScope => s === "read" || s === "write");

/** A token's row as the API shows it (never its hash). */
export const apiTokenOf = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: scopesOf(row.scopes),
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  expiresAt: row.expiresAt,
});

/**
 * The member behind an API token, acting through it: the token is known (not revoked), not
 * expired, and its member may act now (confirmed and active). Its lastUsedAt moves on. One query,
 * and a write at most once a minute.
 */
export function memberFromApiToken(deps: { db: Db; now: () => Date }, token: string): ApiTokenCaller | null {
  if (token.length > 200) return null;
  const row = findApiTokenByHash(deps.db, sha256(token));
  if (!row) return null;
  const now = deps.now();
  if (row.expiresAt !== null && Date.parse(row.expiresAt) <= now.getTime()) return null;
  if (!row.emailConfirmedAt || row.status !== "active") return null;
  if (row.lastUsedAt === null || Date.parse(row.lastUsedAt) <= now.getTime() - LAST_USED_RESOLUTION_MS) {
    try {
      touchApiToken(deps.db, row.id, now.toISOString());
    } catch {
      // A busy database (a restore holding it) must not refuse the call: the time is a hint.
    }
  }
  return {
    id: row.memberId,
    email: row.email,
    role: row.role,
    token: { id: row.id, name: row.name, scopes: scopesOf(row.scopes) },
  };
}

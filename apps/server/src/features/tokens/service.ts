import {
  deleteApiToken,
  findApiToken,
  findMemberById,
  insertApiToken,
  listAllApiTokens,
  listApiTokens,
} from "@club/db";
import {
  TokensMessages,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
  type MemberApiToken,
} from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { NotFoundError } from "../../kernel/errors";
import { apiTokenOf, newApiToken } from "../../platform/apiTokens";
import { assertCreatorOrAdmin } from "../../kernel/permissions";
import { recordActivity } from "../activity/record";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The caller's own tokens, oldest first. */
export function listTokens(ctx: AuthedCtx): ApiToken[] {
  return listApiTokens(ctx.db, ctx.user.id).map(apiTokenOf);
}

/**
 * A new token for the caller: the answer carries the token this once; the database keeps its
 * hash. Recorded in the activity log by name and scopes.
 */
export function createToken(
  ctx: AuthedCtx,
  input: { name: string; scopes: ApiTokenScope[]; expiresInDays?: number },
): CreatedApiToken {
  const { token, hash } = newApiToken();
  const now = ctx.now();
  const expiresAt =
    input.expiresInDays === undefined
      ? null
      : new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString();
  const row = ctx.db.transaction(() => {
    const created = insertApiToken(ctx.db, {
      memberId: ctx.user.id,
      name: input.name,
      scopes: input.scopes.join(","),
      tokenHash: hash,
      createdAt: now.toISOString(),
      expiresAt,
    });
    recordActivity(ctx, "apiToken", created.id, null, {
      name: created.name,
      scopes: input.scopes,
      expiresAt,
    });
    return created;
  });
  return { id: row.id, name: row.name, scopes: input.scopes, token, expiresAt };
}

/**
 * Revokes a token: it stops working at once. Its member's own, or any member's for an admin (403
 * for another member's).
 */
export function revokeToken(ctx: AuthedCtx, input: { id: number }): void {
  const row = findApiToken(ctx.db, input.id);
  if (!row) throw new NotFoundError(TokensMessages.tokenNotFound);
  assertCreatorOrAdmin(ctx, row.memberId);
  // An admin revoking another member's token: the entry names whose it was.
  const owner = row.memberId === ctx.user.id ? undefined : findMemberById(ctx.db, row.memberId);
  ctx.db.transaction(() => {
    deleteApiToken(ctx.db, row.id);
    const named = owner ? { firstName: owner.firstName, lastName: owner.lastName } : {};
    recordActivity(ctx, "apiToken", row.id, { name: row.name, memberId: row.memberId, ...named }, null);
  });
}

/** Every member's tokens with whose they are (admins). */
export function listAllTokens(ctx: AuthedCtx): MemberApiToken[] {
  return listAllApiTokens(ctx.db).map(({ token, firstName, lastName }) => ({
    ...apiTokenOf(token),
    memberId: token.memberId,
    member: { firstName, lastName },
  }));
}

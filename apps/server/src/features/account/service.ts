import { endMemberSessions, findMemberById, replaceMemberPassword, updateMemberProfile } from "@club/db";
import { ServerMessages, type Account } from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { ForbiddenError, UnauthorizedError } from "../../kernel/errors";
import { hashPassword, verifyPassword } from "../../platform/passwords";
import { recordActivity } from "../activity/record";

const nowIso = () => new Date().toISOString();

function me(ctx: AuthedCtx) {
  const member = findMemberById(ctx.db, ctx.user.id);
  if (!member) throw new UnauthorizedError(ServerMessages.invalidToken);
  return member;
}

export function getAccount(ctx: AuthedCtx): Account {
  const m = me(ctx);
  return {
    id: m.id,
    email: m.email,
    firstName: m.firstName,
    lastName: m.lastName,
    role: m.role,
    status: m.status,
  };
}

export function updateAccount(ctx: AuthedCtx, input: { firstName: string; lastName: string }): Account {
  const m = me(ctx);
  ctx.db.transaction(() => {
    updateMemberProfile(ctx.db, m.id, input);
    recordActivity(ctx, "member", m.id, { firstName: m.firstName, lastName: m.lastName }, input);
  });
  return getAccount(ctx);
}

/**
 * Changes the password after checking the current one. Every session ends (other devices at once);
 * this device gets a new token pair and stays logged in.
 */
export async function changePassword(
  ctx: AuthedCtx,
  input: { currentPassword: string; newPassword: string },
) {
  const m = me(ctx);
  if (!(await verifyPassword(m.passwordHash, input.currentPassword)))
    throw new ForbiddenError(ServerMessages.wrongPassword, "WRONG_PASSWORD");
  const passwordHash = await hashPassword(input.newPassword);
  ctx.db.transaction(() => {
    replaceMemberPassword(ctx.db, m.id, passwordHash, nowIso());
    recordActivity(ctx, "member", m.id, null, { passwordChanged: true });
  });
  const fresh = findMemberById(ctx.db, m.id) ?? m;
  return ctx.tokens.issuePair(fresh, ctx.client ?? null);
}

/** Ends every session of the member, this one too. */
export function logoutEverywhere(ctx: AuthedCtx): { ok: true } {
  ctx.db.transaction(() => {
    endMemberSessions(ctx.db, ctx.user.id, nowIso());
    recordActivity(ctx, "member", ctx.user.id, null, { loggedOutEverywhere: true });
  });
  return { ok: true };
}

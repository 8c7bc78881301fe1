import Bowser from "bowser";
import { endSession as endSessionRow, findSession, listLiveSessions, type SessionRow } from "@club/db";
import { SessionsMessages, UNKNOWN_DEVICE, type Session } from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { NotFoundError } from "../../kernel/errors";
import { assertCreatorOrAdmin } from "../../kernel/permissions";
import { recordActivity } from "../activity/record";

/**
 * "Chrome 131.0 on Android 14", "Safari 17.4 on iOS 17.4", "Firefox 133.0 on Linux"; a program
 * bowser does not know by the first word of its user agent ("curl/8.5.0"); else "Unknown device".
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const { browser, os } = Bowser.parse(userAgent);
  const named = (name?: string, version?: string) =>
    name ? [name, version?.split(".").slice(0, 2).join(".")].filter(Boolean).join(" ") : "";
  const browserName = named(browser.name, browser.version);
  const system = named(os.name, os.versionName ?? os.version);
  if (!browserName && !system) return userAgent.trim().split(/\s/)[0]?.slice(0, 40) || UNKNOWN_DEVICE;
  if (!system) return browserName;
  if (!browserName) return system;
  return `${browserName} on ${system}`;
}

const sessionOf = (row: SessionRow, currentId: number | undefined): Session => ({
  id: row.id,
  device: deviceName(row.userAgent),
  address: row.address,
  createdAt: row.createdAt,
  lastSeenAt: row.lastSeenAt,
  current: row.id === currentId,
});

/** The member's logins that are still on, the most recently seen first; the caller's is `current`. */
export function listSessions(ctx: AuthedCtx): Session[] {
  return listLiveSessions(ctx.db, ctx.user.id, new Date().toISOString()).map((row) =>
    sessionOf(row, ctx.user.sessionId),
  );
}

/**
 * Logs one device out: its refresh token stops working, and so do its access tokens (they name
 * the session). The member's own, or any member's for an admin (a lost phone); 403 for another
 * member's, 404 for one that has ended.
 */
export function endSession(ctx: AuthedCtx, input: { id: number }): void {
  const now = new Date().toISOString();
  const row = findSession(ctx.db, input.id);
  if (!row) throw new NotFoundError(SessionsMessages.sessionNotFound);
  assertCreatorOrAdmin(ctx, row.memberId);
  if (!listLiveSessions(ctx.db, row.memberId, now).some((s) => s.id === row.id))
    throw new NotFoundError(SessionsMessages.sessionNotFound);
  ctx.db.transaction(() => {
    endSessionRow(ctx.db, row, now);
    recordActivity(ctx, "session", row.id, { device: deviceName(row.userAgent), address: row.address }, null);
  });
}

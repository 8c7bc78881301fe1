import { findPreferences, updatePreferences } from "@club/db";
import type { Preferences } from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { recordActivity } from "../activity/record";

export const getPreferences = (ctx: AuthedCtx): Preferences =>
  findPreferences(ctx.db, ctx.user.id) ?? { meetingReminders: true, duesReminders: true };

export function setPreferences(ctx: AuthedCtx, input: Preferences): Preferences {
  ctx.db.transaction(() => {
    const before = getPreferences(ctx);
    updatePreferences(ctx.db, ctx.user.id, input);
    recordActivity(ctx, "member", ctx.user.id, before, input);
  });
  return getPreferences(ctx);
}

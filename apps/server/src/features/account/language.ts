import { findMemberLanguage, updateMemberLanguage } from "@club/db";
import { isLanguage, type AccountLanguage, type Language } from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { recordActivity } from "../activity/record";
import { clubOf } from "../club/service";

/** GET /api/Account/Language: the member's choice (null: the club's) and the language they get. */
export function getAccountLanguage(ctx: AuthedCtx): AccountLanguage {
  const own = findMemberLanguage(ctx.db, ctx.user.id);
  const language = isLanguage(own) ? own : null;
  return { language, effective: language ?? clubOf(ctx).language };
}

/** PUT /api/Account/Language: the member's own language, or null to follow the club's. */
export function setAccountLanguage(ctx: AuthedCtx, input: { language: Language | null }): AccountLanguage {
  ctx.db.transaction(() => {
    const before = getAccountLanguage(ctx);
    updateMemberLanguage(ctx.db, ctx.user.id, input.language);
    recordActivity(ctx, "member", ctx.user.id, { language: before.language }, { language: input.language });
  });
  return getAccountLanguage(ctx);
}

import { findThemeByDescription, insertTheme, listThemesWithLastDate } from "@club/db";
import { ServerMessages, type NewThemeInput, type ThemeListItem } from "@club/shared";
import type { AuthedCtx, PublicCtx } from "../../api/context";
import { ConflictError } from "../../api/errors";

/** Every theme with the date it was last used (year 1 when never), sorted by name. */
export function getThemes(ctx: PublicCtx): ThemeListItem[] {
  return listThemesWithLastDate(ctx.db);
}

/** A new theme; the client's `id` is ignored and a name already taken (any case) is a 409. */
export function createTheme(ctx: AuthedCtx, input: NewThemeInput): { id: number; description: string } {
  // Synchronous check-then-insert: better-sqlite3 lets no other request run in between.
  if (findThemeByDescription(ctx.db, input.description)) throw new ConflictError(ServerMessages.themeExists);
  return insertTheme(ctx.db, input.description);
}

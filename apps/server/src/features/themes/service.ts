import {
  entityHasDependents,
  findThemeByDescription,
  insertTheme,
  listThemesWithLastDate,
  loadEntity,
  removeEntity,
  updateEntity,
} from "@club/db";
import { ServerMessages, type NewThemeInput, type ThemeListItem, type UpdateThemeInput } from "@club/shared";
import { assertCreatorOrAdmin } from "../../kernel/permissions";
import { dateIn } from "../../platform/clubTime";
import type { AuthedCtx, PublicCtx } from "../../kernel/context";
import { audited, auditedCreate } from "../activity/record";
import { ConflictError, NotFoundError } from "../../kernel/errors";

/** Every theme with the date it was last used (year 1 when never), sorted by name. */
export function getThemes(ctx: PublicCtx): ThemeListItem[] {
  return listThemesWithLastDate(ctx.db, dateIn(ctx.config.clubTimezone, ctx.now()));
}

/**
 * The rules of a theme's name and use, shared by the writes below and by undo (activity/undoRules.ts):
 * a name another theme has (any case, surrounding spaces aside) is a 409, as the database's unique
 * index would say; a theme a meeting uses cannot go away.
 */
export function assertThemeNameFree(ctx: PublicCtx, description: string, exceptId?: number): void {
  const same = findThemeByDescription(ctx.db, description);
  if (same && same.id !== exceptId) throw new ConflictError(ServerMessages.themeExists);
}

export function assertThemeUnused(ctx: PublicCtx, id: number): void {
  if (entityHasDependents(ctx.db, "theme", String(id)))
    throw new ConflictError(ServerMessages.themeInUse, "THEME_IN_USE");
}

/** A new theme; the client's `id` is ignored and a name already taken (any case) is a 409. */
export function createTheme(ctx: AuthedCtx, input: NewThemeInput): { id: number; description: string } {
  // Synchronous check-then-insert: better-sqlite3 lets no other request run in between.
  assertThemeNameFree(ctx, input.description);
  return auditedCreate(ctx, "theme", () => insertTheme(ctx.db, input.description, ctx.user.id));
}

/** The theme, or a 404; its creator and admins may correct it. */
function ownTheme(ctx: AuthedCtx, id: number) {
  const theme = loadEntity(ctx.db, "theme", String(id));
  if (!theme) throw new NotFoundError(ServerMessages.themeNotFound);
  assertCreatorOrAdmin(ctx, theme.createdBy as number | null);
  return theme;
}

/** Renames a theme; a name another theme has (any case) is a 409. */
export function updateTheme(ctx: AuthedCtx, input: UpdateThemeInput): { id: number; description: string } {
  ownTheme(ctx, input.id);
  assertThemeNameFree(ctx, input.description, input.id);
  return audited(ctx, "theme", input.id, () => {
    updateEntity(ctx.db, "theme", String(input.id), { description: input.description });
    return { result: { id: input.id, description: input.description } };
  });
}

/** Deletes a theme no meeting uses (409 otherwise). */
export function deleteTheme(ctx: AuthedCtx, input: { id: number }): { ok: true } {
  ownTheme(ctx, input.id);
  assertThemeUnused(ctx, input.id);
  return audited(ctx, "theme", input.id, () => {
    removeEntity(ctx.db, "theme", String(input.id));
    return { result: { ok: true as const } };
  });
}

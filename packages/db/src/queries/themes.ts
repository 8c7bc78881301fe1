import { and, asc, eq, lte, max, sql } from "drizzle-orm";
import { NEVER_USED_DATE, type ThemeListItem } from "@club/shared";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { meetings, themes } from "../schema";

export type ThemeRow = { id: number; description: string };

const themesWithLastDateQuery = preparedPerDb((db) =>
  db
    .select({
      id: themes.id,
      name: themes.description,
      lastDate: max(meetings.date),
      createdBy: themes.createdBy,
    })
    .from(themes)
    .leftJoin(meetings, and(eq(meetings.themeId, themes.id), lte(meetings.date, sql.placeholder("today"))))
    .groupBy(themes.id)
    .orderBy(sql`${themes.description} COLLATE NOCASE`, asc(themes.id))
    .prepare(),
);

/**
 * Every theme as {id, name, lastDate}, sorted by name (case-insensitive); one query.
 * lastDate is the latest meeting date up to today that used the theme as `YYYY-MM-DDT00:00:00`
 * (a meeting still ahead has not used it yet), or NEVER_USED_DATE when no meeting did.
 */
export function listThemesWithLastDate(db: Db, today: string): ThemeListItem[] {
  const rows = themesWithLastDateQuery(db).all({ today });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    lastDate: row.lastDate ? `${row.lastDate}T00:00:00` : NEVER_USED_DATE,
    createdBy: row.createdBy,
  }));
}

export const findThemeById = (db: Db, id: number): ThemeRow | undefined =>
  db.select({ id: themes.id, description: themes.description }).from(themes).where(eq(themes.id, id)).get();

/**
 * Two descriptions the same to the eye: compared as the unique index does (case and surrounding
 * spaces aside), and without the zero-width joiners (U+200C, U+200D), the one invisible characters
 * a name may hold.
 */
const lookAlike = (text: unknown) =>
  sql`replace(replace(lower(trim(${text})), char(8204), ''), char(8205), '')`;

/** A theme with this description, or one that looks the same (see lookAlike). */
export const findThemeByDescription = (db: Db, description: string): ThemeRow | undefined =>
  db
    .select({ id: themes.id, description: themes.description })
    .from(themes)
    .where(sql`${lookAlike(themes.description)} = ${lookAlike(description)}`)
    .get();

export const insertTheme = (db: Db, description: string, createdBy: number | null = null): ThemeRow =>
  db
    .insert(themes)
    .values({ description, createdBy })
    .returning({ id: themes.id, description: themes.description })
    .get();

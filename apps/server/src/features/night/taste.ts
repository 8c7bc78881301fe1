import { listTasteRows, type TasteRow } from "@club/db";
import { TASTE_FAVOURITES, countTags, type TasteGroup, type TasteProfile } from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A group's figures: the member's average, the room's on the same pours, how many scores. */
function figures(rows: TasteRow[]): Omit<TasteGroup, "name"> {
  const mine = rows.reduce((sum, r) => sum + r.total, 0) / rows.length;
  const room = rows.reduce((sum, r) => sum + r.roomTotal / r.roomCount, 0) / rows.length;
  return { average: round1(mine), room: round1(room), count: rows.length };
}

/** The rows grouped by a name (rows without one left out), best average first, then most scores. */
function groups(rows: TasteRow[], nameOf: (r: TasteRow) => string | null): TasteGroup[] {
  const byName = new Map<string, TasteRow[]>();
  for (const row of rows) {
    const name = nameOf(row);
    if (name !== null) byName.set(name, [...(byName.get(name) ?? []), row]);
  }
  return [...byName]
    .map(([name, list]) => ({ name, ...figures(list) }))
    .sort((a, b) => b.average - a.average || b.count - a.count || a.name.localeCompare(b.name));
}

/**
 * The member's taste, from their own scores on pours whose results show (listTasteRows keeps the
 * results rule: a hidden or still-scored pour tells neither its bottle nor the room's figure).
 */
export function getTasteProfile(ctx: AuthedCtx): TasteProfile {
  const rows = listTasteRows(ctx.db, ctx.user.id);
  const favourites = [...new Set(rows.map((r) => r.bottleId))]
    .map((bottleId) => {
      const list = rows.filter((r) => r.bottleId === bottleId);
      return { bottleId, name: list[0]!.name, ...figures(list) };
    })
    .sort((a, b) => b.average - a.average || b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, TASTE_FAVOURITES);
  return {
    byType: groups(rows, (r) => r.type),
    byCountry: groups(rows, (r) => r.country),
    tags: countTags(rows.map((r) => r.tags)),
    favourites,
    versusRoom: rows.length === 0 ? null : figures(rows),
  };
}

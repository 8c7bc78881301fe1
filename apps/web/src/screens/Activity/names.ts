import type { ActivityAction } from "@club/api";
import { sentenceText as text, type SentenceRow } from "@club/shared";
import { activityT, type ActivityT } from "./activityMessages";

/**
 * Who and what the activity log's entries name: the entry as the screen describes it, and the
 * names by id (a purchase's bottle, a meeting's theme, a bottle's brand) that its rows point at.
 */

/** What an entry needs to be described (a subset of the activity log's entry). */
export interface DescribableEntry {
  action: string;
  entity: string;
  entityId: string;
  member: { firstName: string; lastName: string } | null;
  /** Who made the change (the Activity screen learns members' names from it). */
  memberId?: number | null;
  before?: unknown;
  after?: unknown;
}

export type NameKind =
  "bottle" | "theme" | "meeting" | "brand" | "drinkType" | "country" | "state" | "member";

/** Names by id: a bottle's name, a theme's description, a meeting's date, a lookup's name. */
export type NameBook = Record<NameKind, ReadonlyMap<number, string>>;

export function emptyNameBook(): NameBook {
  return {
    bottle: new Map(),
    theme: new Map(),
    meeting: new Map(),
    brand: new Map(),
    drinkType: new Map(),
    country: new Map(),
    state: new Map(),
    member: new Map(),
  };
}

type Row = SentenceRow;

/** An entry's row before or after the change, when it is one. */
export const rowOf = (value: unknown): Row | null =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Row) : null;

/**
 * Adds the names the entries' own rows carry (a deleted bottle is no longer in the bottle list,
 * but its deletion's row has its name). Names already known win: they are the current ones.
 */
export function learnNames(book: NameBook, entries: readonly DescribableEntry[]): NameBook {
  const learned: Record<NameKind, Map<number, string>> = {
    bottle: new Map(book.bottle),
    theme: new Map(book.theme),
    meeting: new Map(book.meeting),
    brand: new Map(book.brand),
    drinkType: new Map(book.drinkType),
    country: new Map(book.country),
    state: new Map(book.state),
    member: new Map(book.member),
  };
  const learn = (kind: NameKind, id: unknown, name: string) => {
    if (typeof id === "number" && name && !learned[kind].has(id)) learned[kind].set(id, name);
  };
  for (const entry of entries) {
    if (entry.member) learn("member", entry.memberId, `${entry.member.firstName} ${entry.member.lastName}`);
    for (const row of [rowOf(entry.after), rowOf(entry.before)]) {
      if (!row) continue;
      if (entry.entity === "bottle") learn("bottle", row.id, text(row.name));
      if (entry.entity === "theme") learn("theme", row.id, text(row.description));
      if (entry.entity === "meeting") learn("meeting", row.id, text(row.date));
    }
  }
  return learned;
}

/** The member who made the change, as the sentence's subject. */
export function who(entry: DescribableEntry, t: ActivityT = activityT()): string {
  if (entry.member) return `${entry.member.firstName} ${entry.member.lastName}`;
  // A guest's pass is no member: its entries have none.
  return entry.action === ("guests.join" satisfies ActivityAction) || entry.entity === "guestScore"
    ? t("who.guest")
    : t("who.former");
}

import { z } from "zod";

// ---- The room's palate: what a night's tasters wrote and tagged, and fair averages ----

/**
 * The trimmed average: with this many scores or more, the highest and the lowest total are left
 * out before averaging (a club's guard against one outlier); with fewer, nothing is left out.
 */
export const TRIM_MIN_SCORES = 5;

/** A taster's note on a pour: a member by full name, a guest by first name (marked). */
export const RoomNoteSchema = z.object({
  by: z.string(),
  text: z.string(),
  guest: z.boolean(),
});
export type RoomNote = z.infer<typeof RoomNoteSchema>;

/** A flavour tag and how many tasters gave it. */
export const TagCountSchema = z.object({ tag: z.string(), count: z.number().int() });
export type TagCount = z.infer<typeof TagCountSchema>;

/** The totals a trimmed average is taken over: all of them, or all but one highest and one lowest. */
export function trimmedTotals(totals: readonly number[]): number[] {
  const sorted = [...totals].sort((a, b) => a - b);
  return sorted.length >= TRIM_MIN_SCORES ? sorted.slice(1, -1) : sorted;
}

/** How many tags each were given, most first (then by name), from each taster's list. */
export function countTags(lists: readonly (readonly string[])[]): TagCount[] {
  const counts = new Map<string, number>();
  for (const list of lists) for (const tag of new Set(list)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

/**
 * The consensus flavour profile: the tags more than half of the pour's tasters gave (a majority of
 * those who scored it, whether or not they tagged anything).
 */
export const consensusTags = (tags: readonly TagCount[], tasters: number): string[] =>
  tags.filter((t) => t.count * 2 > tasters).map((t) => t.tag);

/** The trimmed average in words, as the results say it beside the plain one. */
export function trimmedInWords(count: number): string {
  if (count === 0) return "No scores yet.";
  if (count < TRIM_MIN_SCORES)
    return `Fewer than ${TRIM_MIN_SCORES} scores: nothing is left out, so it is the plain average.`;
  return `The highest and the lowest of the ${count} scores are left out.`;
}

// ---- A member's taste (their journal): what they score high, beside the room ----

/** The member's average total over a group of their scores, beside the room's on the same pours. */
export const TasteGroupSchema = z.object({
  name: z.string(),
  /** The member's average total, to one decimal. */
  average: z.number(),
  /** The room's average on the same pours (every taster's scores, guests' too), to one decimal. */
  room: z.number(),
  /** How many of the member's scores. */
  count: z.number().int(),
});
export type TasteGroup = z.infer<typeof TasteGroupSchema>;

/** How many favourites a taste profile names: the member's best scored bottles. */
export const TASTE_FAVOURITES = 5;

/**
 * GET /api/Me/TasteProfile: the member's scores on pours whose results show, by drink type and by
 * country (best average first), their most given flavour tags, their best scored bottles, and
 * their average against the room's.
 */
export const TasteProfileSchema = z.object({
  byType: z.array(TasteGroupSchema),
  byCountry: z.array(TasteGroupSchema),
  tags: z.array(TagCountSchema),
  favourites: z.array(TasteGroupSchema.extend({ bottleId: z.number().int() })),
  /** Every counted score: the member's average and the room's; null without scores. */
  versusRoom: TasteGroupSchema.omit({ name: true }).nullable(),
});
export type TasteProfile = z.infer<typeof TasteProfileSchema>;

/** The member against the room, in words: "2.5 points above the room", "level with the room". */
export function versusRoomInWords(mine: number, room: number): string {
  const diff = Math.round((mine - room) * 10) / 10;
  if (diff === 0) return "level with the room";
  const points = Math.abs(diff) === 1 ? "point" : "points";
  return `${Math.abs(diff)} ${points} ${diff > 0 ? "above" : "below"} the room`;
}

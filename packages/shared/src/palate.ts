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

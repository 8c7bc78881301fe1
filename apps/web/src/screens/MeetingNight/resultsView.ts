import type { MyScore, PourResult } from "@club/shared";

export const PART_LABELS = { nose: "Nose", palate: "Palate", finish: "Finish", balance: "Balance" } as const;

export const pourTitle = (r: Pick<PourResult, "bottle" | "label">) =>
  r.bottle ? `${r.label}: ${r.bottle.name}` : r.label;

/** The flavour tags as counts, in words: "medicinal (2), smoky (1)". */
export const tagsInWords = (tags: PourResult["tags"]) =>
  tags.length === 0 ? "No flavour tags given." : tags.map((t) => `${t.tag} (${t.count})`).join(", ");

/** The consensus flavour profile in words. */
export const consensusInWords = (consensus: readonly string[]) =>
  consensus.length === 0 ? "No tag was given by most tasters." : consensus.join(", ");

/** A figure to one decimal ("83.5"), or an em dash without scores. */
export const figure = (value: number | null) => (value === null ? "—" : String(Math.round(value * 10) / 10));

/** The pours with scores, best average first (ties share a rank, as the server ranks them). */
export const ranking = (results: readonly PourResult[]) =>
  results.filter((r) => r.rank !== null).sort((a, b) => a.rank! - b.rank! || a.pour - b.pour);

/** My total beside the club's average: "+2.5", "−1", "±0". */
export function versusClub(mine: MyScore | undefined, result: PourResult): string | null {
  if (!mine || result.average === null) return null;
  const diff = Math.round((mine.total - result.average) * 10) / 10;
  return diff > 0 ? `+${diff}` : diff < 0 ? `−${Math.abs(diff)}` : "±0";
}

/**
 * When a pour's results show, in words, while they do not (the server's rule: a blind pour's after
 * its reveal, an open night's once the host closes scoring, unless the host chose live results).
 */
export const resultsWait = (result: Pick<PourResult, "revealed">) =>
  result.revealed ? "Results once the host closes scoring." : "Results after the reveal.";

/** Why the night's ranking is not there yet, or null when it shows (every pour's results are in). */
export function rankingWait(results: readonly PourResult[]): string | null {
  if (results.every((r) => r.shown)) return null;
  return results.some((r) => !r.shown && !r.revealed)
    ? "The night's ranking shows after the reveal."
    : "The night's ranking shows once the host closes scoring.";
}

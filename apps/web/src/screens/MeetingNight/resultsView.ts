import type { MyScore, PourResult } from "@club/shared";
import { formatNumber } from "../../lib/format";
import { nightText } from "./nightMessages";
import { flavourLabel } from "../../lib/flavours";

/** A score part's name in the reader's language. */
export const partLabel = (part: "nose" | "palate" | "finish" | "balance") => nightText(`part.${part}`);

export const pourTitle = (r: Pick<PourResult, "bottle" | "label">) =>
  r.bottle ? nightText("pourTitle", { label: r.label, name: r.bottle.name }) : r.label;

/** The flavour tags as counts, in words: "medicinal (2), smoky (1)". */
export const tagsInWords = (tags: PourResult["tags"]) =>
  tags.length === 0
    ? nightText("noTags")
    : tags.map((t) => nightText("tagCount", { tag: flavourLabel(t.tag), count: t.count })).join(", ");

/** The consensus flavour profile in words. */
export const consensusInWords = (consensus: readonly string[]) =>
  consensus.length === 0 ? nightText("noConsensus") : consensus.map(flavourLabel).join(", ");

/** A figure to one decimal ("83.5"), or an em dash without scores. */
export const figure = (value: number | null) =>
  value === null ? "—" : formatNumber(Math.round(value * 10) / 10, 1);

/** The pours with scores, best average first (ties share a rank, as the server ranks them). */
export const ranking = (results: readonly PourResult[]) =>
  results.filter((r) => r.rank !== null).sort((a, b) => a.rank! - b.rank! || a.pour - b.pour);

/** My total beside the club's average: "+2.5", "−1", "±0". */
export function versusClub(mine: MyScore | undefined, result: PourResult): string | null {
  if (!mine || result.average === null) return null;
  const diff = Math.round((mine.total - result.average) * 10) / 10;
  return diff > 0 ? `+${formatNumber(diff, 1)}` : diff < 0 ? `−${formatNumber(Math.abs(diff), 1)}` : "±0";
}

/**
 * When a pour's results show, in words, while they do not (the server's rule: a blind pour's after
 * its reveal, an open night's once the host closes scoring, unless the host chose live results).
 */
export const resultsWait = (result: Pick<PourResult, "revealed">) =>
  nightText(result.revealed ? "wait.closing" : "wait.reveal");

/** Why the night's ranking is not there yet, or null when it shows (every pour's results are in). */
export function rankingWait(results: readonly PourResult[]): string | null {
  if (results.every((r) => r.shown)) return null;
  return results.some((r) => !r.shown && !r.revealed)
    ? nightText("ranking.reveal")
    : nightText("ranking.closing");
}

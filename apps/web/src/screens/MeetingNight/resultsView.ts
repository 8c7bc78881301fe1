import type { MyScore, PourResult } from "@club/shared";

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

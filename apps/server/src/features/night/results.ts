import {
  listBottlePours,
  listClubScores,
  listFlight,
  listMeetingGuestScores,
  listMeetingScores,
  type MeetingScoreRow,
} from "@club/db";
import {
  SCORE_PARTS,
  consensusTags,
  countTags,
  trimmedTotals,
  type BottlePour,
  type ClubScore,
  type PourResult,
  type TasterRow,
} from "@club/shared";
import type { PublicCtx, RequestCtx } from "../../kernel/context";
import { seesMembersData } from "../../policy/privacy";
import { dramLabel, resultsShown, roomPourView } from "../../policy/secrecy";
import { viewerAt } from "../../policy/viewer";
import { meetingOrThrow } from "./access";

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A score of the night by a member or a guest (guests by first name, marked). */
type TasterScore = Pick<
  MeetingScoreRow,
  | "bottleId"
  | "nose"
  | "palate"
  | "finish"
  | "balance"
  | "note"
  | "tags"
  | "guessAbv"
  | "guessDrinkTypeId"
  | "guessStateId"
> & { firstName: string; lastName: string; guest: boolean; guestOf: string | null };

const total = (s: TasterScore) => s.nose + s.palate + s.finish + s.balance;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const average = (values: number[]) =>
  values.length === 0 ? null : round1(values.reduce((a, b) => a + b, 0) / values.length);

const fullName = (s: TasterScore) => `${s.firstName} ${s.lastName}`.trim();

const who = (s: TasterScore) => ({ firstName: s.firstName, lastName: s.lastName, guest: s.guest });

/**
 * The night's results, pour by pour, as far as they show (policy/secrecy.ts `resultsShown`:
 * a blind pour's after its reveal, an open night's once scoring closes unless the host chose live
 * results; before that only how many scored it): average, median, lowest and highest total, how many scored,
 * each part's average, the ranking; for a revealed blind pour, who guessed closest (members only:
 * policy/privacy.ts) and each taster's total, guests marked. A guest of the meeting sees
 * what a visitor sees (a guest pass of another meeting: 403). A blind pour's bottle stays hidden until it is revealed, from the host too
 * (the room's view: the results go on the big screen).
 */
export async function getResults(ctx: RequestCtx, input: { id: number }): Promise<PourResult[]> {
  const meeting = meetingOrThrow(ctx, input.id);
  const namesShown = seesMembersData(await viewerAt(ctx, meeting.id));
  // Guests' scores are in the night's results (the club's score counts them only if the host says so).
  const scores: TasterScore[] = [
    ...listMeetingScores(ctx.db, meeting.id).map((s) => ({ ...s, guest: false, guestOf: null })),
    ...listMeetingGuestScores(ctx.db, meeting.id).map((s) => ({ ...s, lastName: "", guest: true })),
  ];
  const results = listFlight(ctx.db, meeting.id).map((row): PourResult => {
    const view = roomPourView(meeting, row, row.position);
    const all = scores.filter((s) => s.bottleId === row.bottle.id);
    // Until the pour's results show (policy/secrecy.ts), only how many scored it.
    const shown = resultsShown(meeting, row);
    const mine = shown ? all : [];
    const totals = mine.map(total);
    const parts = Object.fromEntries(
      SCORE_PARTS.map((p) => [p, average(mine.map((s) => s[p]))]),
    ) as PourResult["parts"];
    let guesses: PourResult["guesses"] = null;
    if (meeting.blind && view.revealed && namesShown) {
      const abvGuesses = mine.filter((s) => s.guessAbv !== null);
      const best = Math.min(...abvGuesses.map((s) => Math.abs((s.guessAbv as number) - row.bottle.abv)));
      guesses = {
        closestAbv: abvGuesses
          .filter((s) => Math.abs((s.guessAbv as number) - row.bottle.abv) === best)
          .map((s) => ({
            ...who(s),
            guess: s.guessAbv as number,
            off: round1(Math.abs((s.guessAbv as number) - row.bottle.abv)),
          })),
        rightType: mine
          .filter((s) => s.guessDrinkTypeId !== null && s.guessDrinkTypeId === row.drinkTypeId)
          .map(who),
        rightRegion: mine.filter((s) => s.guessStateId !== null && s.guessStateId === row.stateId).map(who),
      };
    }
    const tasters: TasterRow[] | null =
      namesShown && view.revealed
        ? mine
            .map((s) => ({ ...who(s), guestOf: s.guestOf, total: total(s) }))
            .sort((a, b) => b.total - a.total || a.firstName.localeCompare(b.firstName))
        : null;
    // The room's palate (after the reveal, as every figure): notes for members, tags as counts for all.
    const tags = countTags(mine.map((s) => s.tags));
    const notes = namesShown
      ? mine
          .filter((s) => s.note.trim() !== "")
          .map((s) => ({ by: s.guest ? s.firstName : fullName(s), text: s.note.trim(), guest: s.guest }))
          .sort((a, b) => Number(a.guest) - Number(b.guest) || a.by.localeCompare(b.by))
      : [];
    return {
      pour: view.pour,
      label: dramLabel(view.pour),
      bottle: view.bottle,
      revealed: view.revealed,
      average: average(totals),
      median: median(totals),
      min: totals.length ? Math.min(...totals) : null,
      max: totals.length ? Math.max(...totals) : null,
      count: all.length,
      shown,
      parts,
      rank: null,
      guesses,
      tasters,
      trimmedAverage: average(trimmedTotals(totals)),
      notes,
      tags,
      consensus: consensusTags(tags, mine.length),
    };
  });
  // The night's ranking once every pour's results show: a ranking of some pours is none.
  if (results.every((r) => r.shown)) {
    const ranked = results
      .filter((r) => r.average !== null)
      .sort((a, b) => (b.average ?? 0) - (a.average ?? 0));
    for (const r of ranked) r.rank = ranked.findIndex((x) => x.average === r.average) + 1;
  }
  return results;
}

/** Where a bottle was poured (never at a blind night before its reveal), with the club's average each time. */
export function getBottlePours(ctx: PublicCtx, input: { id: number }): BottlePour[] {
  return listBottlePours(ctx.db, input.id).map((row) => {
    const flight = listFlight(ctx.db, row.meetingId);
    return {
      meeting: { id: row.meetingId, date: row.date, theme: row.theme },
      pour: flight.find((f) => f.bottle.id === input.id)?.position ?? 0,
      average: row.average === null ? null : round1(row.average),
      count: row.count,
    };
  });
}

/** Every scored bottle's club score (the library's column). */
export const getClubScores = (ctx: PublicCtx): ClubScore[] =>
  listClubScores(ctx.db).map((r) => ({
    bottleId: r.bottleId,
    clubScore: round1(r.clubScore),
    count: r.count,
  }));

import {
  findGuestScore,
  insertActivity,
  listFlight,
  listGuestScoresAt,
  listMemberScoresAt,
  listTastings,
  pourAt,
  upsertGuestScore,
  upsertScore,
} from "@club/db";
import { ServerMessages, type MyScore, type ScoreInput, type Tasting } from "@club/shared";
import type { AuthedCtx, GuestPass, TasterCtx } from "../../kernel/context";
import { ConflictError, ForbiddenError, NotFoundError } from "../../kernel/errors";
import { audited } from "../activity/record";
import { dramLabel, isHiddenPour } from "../../policy/secrecy";
import { meetingOrThrow } from "./access";

/** Scores change only while the host keeps scoring open (a save, and the undo of one): 409 otherwise. */
export function assertScoringOpen(meeting: { scoringOpen: boolean }): void {
  if (!meeting.scoringOpen) throw new ConflictError(ServerMessages.scoringClosed, "SCORING_CLOSED");
}

/** A guest pass is good at its own meeting only: 403 elsewhere. */
export function assertGuestOf(guest: GuestPass, meetingId: number): void {
  if (guest.meetingId !== meetingId) throw new ForbiddenError(ServerMessages.guestPassOnly);
}

/**
 * A taster's score of a pour (a member's, or a guest's): saved as they go, written again
 * when they change it (a retried request changes nothing twice), until the host closes scoring.
 */
export function setScore(ctx: TasterCtx, input: ScoreInput): MyScore {
  const { taster } = ctx;
  if (taster.kind === "guest") assertGuestOf(taster.guest, input.id);
  const meeting = meetingOrThrow(ctx, input.id);
  assertScoringOpen(meeting);
  const pour = pourAt(ctx.db, meeting.id, input.pour);
  if (!pour) throw new NotFoundError(ServerMessages.pourNotFound);
  const updatedAt = new Date().toISOString();
  const values = scoreValues(meeting.id, pour.bottleId, input, updatedAt);
  if (taster.kind === "member") {
    const memberCtx: AuthedCtx = { ...ctx, user: taster.user };
    audited(memberCtx, "score", `${meeting.id}:${pour.bottleId}:${taster.user.id}`, () => {
      upsertScore(ctx.db, { ...values, memberId: taster.user.id });
      return { result: undefined };
    });
  } else {
    writeGuestScore(ctx, values, taster.guest.id, null);
  }
  ctx.events.emit(meeting.id, { kind: "scores", pour: input.pour });
  return myScoreOf(input, updatedAt);
}

/** The row a score writes: the scale's parts, the note, the tags and the guess. */
export function scoreValues(meetingId: number, bottleId: number, input: ScoreInput, updatedAt: string) {
  return {
    meetingId,
    bottleId,
    nose: input.nose,
    palate: input.palate,
    finish: input.finish,
    balance: input.balance,
    note: input.note,
    tags: input.tags,
    guessAbv: input.guess?.abv ?? null,
    guessDrinkTypeId: input.guess?.drinkTypeId ?? null,
    guessStateId: input.guess?.stateId ?? null,
    updatedAt,
  };
}

/**
 * Writes a guest's score and its activity entry in one transaction: by the guest themselves
 * (memberId null: no member made it) or typed in from their paper sheet by the host (the host's
 * entry). The guest is in the key and the rows; not undoable, like the other guest writes.
 */
export function writeGuestScore(
  ctx: { db: AuthedCtx["db"]; action: string; requestId: string | null },
  values: ReturnType<typeof scoreValues>,
  guestId: number,
  memberId: number | null,
): void {
  const { meetingId, bottleId } = values;
  ctx.db.transaction(() => {
    const before = findGuestScore(ctx.db, meetingId, bottleId, guestId) ?? null;
    upsertGuestScore(ctx.db, { ...values, guestId });
    insertActivity(ctx.db, {
      memberId,
      action: ctx.action,
      entity: "guestScore",
      entityId: `${meetingId}:${bottleId}:${guestId}`,
      before,
      after: findGuestScore(ctx.db, meetingId, bottleId, guestId) ?? null,
      requestId: ctx.requestId,
    });
  });
}

/** What a save answers: the score as the scoring screen shows it. */
export function myScoreOf(input: ScoreInput, updatedAt: string): MyScore {
  return {
    pour: input.pour,
    nose: input.nose,
    palate: input.palate,
    finish: input.finish,
    balance: input.balance,
    total: input.nose + input.palate + input.finish + input.balance,
    note: input.note,
    tags: input.tags,
    guess: input.guess
      ? {
          abv: input.guess.abv ?? null,
          drinkTypeId: input.guess.drinkTypeId ?? null,
          stateId: input.guess.stateId ?? null,
        }
      : null,
    updatedAt,
  };
}

/** The caller's own scores of a meeting (a member's or a guest's), by pour (the scoring screen fills itself from them). */
export function getMyScores(ctx: TasterCtx, input: { id: number }): MyScore[] {
  const { taster } = ctx;
  if (taster.kind === "guest") assertGuestOf(taster.guest, input.id);
  const meeting = meetingOrThrow(ctx, input.id);
  return taster.kind === "member"
    ? scoresByPour(ctx, meeting.id, listMemberScoresAt(ctx.db, meeting.id, taster.user.id))
    : guestScoresByPour(ctx, meeting.id, taster.guest.id);
}

/** A guest's scores of a meeting, by pour (their own screen, or the host's paper-sheet dialog). */
export const guestScoresByPour = (ctx: { db: AuthedCtx["db"] }, meetingId: number, guestId: number) =>
  scoresByPour(ctx, meetingId, listGuestScoresAt(ctx.db, meetingId, guestId));

function scoresByPour(
  ctx: { db: AuthedCtx["db"] },
  meetingId: number,
  mine: ReturnType<typeof listGuestScoresAt> | ReturnType<typeof listMemberScoresAt>,
): MyScore[] {
  const pourOf = new Map(listFlight(ctx.db, meetingId).map((row) => [row.bottle.id, row.position]));
  return mine
    .flatMap((s) => {
      const pour = pourOf.get(s.bottleId);
      if (pour === undefined) return [];
      const guessed = s.guessAbv !== null || s.guessDrinkTypeId !== null || s.guessStateId !== null;
      return [
        {
          pour,
          nose: s.nose,
          palate: s.palate,
          finish: s.finish,
          balance: s.balance,
          total: s.nose + s.palate + s.finish + s.balance,
          note: s.note,
          tags: s.tags,
          guess: guessed
            ? { abv: s.guessAbv, drinkTypeId: s.guessDrinkTypeId, stateId: s.guessStateId }
            : null,
          updatedAt: s.updatedAt,
        },
      ];
    })
    .sort((a, b) => a.pour - b.pour);
}

/**
 * The caller's tasting journal: every pour they scored, newest first, with their own notes; a
 * still hidden blind pour stays "Dram N" (the room's view: the host's own journal too).
 */
export function getTastings(ctx: AuthedCtx): Tasting[] {
  const rows = listTastings(ctx.db, ctx.user.id);
  const flights = new Map<number, number[]>();
  const pourNumber = (meetingId: number, bottleId: number) => {
    let order = flights.get(meetingId);
    if (!order) flights.set(meetingId, (order = listFlight(ctx.db, meetingId).map((r) => r.bottle.id)));
    return order.indexOf(bottleId) + 1;
  };
  return rows.map((row) => {
    const pour = pourNumber(row.meetingId, row.bottle.id);
    const hidden = isHiddenPour(row, row);
    const s = row.score;
    return {
      meeting: { id: row.meetingId, date: row.date, theme: row.theme },
      pour,
      label: dramLabel(pour),
      bottle: hidden ? null : row.bottle,
      total: s.nose + s.palate + s.finish + s.balance,
      parts: { nose: s.nose, palate: s.palate, finish: s.finish, balance: s.balance },
      note: s.note,
      tags: s.tags,
      at: s.updatedAt,
    };
  });
}

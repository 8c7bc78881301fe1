import {
  insertMeetingBottle,
  isExistingBottle,
  listFlight,
  nextPourPosition,
  removeEntity,
  scoringStarted,
  updateEntity,
} from "@club/db";
import {
  FLIGHT_MAX_POURS,
  ServerMessages,
  type FlightCopyInput,
  type FlightCopyResult,
  type FlightInput,
  type FlightPour,
} from "@club/shared";
import type { AuthedCtx, RequestCtx } from "../../kernel/context";
import { ConflictError, NotFoundError } from "../../kernel/errors";
import { audited } from "../activity/record";
import { pourView } from "../../policy/secrecy";
import { viewerAt } from "../../policy/viewer";
import { assertHost, meetingOrThrow } from "./access";
import { notifyNightProgress } from "./notices";

/** The flight, pour by pour; a blind pour shows its bottle only once revealed, or to the host. */
export async function getFlight(ctx: RequestCtx, input: { id: number }): Promise<FlightPour[]> {
  const meeting = meetingOrThrow(ctx, input.id);
  const viewer = await viewerAt(ctx, meeting.id);
  return listFlight(ctx.db, meeting.id).map((row) => pourView(viewer, meeting, row, row.position));
}

/**
 * Sets the line-up in order (the host or an admin). Pours that stay keep their scores and reveal;
 * a pour taken out takes its scores with it (the activity log keeps them, so undo brings them back).
 * Each change is its own activity entry.
 *
 * A pour's number is its place. Until anyone scores, the flight is numbered 1, 2, 3... as given.
 * Once scoring has started the numbers are fixed (paper sheets and everyone's "Dram 2" point at a
 * bottle): the pours that stay keep their numbers, in their order (a reorder is a 409), a pour
 * taken out leaves its number unused, and new pours follow the last.
 */
export function setFlight(ctx: AuthedCtx, input: FlightInput): { ok: true } {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  for (const pour of input.pours)
    if (!isExistingBottle(ctx.db, pour.bottleId)) throw new NotFoundError(ServerMessages.bottleNotFound);
  const fixed = scoringStarted(ctx.db, meeting.id);
  if (fixed) {
    const before = listFlight(ctx.db, meeting.id).map((row) => row.bottle.id);
    const had = new Set(before);
    const given = new Set(input.pours.map((p) => p.bottleId));
    const kept = input.pours.filter((p) => had.has(p.bottleId)).map((p) => p.bottleId);
    const firstNew = input.pours.findIndex((p) => !had.has(p.bottleId));
    const keptInOrder = kept.join() === before.filter((id) => given.has(id)).join();
    if (!keptInOrder || (firstNew !== -1 && firstNew < kept.length))
      throw new ConflictError(ServerMessages.dramNumbersFixed, "DRAM_NUMBERS_FIXED");
  }
  ctx.db.transaction(() => {
    const keep = new Set(input.pours.map((p) => p.bottleId));
    for (const row of listFlight(ctx.db, meeting.id))
      if (!keep.has(row.bottle.id)) {
        const key = `${meeting.id}:${row.bottle.id}`;
        audited(ctx, "meetingBottle", key, () => {
          removeEntity(ctx.db, "meetingBottle", key);
          return { result: undefined };
        });
      }
    const current = new Map(listFlight(ctx.db, meeting.id).map((row) => [row.bottle.id, row]));
    let next = nextPourPosition(ctx.db, meeting.id);
    input.pours.forEach((pour, i) => {
      const key = `${meeting.id}:${pour.bottleId}`;
      const row = current.get(pour.bottleId);
      const position = fixed ? (row?.position ?? next++) : i + 1;
      if (!row)
        audited(ctx, "meetingBottle", undefined, () => {
          insertMeetingBottle(ctx.db, meeting.id, pour.bottleId);
          updateEntity(ctx.db, "meetingBottle", key, { position, pourMl: pour.pourMl });
          return { key, result: undefined };
        });
      else if (row.position !== position || row.pourMl !== pour.pourMl)
        audited(ctx, "meetingBottle", key, () => {
          updateEntity(ctx.db, "meetingBottle", key, { position, pourMl: pour.pourMl });
          return { result: undefined };
        });
    });
  });
  ctx.events.emit(meeting.id, { kind: "flight" });
  return { ok: true };
}

/**
 * "Copy the flight of a past meeting" (the host or an admin): the other meeting's pours (bottles,
 * order, pour sizes) replace this flight or follow it (a bottle already in it stays where it is).
 * Written as the flight editor's save is (setFlight: an activity entry per pour, each undoable).
 * The caller must see every bottle of the other flight: a blind pour not revealed yet is its
 * host's secret (409), and copying it would show it in this flight's editor.
 */
export async function copyFlight(
  ctx: AuthedCtx & RequestCtx,
  input: FlightCopyInput,
): Promise<FlightCopyResult> {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  if (input.fromMeetingId === meeting.id)
    throw new ConflictError(ServerMessages.flightCopySame, "FLIGHT_COPY_SAME");
  const source = meetingOrThrow(ctx, input.fromMeetingId);
  const viewer = await viewerAt(ctx, source.id);
  const pours = listFlight(ctx.db, source.id).map((row) => pourView(viewer, source, row, row.position));
  if (pours.length === 0) throw new ConflictError(ServerMessages.flightCopyEmpty, "FLIGHT_COPY_EMPTY");
  if (pours.some((p) => p.bottle === null))
    throw new ConflictError(ServerMessages.flightCopyHidden, "FLIGHT_COPY_HIDDEN");
  const copied = pours.map((p) => ({ bottleId: p.bottle!.id, pourMl: p.pourMl }));
  const current =
    input.mode === "replace"
      ? []
      : listFlight(ctx.db, meeting.id).map((row) => ({ bottleId: row.bottle.id, pourMl: row.pourMl }));
  const have = new Set(current.map((p) => p.bottleId));
  const added = copied.filter((p) => !have.has(p.bottleId));
  const next = [...current, ...added];
  if (next.length > FLIGHT_MAX_POURS)
    throw new ConflictError(ServerMessages.flightCopyTooMany, "FLIGHT_COPY_TOO_MANY");
  setFlight(ctx, { id: meeting.id, pours: next });
  return { pours: next.length, copied: added.length };
}

/** Reveals one pour, or all at once (the host or an admin); every open page hears of it at once. */
export function reveal(ctx: AuthedCtx, input: { id: number; pour?: number }): { ok: true } {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  const flight = listFlight(ctx.db, meeting.id);
  const one = input.pour === undefined ? undefined : flight.find((row) => row.position === input.pour);
  if (input.pour !== undefined && !one) throw new NotFoundError(ServerMessages.pourNotFound);
  const chosen = (one ? [one] : flight).filter((row) => !row.revealedAt);
  // Like finishing a purchase twice: nothing left to reveal is a conflict, not a silent success.
  if (chosen.length === 0) throw new ConflictError(ServerMessages.alreadyRevealed, "ALREADY_REVEALED");
  const now = new Date().toISOString();
  ctx.db.transaction(() => {
    for (const row of chosen) {
      const key = `${meeting.id}:${row.bottle.id}`;
      audited(ctx, "meetingBottle", key, () => {
        updateEntity(ctx.db, "meetingBottle", key, { revealedAt: now });
        return { result: undefined };
      });
    }
    notifyNightProgress(ctx, meeting.id);
  });
  ctx.events.emit(
    meeting.id,
    input.pour === undefined ? { kind: "reveal" } : { kind: "reveal", pour: input.pour },
  );
  return { ok: true };
}

/**
 * Hides a revealed blind pour again (the host or an admin): a reveal tapped by mistake is taken
 * back beside it. Its bottle, and everyone else's scores of it, are "Dram N" again for every page.
 */
export function hide(ctx: AuthedCtx, input: { id: number; pour: number }): { ok: true } {
  const meeting = meetingOrThrow(ctx, input.id);
  assertHost(ctx.user, meeting);
  const row = listFlight(ctx.db, meeting.id).find((r) => r.position === input.pour);
  if (!row) throw new NotFoundError(ServerMessages.pourNotFound);
  if (!meeting.blind || row.revealedAt === null)
    throw new ConflictError(ServerMessages.notRevealed, "NOT_REVEALED");
  const key = `${meeting.id}:${row.bottle.id}`;
  audited(ctx, "meetingBottle", key, () => {
    updateEntity(ctx.db, "meetingBottle", key, { revealedAt: null });
    return { result: undefined };
  });
  ctx.events.emit(meeting.id, { kind: "reveal", pour: input.pour });
  return { ok: true };
}

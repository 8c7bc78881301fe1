import {
  entityHasDependents,
  findMeetingNight,
  pourAt,
  removeEntity,
  sameRow,
  type EntityKind,
  type Snapshot,
} from "@club/db";
import { ServerMessages } from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { ConflictError } from "../../kernel/errors";
import { assertMayChangeLineup } from "../meetings/service";
import { sendMeetingNotice } from "../reminders/service";
import { assertCanAnswer, settleWaitlist, writeAnswer } from "../night/rsvp";
import { assertScoringOpen } from "../night/scores";
import { hostCandidate } from "../night/settings";
import { assertThemeNameFree, assertThemeUnused } from "../themes/service";

/**
 * Undo goes through the rules (docs/product.md, "Rules"): for each kind of entity the log can
 * undo, what the direct change would check NOW (the same functions the features' services call),
 * and what the direct change triggers (the waitlist settled and its emails, a notice, a live event).
 * activity/service.ts undo() runs them around the write; the database's own rules (migration 0008:
 * the unique theme names, the CHECK triggers) are the backstop.
 *
 * Undo's own permission (the author within 24 hours, or an admin) is not a rule of the direct
 * change: a member may undo their own bottle, though only admins delete bottles directly.
 *
 * A kind added to EntityKind without an entry here does not compile.
 */
export interface UndoCase {
  kind: EntityKind;
  key: string;
  /** The row now (undefined: gone). */
  current: Snapshot | undefined;
  /** What the undo writes back: the row before the change (null: the undo removes the row). */
  target: Snapshot | null;
}

export interface UndoRule {
  /** Whether the row is still as the change left it (default: every column equal). */
  unchanged?: (current: Snapshot | undefined, after: Snapshot) => boolean;
  /** Throws the direct change's AppError when it would be refused now (inside the transaction, before the write). */
  check?: (ctx: AuthedCtx, c: UndoCase) => void;
  /** Writes the undo itself, when it is not the plain write-back of the old row. */
  apply?: (ctx: AuthedCtx, c: UndoCase) => void;
  /** What the direct change does besides its row, inside the transaction (after the write). */
  during?: (ctx: AuthedCtx, c: UndoCase) => void;
  /** What the direct change does after its transaction (live events). */
  after?: (ctx: AuthedCtx, c: UndoCase) => void;
}

const meetingOf = (key: string) => Number(key.split(":")[0]);
const changed = (c: UndoCase, column: string) =>
  (c.current?.[column] ?? null) !== (c.target?.[column] ?? null);

export const UNDO_RULES: Record<EntityKind, UndoRule> = {
  theme: {
    check(ctx, { key, target }) {
      if (target === null) assertThemeUnused(ctx, Number(key));
      else assertThemeNameFree(ctx, String(target.description), Number(key));
    },
  },

  meeting: {
    check(ctx, c) {
      // A night's linked host must still be a member who may host (settings refuses others).
      const hostId = c.target?.hostMemberId;
      if (typeof hostId === "number" && changed(c, "hostMemberId") && !hostCandidate(ctx, hostId))
        throw new ConflictError(ServerMessages.hostNotMember, "HOST_NOT_MEMBER");
    },
    during(ctx, c) {
      const meeting = findMeetingNight(ctx.db, Number(c.key));
      if (!meeting) return;
      // Capacity back, or answers restored with the meeting: who has a place now (and their email).
      settleWaitlist(ctx, meeting);
      if (c.current === undefined) sendMeetingNotice(ctx, meeting.id, "added");
      else if (["date", "hostName", "themeId"].some((column) => changed(c, column)))
        sendMeetingNotice(ctx, meeting.id, "changed");
    },
    after(ctx, c) {
      if (c.target !== null) ctx.events.emit(Number(c.key), { kind: "settings" });
    },
  },

  meetingBottle: {
    check(ctx, c) {
      // An undone reveal hides the pour again, as the host's Hide does (flight.ts `hide`).
      assertMayChangeLineup(ctx, meetingOf(c.key));
      // A pour's number is its place: a pour brought back may not take another pour's number.
      const position = c.target?.position;
      if (typeof position === "number" && position > 0) {
        const holder = pourAt(ctx.db, meetingOf(c.key), position);
        if (holder && `${meetingOf(c.key)}:${holder.bottleId}` !== c.key)
          throw new ConflictError(ServerMessages.dramNumberTaken, "DRAM_NUMBER_TAKEN");
      }
    },
    after(ctx, c) {
      ctx.events.emit(meetingOf(c.key), { kind: "flight" });
    },
  },

  rsvp: {
    // The member's answer is what the entry changed; the waitlist's flags move with others' answers.
    unchanged: (current, after) =>
      current !== undefined && current.status === after.status && current.guests === after.guests,
    check(ctx, { key }) {
      const meeting = findMeetingNight(ctx.db, meetingOf(key));
      if (meeting) assertCanAnswer(ctx, meeting);
    },
    // Answered again as of now: an undone decline joins the end of the queue, as saying "going"
    // again would; it never takes back a place the waitlist has given someone since.
    apply(ctx, { key, target }) {
      const meeting = findMeetingNight(ctx.db, meetingOf(key));
      if (!meeting) throw new ConflictError(ServerMessages.undoConflict, "UNDO_CONFLICT");
      const memberId = Number(key.split(":")[1]);
      if (target === null) {
        removeEntity(ctx.db, "rsvp", key);
        settleWaitlist(ctx, meeting);
      } else
        writeAnswer(ctx, meeting, memberId, {
          status: target.status as "going" | "maybe" | "declined",
          guests: Number(target.guests),
        });
    },
    after(ctx, { key }) {
      ctx.events.emit(meetingOf(key), { kind: "rsvp" });
    },
  },

  score: {
    check(ctx, { key }) {
      const meeting = findMeetingNight(ctx.db, meetingOf(key));
      if (meeting) assertScoringOpen(meeting);
    },
    after(ctx, { key }) {
      ctx.events.emit(meetingOf(key), { kind: "scores" });
    },
  },

  bottle: {
    after(ctx) {
      // An undone creation or a restored bottle may leave an image nothing can bring back.
      void ctx.images.sweepSoon();
    },
  },
  instance: {},
  comment: {},
  image: {
    after(ctx) {
      void ctx.images.sweepSoon();
    },
  },
};

/** Whether the entity is as the change left it (the kind's own test, or every column). */
export const unchangedSince = (kind: EntityKind, current: Snapshot | undefined, after: Snapshot): boolean =>
  (UNDO_RULES[kind].unchanged ?? sameRow)(current, after);

/** Whether undoing a creation would take other rows away. */
export const hasDependents = (ctx: AuthedCtx, kind: EntityKind, key: string): boolean =>
  entityHasDependents(ctx.db, kind, key);

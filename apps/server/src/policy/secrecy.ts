import {
  areResultsShown,
  findMeetingNight,
  inHiddenPour,
  isHiddenPour,
  listActivity,
  loadEntity,
  visiblePour,
  visiblePourSql,
  type Db,
} from "@club/db";
import type { ActivityEntry, FlightPour, PourBottle } from "@club/shared";
import { isOwnScore, memberOf, VISITOR, type Scorer, type Viewer } from "./viewer";

/**
 * THE secrecy policy of a blind tasting (docs/product.md, "Rules"): what a viewer may see of a
 * HIDDEN pour (its meeting is blind and the host has not revealed it).
 *
 * Hidden from everyone but the night's host (the linked host, the meeting's creator, an admin):
 * - its bottle, and everything that tells which bottle it is: name, brand, type, country, region,
 *   ABV, size, price, store link, photo, aliases, the bottle's id (a link, a club score);
 * - where the bottle was poured: a hidden pour moves no figure (club scores, stats, search's
 *   "poured" and score filters, the cellar's fill levels, the bottle's "Poured at");
 * - other members' scores, guesses and notes on it. A member always sees their own.
 * Seen by everyone: that there is a "Dram N", its pour size, and the room's figures (how many
 * scored it, the average): they say nothing of the bottle.
 *
 * Every read that can carry any of that goes through this module: the flight, the results and
 * their CSV, the journal, the meeting's bottles sampled, the calendar, the activity log (entries
 * and the snapshots of deletions and merges), merges themselves. The aggregate queries in
 * packages/db use the rule's SQL form (`visiblePour`, packages/db/src/queries/secrecy.ts).
 * test/blind-leaks.test.ts walks every read of the router against a hidden pour; a read that does
 * not come here fails it.
 *
 * The activity log: an entry that mentions a pour hidden from the viewer (in its key, or anywhere
 * in its before and after: a deleted meeting's pours and scores, a deleted bottle's pours, a
 * merge's moved pours) is WITHHELD from them until the reveal, not shown with fields removed: a
 * redacted snapshot still tells how many pours a bottle had and where, and every new kind of
 * snapshot would need its own redaction. The one exception is a member's own score, shown to them
 * with the bottle taken out (their notes are theirs). A pour whose rows are gone (a deleted
 * meeting or bottle, a pour taken out of the flight) is judged by what the entry holds: its
 * meeting's blind setting and its own reveal, not by rows that no longer exist (PourSecrets).
 */
export { inHiddenPour, isHiddenPour, visiblePour, visiblePourSql };

/**
 * THE results rule (docs/product.md, "Rules", "results follow the secrecy of the night"): a pour's
 * results (its average, median, lowest and highest, each part's average, its rank, who guessed
 * what, each taster's score and note) reach NOBODY, the host included, until they may anchor no
 * one: a blind pour's once it is revealed, an open night's once the host closes scoring, or at once
 * if the host chose live results. Seen before: how many scored it, and each taster their own score.
 * Every reader and every format goes through here: the results read (the results page, the guest's
 * page, the printed results sheet), the results CSV; the club scores, the stats and a bottle's
 * "Poured at" use its SQL form (`pourResultsShown`, packages/db/src/queries/secrecy.ts).
 */
export interface ResultsRef {
  blind: boolean;
  scoringOpen: boolean;
  liveResults: boolean;
}
export const resultsShown = (meeting: ResultsRef, pour: PourState): boolean => areResultsShown(meeting, pour);

/** What a night's settings say about who runs it. */
export interface NightRef {
  blind: boolean;
  hostMemberId: number | null;
  createdBy: number | null;
}

/** Who runs the night: the member linked as host, the meeting's creator, or an admin. */
export function runsNight(viewer: Viewer, meeting: NightRef): boolean {
  const user = memberOf(viewer);
  return (
    user !== null &&
    (user.role === "admin" || meeting.hostMemberId === user.id || meeting.createdBy === user.id)
  );
}

type PourState = { revealedAt: string | null };

/** Whether the viewer may see which bottle a pour is (and everything that identifies it). */
export const seesBottle = (viewer: Viewer, meeting: NightRef, pour: PourState): boolean =>
  !isHiddenPour(meeting, pour) || runsNight(viewer, meeting);

/**
 * Whether the viewer may see one taster's score, guesses and note on a pour: anyone's once the pour
 * shows, their own always (a member's, a guest's). A member id means a member's score.
 */
export const seesScore = (
  viewer: Viewer,
  meeting: NightRef,
  pour: PourState,
  scorer: number | Scorer,
): boolean =>
  seesBottle(viewer, meeting, pour) ||
  isOwnScore(viewer, typeof scorer === "number" ? { memberId: scorer } : scorer);

export const dramLabel = (pour: number) => `Dram ${pour}`;

/** A pour as the viewer may see it: its bottle, or null while it is hidden from them. */
export function pourView(
  viewer: Viewer,
  meeting: NightRef,
  row: PourState & { pourMl: number; bottle: PourBottle },
  pour: number,
): FlightPour {
  return {
    pour,
    label: dramLabel(pour),
    bottle: seesBottle(viewer, meeting, row) ? row.bottle : null,
    revealed: !isHiddenPour(meeting, row),
    pourMl: row.pourMl,
  };
}

/**
 * The view of a screen the whole room may see (the results, the meeting's page, the calendar, a
 * journal): a hidden pour stays "Dram N" even for the host, who may be showing it on the big screen.
 */
export const roomPourView = (
  meeting: NightRef,
  row: PourState & { pourMl: number; bottle: PourBottle },
  pour: number,
) => pourView(VISITOR, meeting, row, pour);

// ---- Reads across meetings: the activity log ----

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => !!value && typeof value === "object" && !Array.isArray(value);

/** A meeting's night settings from a row (the database's, or one a snapshot holds). */
const nightOf = (row: Row): NightRef => ({
  blind: row.blind === true || row.blind === 1,
  hostMemberId: typeof row.hostMemberId === "number" ? row.hostMemberId : null,
  createdBy: typeof row.createdBy === "number" ? row.createdBy : null,
});

/**
 * The pours hidden from one viewer, for reads that cross meetings (the activity log). A pour is
 * judged by its rows as they are now; a pour whose rows are gone (its meeting or its bottle was
 * deleted, or it was taken out of the flight) by what the entry itself holds: the meeting's blind
 * setting and the pour's reveal in the snapshot, else the meeting as it is now, else as the log last
 * saw it. A pour that no longer exists is never revealed: in a blind meeting it stays hidden.
 */
export class PourSecrets {
  private readonly meetings = new Map<number, NightRef | null>();
  private readonly pours = new Map<string, PourState | null>();

  private constructor(
    private readonly db: Db,
    private readonly viewer: Viewer,
  ) {}

  static of(db: Db, viewer: Viewer): PourSecrets {
    return new PourSecrets(db, viewer);
  }

  /** The meeting as it is now, or as the log last saw it before it was deleted; null if unknown. */
  private meeting(id: number): NightRef | null {
    let found = this.meetings.get(id);
    if (found === undefined) {
      const row = findMeetingNight(this.db, id);
      if (row) found = row;
      else {
        const [last] = listActivity(this.db, { entity: "meeting", entityId: String(id), limit: 1 });
        const snapshot = last?.entry.after ?? last?.entry.before;
        found = isRow(snapshot) ? nightOf(snapshot) : null;
      }
      this.meetings.set(id, found);
    }
    return found;
  }

  /** The pour's row now, or null when it is gone. */
  private pour(meetingId: number, bottleId: number): PourState | null {
    const key = `${meetingId}:${bottleId}`;
    let found = this.pours.get(key);
    if (found === undefined) {
      const row = loadEntity(this.db, "meetingBottle", key);
      found = row ? { revealedAt: (row.revealedAt as string | null) ?? null } : null;
      this.pours.set(key, found);
    }
    return found;
  }

  /** Whether the pour of `bottleId` at `meetingId` is hidden from the viewer, as `held` tells it. */
  private hides(meetingId: number, bottleId: number, held: Holdings): boolean {
    const now = this.pour(meetingId, bottleId);
    // A meeting that is gone and that the log never saw: only an admin is sure to run it.
    const meeting = (now === null ? held.meetings.get(meetingId) : undefined) ??
      this.meeting(meetingId) ?? { blind: true, hostMemberId: null, createdBy: null };
    const pour = now ?? held.pours.get(`${meetingId}:${bottleId}`) ?? { revealedAt: null };
    return !seesBottle(this.viewer, meeting, pour);
  }

  /** The entry as the viewer may see it, or null: withheld until the reveal (see above). */
  activityEntry(entry: ActivityEntry): ActivityEntry | null {
    const held = holdings(entry);
    if (held.meetingIds.size === 0 || held.bottleIds.size === 0) return entry;
    const hiddenHere = [...held.meetingIds].some((m) =>
      [...held.bottleIds].some((b) => this.hides(m, b, held)),
    );
    if (!hiddenHere) return entry;
    const own = this.ownScore(entry);
    return own ?? null;
  }

  /** A member's own score entry on a pour hidden from them: shown, without the bottle. */
  private ownScore(entry: ActivityEntry): ActivityEntry | null {
    if (entry.entity !== "score") return null;
    const [meetingId, bottleId, memberId] = entry.entityId.split(":").map(Number);
    const me = memberOf(this.viewer);
    if (me === null || memberId !== me.id || meetingId === undefined || bottleId === undefined) return null;
    const scrub = (snapshot: unknown) =>
      snapshot && typeof snapshot === "object" && !Array.isArray(snapshot)
        ? { ...(snapshot as Record<string, unknown>), bottleId: null, _children: undefined }
        : snapshot;
    return {
      ...entry,
      entityId: `${meetingId}:hidden:${memberId}`,
      before: scrub(entry.before),
      after: scrub(entry.after),
    };
  }
}

/** Key parts of each entity kind the log writes: which are meetings, which bottles. */
const KEY_PARTS: Record<string, ("meeting" | "bottle" | "other")[]> = {
  meeting: ["meeting"],
  meetingBottle: ["meeting", "bottle"],
  score: ["meeting", "bottle", "other"],
  guestScore: ["meeting", "bottle", "other"],
  guest: ["other"],
  rsvp: ["meeting", "other"],
  bottle: ["bottle"],
  image: ["bottle"],
};

/** What an entry holds about pours: the meetings and bottles it mentions, and their rows. */
interface Holdings {
  meetingIds: Set<number>;
  bottleIds: Set<number>;
  /** The night settings of the meeting the entry is about (a meeting's own entry). */
  meetings: Map<number, NightRef>;
  /** "meetingId:bottleId" -> the reveal of each pour row the entry holds (the latest it saw). */
  pours: Map<string, PourState>;
}

/**
 * Every meeting and bottle an entry mentions: its key, and anywhere in its before and after (a
 * row's meetingId and bottleId, a bottle snapshot's own id, a merge's mergedFromId and the
 * meetings whose pours it moved), with the meeting rows and pour rows it holds. An
 * over-approximation on purpose: an entry that names a hidden pour's meeting and its bottle in two
 * places is withheld as well.
 */
function holdings(entry: ActivityEntry): Holdings {
  const meetings = new Set<number>();
  const bottles = new Set<number>();
  const meetingRows = new Map<number, NightRef>();
  const pourRows = new Map<string, PourState>();
  const parts = entry.entityId.split(":").map(Number);
  (KEY_PARTS[entry.entity] ?? []).forEach((kind, i) => {
    const id = parts[i];
    if (id === undefined || !Number.isInteger(id)) return;
    if (kind === "meeting") meetings.add(id);
    if (kind === "bottle") bottles.add(id);
  });
  const numbers = (value: unknown): number[] =>
    typeof value === "number"
      ? [value]
      : Array.isArray(value)
        ? value.flatMap((v) => (typeof v === "number" ? [v] : Array.isArray(v) ? numbers(v[0]) : []))
        : [];
  const visit = (value: unknown, top: boolean) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, false);
      return;
    }
    if (!isRow(value)) return;
    if (typeof value.meetingId === "number" && typeof value.bottleId === "number" && "revealedAt" in value)
      pourRows.set(`${value.meetingId}:${value.bottleId}`, {
        revealedAt: typeof value.revealedAt === "string" ? value.revealedAt : null,
      });
    if (top && entry.entity === "meeting" && typeof value.id === "number") {
      meetings.add(value.id);
      const night = nightOf(value);
      const seen = meetingRows.get(value.id);
      // Blind in the before or the after: the snapshot's secret is the stricter of the two.
      meetingRows.set(value.id, seen ? { ...night, blind: night.blind || seen.blind } : night);
    }
    for (const [key, field] of Object.entries(value)) {
      if (key === "meetingId") numbers(field).forEach((n) => meetings.add(n));
      else if (key === "bottleId" || key === "mergedFromId" || key === "keepId")
        numbers(field).forEach((n) => bottles.add(n));
      else if (key === "id" && top && entry.entity === "bottle")
        numbers(field).forEach((n) => bottles.add(n));
      // A merge's record: the meetings whose pour moved to the kept bottle, and its moved scores' meetings.
      else if (key === "meetingBottles" || key === "scores") {
        numbers(field).forEach((n) => meetings.add(n));
        visit(field, false);
      } else visit(field, false);
    }
  };
  // The after last: a pour's reveal as the entry last saw it.
  visit(entry.before, true);
  visit(entry.after, true);
  return { meetingIds: meetings, bottleIds: bottles, meetings: meetingRows, pours: pourRows };
}

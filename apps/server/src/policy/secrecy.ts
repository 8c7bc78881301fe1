import {
  areResultsShown,
  findMeetingNight,
  inHiddenPour,
  isHiddenPour,
  listHiddenPours,
  visiblePour,
  visiblePourSql,
  type Db,
} from "@club/db";
import type { ActivityEntry, FlightPour, PourBottle } from "@club/shared";
import { isOwnScore, memberOf, VISITOR, type Scorer, type Viewer } from "./viewer";

/**
 * THE secrecy policy of a blind tasting (DESIGN.md section 5, issue 21): what a viewer may see of a
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
 * with the bottle taken out (their notes are theirs).
 */
export { inHiddenPour, isHiddenPour, visiblePour, visiblePourSql };

/**
 * THE results rule (DESIGN.md section 5, "results follow the secrecy of the night"): a pour's
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
 * shows, their own always (a member's, a guest's: issue 26). A member id means a member's score.
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

const NOTHING_HIDDEN = new Map<number, Set<number>>();

/** The pours hidden from one viewer right now, for reads that cross meetings (the activity log). */
export class PourSecrets {
  private constructor(
    private readonly viewer: Viewer,
    /** meeting id -> the bottles of its pours hidden from the viewer */
    private readonly hidden: Map<number, Set<number>>,
  ) {}

  static of(db: Db, viewer: Viewer): PourSecrets {
    const hidden = new Map<number, Set<number>>();
    const runs = new Map<number, boolean>();
    for (const { meetingId, bottleId } of listHiddenPours(db)) {
      let viewerRuns = runs.get(meetingId);
      if (viewerRuns === undefined) {
        const meeting = findMeetingNight(db, meetingId);
        runs.set(meetingId, (viewerRuns = meeting !== undefined && runsNight(viewer, meeting)));
      }
      if (viewerRuns) continue;
      let bottles = hidden.get(meetingId);
      if (!bottles) hidden.set(meetingId, (bottles = new Set()));
      bottles.add(bottleId);
    }
    return new PourSecrets(viewer, hidden.size === 0 ? NOTHING_HIDDEN : hidden);
  }

  /** Whether the pour of `bottleId` at `meetingId` is hidden from the viewer. */
  hides(meetingId: number, bottleId: number): boolean {
    return this.hidden.get(meetingId)?.has(bottleId) ?? false;
  }

  /** The entry as the viewer may see it, or null: withheld until the reveal (see above). */
  activityEntry(entry: ActivityEntry): ActivityEntry | null {
    if (this.hidden.size === 0) return entry;
    const { meetings, bottles } = mentions(entry);
    const hiddenHere = [...meetings].some((m) => [...bottles].some((b) => this.hides(m, b)));
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

/**
 * Every meeting and bottle an entry mentions: its key, and anywhere in its before and after (a
 * row's meetingId and bottleId, a bottle snapshot's own id, a merge's mergedFromId and the
 * meetings whose pours it moved). An over-approximation on purpose: an entry that names a hidden
 * pour's meeting and its bottle in two places is withheld as well.
 */
function mentions(entry: ActivityEntry): { meetings: Set<number>; bottles: Set<number> } {
  const meetings = new Set<number>();
  const bottles = new Set<number>();
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
    if (!value || typeof value !== "object") return;
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
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
  visit(entry.before, true);
  visit(entry.after, true);
  return { meetings, bottles };
}

import { sql } from "drizzle-orm";
import {
  foreignKey,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  sqliteView,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { childOf, extensionOf, now } from "./columns";
import { bottles } from "./bottles";
import { members } from "./members";

/**
 * A theme's name is unique ignoring case and surrounding spaces (the index, migration 0008). The
 * CHECKs of migration 0008 are triggers (SQLite cannot add a CHECK to a table without rebuilding
 * it): scores' parts, ABV and bottle size, prices and fill levels, RSVP answers, capacity, pour
 * size, a reveal being final, roles and statuses.
 */
export const themes = sqliteTable(
  "themes",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    description: text().notNull(),
    /** Who added it (null: before the club kept track); they and admins may correct it. */
    createdBy: integer().references(() => members.id, { onDelete: "set null" }),
    createdAt: text().notNull().default(now),
  },
  (t) => [uniqueIndex("themes_description_nocase_idx").on(sql`lower(trim(${t.description}))`)],
);

export const meetings = sqliteTable(
  "meetings",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    date: text().notNull(),
    hostName: text().notNull(),
    themeId: integer()
      .notNull()
      .references(() => themes.id),
    createdBy: integer().references(() => members.id, { onDelete: "set null" }),
    createdAt: text().notNull().default(now),
    /**
     * The member who hosts: they run the night, and the floor's hostName reads their full name
     * (`meetingHostName`). Null for a host who is no member: hostName is then the name typed.
     */
    hostMemberId: integer().references(() => members.id, { onDelete: "set null" }),
    /** Most people (members and their guests) who can come; null: no limit. */
    capacity: integer(),
    /** A blind tasting: pours are "Dram 1", "Dram 2"... until the host reveals them. */
    blind: integer({ mode: "boolean" }).notNull().default(false),
    /** Members may enter and change scores until the host closes scoring. */
    scoringOpen: integer({ mode: "boolean" }).notNull().default(true),
    /** An open night's results show while scoring is open (the host's choice; default: once it closes). */
    liveResults: integer({ mode: "boolean" }).notNull().default(false),
    /** Guests' scores count in the bottle's club score (default: only the night's results). */
    guestsInClubScore: integer({ mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("meetings_date_idx").on(t.date), index("meetings_theme_idx").on(t.themeId, t.date)],
);

export const meetingBottles = sqliteTable(
  "meeting_bottles",
  {
    meetingId: childOf(() => meetings.id),
    bottleId: childOf(() => bottles.id),
    createdAt: text().notNull().default(now),
    /** Its place in the flight: pour 1, 2, ... */
    position: integer().notNull().default(0),
    /** How much is poured for each person, in ml (the cellar's fill levels use it). */
    pourMl: integer().notNull().default(25),
    /** When the host revealed it (blind tastings); null while it is still "Dram N". */
    revealedAt: text(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.bottleId] }),
    index("meeting_bottles_bottle_idx").on(t.bottleId),
  ],
);

export type RsvpStatus = "going" | "maybe" | "declined";

/** A member's answer for a meeting. "Going" answers beyond the capacity wait in order. */
export const rsvps = sqliteTable(
  "rsvps",
  {
    meetingId: childOf(() => meetings.id),
    memberId: childOf(() => members.id),
    status: text().$type<RsvpStatus>().notNull(),
    guests: integer().notNull().default(0),
    /** When the member last said "going": the waitlist's order. */
    goingSince: text(),
    /** On the waitlist (kept so that a promotion is noticed, and emailed, once). */
    waitlisted: integer({ mode: "boolean" }).notNull().default(false),
    updatedAt: text().notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.memberId] }), index("rsvps_member_idx").on(t.memberId)],
);

/**
 * What a score holds, a member's or a guest's: four parts of 0-25, a note, flavour tags and (blind)
 * a guess. A function: each table gets its own column builders.
 */
const scoreParts = () => ({
  nose: integer().notNull(),
  palate: integer().notNull(),
  finish: integer().notNull(),
  balance: integer().notNull(),
  note: text().notNull().default(""),
  /** Flavour tags from the fixed wheel, as a JSON array. */
  tags: text({ mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
  guessAbv: real(),
  guessDrinkTypeId: integer(),
  guessStateId: integer(),
  updatedAt: text().notNull().default(now),
});

/** A member's score of one pour: four parts of 0-25, a note, flavour tags and (blind) a guess. */
export const scores = sqliteTable(
  "scores",
  {
    meetingId: integer().notNull(),
    bottleId: integer().notNull(),
    memberId: childOf(() => members.id),
    ...scoreParts(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.bottleId, t.memberId] }),
    foreignKey({
      columns: [t.meetingId, t.bottleId],
      foreignColumns: [meetingBottles.meetingId, meetingBottles.bottleId],
    }).onDelete("cascade"),
    index("scores_member_idx").on(t.memberId, t.updatedAt),
    index("scores_bottle_idx").on(t.bottleId),
  ],
);

// ---- Guests at the tasting table ----

/**
 * The code that lets guests join a meeting night (6 characters, no look-alikes), until it expires
 * (the end of the meeting day in the club's time zone) or the host closes it. One per meeting: a
 * new code replaces the old.
 */
export const guestCodes = sqliteTable(
  "guest_codes",
  {
    meetingId: extensionOf(() => meetings.id),
    code: text().notNull(),
    expiresAt: text().notNull(),
    createdAt: text().notNull().default(now),
  },
  (t) => [uniqueIndex("guest_codes_code_idx").on(t.code)],
);

/**
 * A guest at one meeting night: a first name and whose guest they are, nothing else. Their guest
 * token works while this row exists (the host removes a guest: their scores go with them).
 */
export const guests = sqliteTable(
  "guests",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    meetingId: childOf(() => meetings.id),
    firstName: text().notNull(),
    guestOf: text(),
    joinedAt: text().notNull().default(now),
    /** An address the guest left to hear from the club (optional; the host sees it). */
    email: text(),
    /** When the host sent them an invite to become a member (once). */
    invitedAt: text(),
  },
  (t) => [index("guests_meeting_idx").on(t.meetingId)],
);

/** A guest's score of one pour: the same parts, note, tags and guess as a member's. */
export const guestScores = sqliteTable(
  "guest_scores",
  {
    meetingId: integer().notNull(),
    bottleId: integer().notNull(),
    guestId: childOf(() => guests.id),
    ...scoreParts(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.bottleId, t.guestId] }),
    foreignKey({
      columns: [t.meetingId, t.bottleId],
      foreignColumns: [meetingBottles.meetingId, meetingBottles.bottleId],
    }).onDelete("cascade"),
    index("guest_scores_guest_idx").on(t.guestId),
    index("guest_scores_bottle_idx").on(t.bottleId),
  ],
);

export const PHASES = ["pour", "nose", "palate", "finish", "score"] as const;
export type Phase = (typeof PHASES)[number];

/** Where the host has the room: the current pour, its phase and when the phase's timer ends. */
export const meetingPhases = sqliteTable("meeting_phases", {
  meetingId: extensionOf(() => meetings.id),
  pour: integer().notNull(),
  phase: text().$type<Phase>(),
  endsAt: text(),
  updatedAt: text().notNull().default(now),
});

/**
 * The scores that count in a bottle's club score (migration 0010's view): every member's, and the
 * guests' of a night whose host chose to count them (meetings.guests_in_club_score). The club
 * score, the library's score filter and a bottle's "Poured at" all read it: one rule, one place.
 */
export const clubScoreRows = sqliteView("club_score_rows", {
  meetingId: integer().notNull(),
  bottleId: integer().notNull(),
  total: integer().notNull(),
}).existing();

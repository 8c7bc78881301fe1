import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { childOf, extensionOf, now } from "./columns";
import { meetings, themes } from "./meetings";
import { members } from "./members";

/**
 * Between the nights: at a meeting the club chooses the next one's host and theme. Members
 * volunteer to host and vote among the theme ideas; whoever runs the night closes the vote, which
 * makes the next meeting.
 */

/** A member who offered, at a meeting, to host the next one. */
export const hostVolunteers = sqliteTable(
  "host_volunteers",
  {
    meetingId: childOf(() => meetings.id),
    memberId: childOf(() => members.id),
    createdAt: text().notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.memberId] }),
    index("host_volunteers_member_idx").on(t.memberId),
  ],
);

/** A member's vote, at a meeting, for the next one's theme: one per member and meeting. */
export const themeVotes = sqliteTable(
  "theme_votes",
  {
    meetingId: childOf(() => meetings.id),
    memberId: childOf(() => members.id),
    themeId: childOf(() => themes.id),
    updatedAt: text().notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.memberId] }),
    index("theme_votes_member_idx").on(t.memberId),
    index("theme_votes_theme_idx").on(t.themeId),
  ],
);

/** A meeting's vote, closed: the next meeting it made. */
export const themeVoteClosings = sqliteTable("theme_vote_closings", {
  meetingId: extensionOf(() => meetings.id),
  /**
   * The meeting the vote made. No foreign key: that meeting is no part of this one (deleting it
   * leaves the vote closed; the read checks that it is still there).
   */
  nextMeetingId: integer().notNull(),
  closedBy: integer().references(() => members.id, { onDelete: "set null" }),
  closedAt: text().notNull().default(now),
});

export type MessageAudience = "going" | "all";

/** What a meeting's host (or an admin) wrote to the club, by email; kept on the meeting's page. */
export const meetingMessages = sqliteTable(
  "meeting_messages",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    meetingId: childOf(() => meetings.id),
    authorId: integer().references(() => members.id, { onDelete: "set null" }),
    audience: text().$type<MessageAudience>().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    /** How many members it was sent to. */
    sent: integer().notNull().default(0),
    createdAt: text().notNull().default(now),
  },
  (t) => [index("meeting_messages_meeting_idx").on(t.meetingId, t.id)],
);

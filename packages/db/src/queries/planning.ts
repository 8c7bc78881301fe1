import { and, asc, desc, eq, gt, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  hostVolunteers,
  meetingMessages,
  meetings,
  members,
  rsvps,
  themes,
  themeVoteClosings,
  themeVotes,
  type MessageAudience,
} from "../schema";

// ---- Hosts and themes chosen at the prior meeting ----

/** Who volunteered at a meeting to host the next one, first come first. */
export const listHostVolunteers = (db: Db, meetingId: number) =>
  db
    .select({
      memberId: hostVolunteers.memberId,
      firstName: members.firstName,
      lastName: members.lastName,
      at: hostVolunteers.createdAt,
    })
    .from(hostVolunteers)
    .innerJoin(members, eq(members.id, hostVolunteers.memberId))
    .where(and(eq(hostVolunteers.meetingId, meetingId), eq(members.status, "active")))
    .orderBy(asc(hostVolunteers.createdAt), asc(hostVolunteers.memberId))
    .all();

/** Sets or clears one member's offer to host; returns whether it was set before. */
export function setHostVolunteerRow(db: Db, meetingId: number, memberId: number, on: boolean): boolean {
  const at = and(eq(hostVolunteers.meetingId, meetingId), eq(hostVolunteers.memberId, memberId));
  const was = db.select().from(hostVolunteers).where(at).get() !== undefined;
  if (on && !was) db.insert(hostVolunteers).values({ meetingId, memberId }).run();
  if (!on && was) db.delete(hostVolunteers).where(at).run();
  return was;
}

/** Every theme idea with its votes at a meeting: most votes first, then by name. */
export const listThemeVoteOptions = (db: Db, meetingId: number) =>
  db
    .select({
      themeId: themes.id,
      name: themes.description,
      votes: sql<number>`(SELECT count(*) FROM theme_votes v WHERE v.meeting_id = ${meetingId} AND v.theme_id = ${themes.id})`,
    })
    .from(themes)
    .orderBy(
      desc(
        sql`(SELECT count(*) FROM theme_votes v WHERE v.meeting_id = ${meetingId} AND v.theme_id = ${themes.id})`,
      ),
      asc(sql`lower(${themes.description})`),
    )
    .all();

/** The theme a member voted for at a meeting, or null. */
export const findThemeVote = (db: Db, meetingId: number, memberId: number): number | null =>
  db
    .select({ themeId: themeVotes.themeId })
    .from(themeVotes)
    .where(and(eq(themeVotes.meetingId, meetingId), eq(themeVotes.memberId, memberId)))
    .get()?.themeId ?? null;

/** Sets a member's vote at a meeting (one per member: a new vote replaces the old). */
export const setThemeVoteRow = (db: Db, meetingId: number, memberId: number, themeId: number): void => {
  db.insert(themeVotes)
    .values({ meetingId, memberId, themeId })
    .onConflictDoUpdate({
      target: [themeVotes.meetingId, themeVotes.memberId],
      set: { themeId, updatedAt: new Date().toISOString() },
    })
    .run();
};

export const findThemeVoteClosing = (db: Db, meetingId: number) =>
  db.select().from(themeVoteClosings).where(eq(themeVoteClosings.meetingId, meetingId)).get();

/** Closes a meeting's vote; false when it was closed already (call inside the close's transaction). */
export const insertThemeVoteClosing = (
  db: Db,
  values: { meetingId: number; nextMeetingId: number; closedBy: number },
): boolean => db.insert(themeVoteClosings).values(values).onConflictDoNothing().run().changes > 0;

/** Whether another meeting has begun after this one (by `today`): the vote is then for it, not this. */
export const isLaterMeetingBegun = (db: Db, meeting: { id: number; date: string }, today: string): boolean =>
  db
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(gt(meetings.date, meeting.date), lte(meetings.date, today), ne(meetings.id, meeting.id)))
    .limit(1)
    .get() !== undefined;

// ---- Writing to the club ----

/** The members a message goes to: active, confirmed; "going" ones only if said (notify() applies their choices). */
export const listMessageRecipients = (db: Db, meetingId: number, audience: MessageAudience) =>
  db
    .select({ id: members.id, email: members.email, firstName: members.firstName })
    .from(members)
    .leftJoin(rsvps, and(eq(rsvps.memberId, members.id), eq(rsvps.meetingId, meetingId)))
    .where(
      and(
        isNotNull(members.emailConfirmedAt),
        eq(members.status, "active"),
        audience === "going" ? eq(rsvps.status, "going") : undefined,
      ),
    )
    .orderBy(asc(members.id))
    .all();

export const insertMeetingMessage = (db: Db, values: typeof meetingMessages.$inferInsert) =>
  db.insert(meetingMessages).values(values).returning().get();

export const setMeetingMessageSent = (db: Db, id: number, sent: number): void => {
  db.update(meetingMessages).set({ sent }).where(eq(meetingMessages.id, id)).run();
};

/** A meeting's messages, newest first, with their authors' names. */
export const listMeetingMessages = (db: Db, meetingId: number) =>
  db
    .select({
      id: meetingMessages.id,
      at: meetingMessages.createdAt,
      audience: meetingMessages.audience,
      subject: meetingMessages.subject,
      body: meetingMessages.body,
      sent: meetingMessages.sent,
      authorFirst: members.firstName,
      authorLast: members.lastName,
    })
    .from(meetingMessages)
    .leftJoin(members, eq(members.id, meetingMessages.authorId))
    .where(eq(meetingMessages.meetingId, meetingId))
    .orderBy(desc(meetingMessages.id))
    .all();

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HostVolunteers, MeetingDetail, MeetingMessage, ThemeVote } from "@club/shared";
import {
  createTestApp,
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSink,
  type TestApp,
} from "../../../test/helpers";

/**
 * Between the nights: at a meeting members volunteer to host the next one and vote among the
 * theme ideas; whoever runs the night closes the vote and the next meeting is made. The host also
 * writes to the club by email, each member's choice respected, never twice.
 */
let smtp: SmtpSink;
const dataDir = mkdtempSync(join(tmpdir(), "club-planning-"));
// Friday, December 11, 2026 (the second Friday) at 21:00 in London: the night is on.
let clock = new Date("2026-12-11T21:00:00Z");
const env = { CLUB_TIMEZONE: "Europe/London" };
const start = () => createTestApp({ dataDir, env, smtpPort: smtp.port, now: () => clock, keepDataDir: true });

type M = Awaited<ReturnType<TestApp["member"]>>;
let t: TestApp;
let host: M;
let ann: M;
let bob: M;
let cat: M;
let dan: M;
let meetingId: number;
let peat: number;
let sherry: number;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await start();
  host = await t.member("host@example.com");
  ann = await t.member("ann@example.com");
  bob = await t.member("bob@example.com");
  cat = await t.member("cat@example.com");
  dan = await t.member("dan@example.com");
  peat = (await t.caller(host.user).themes.create({ description: "Peat and smoke" })).id;
  sherry = (await t.caller(host.user).themes.create({ description: "Sherry casks" })).id;
  meetingId = (
    await t.caller(host.user).meetings.create({ date: "2026-12-11", hostName: "Host", themeId: peat })
  ).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });
const voteOf = async (token: string, id = meetingId) =>
  (await send("GET", `/api/MonthlyMeetings/${id}/ThemeVote`, token)).json<ThemeVote>();
const settle = async () => {
  await t.app.deps.mailer.flush();
  await t.app.deps.mailer.flush();
};
const mailTo = (address: string, subject: RegExp) =>
  smtp.messages
    .filter((m) => m.to.includes(address))
    .map((m) => decodeQuotedPrintable(m.raw))
    .filter((raw) => subject.test(raw.split(/\r?\n\r?\n/)[0] ?? ""));

describe("hosts and themes at the prior meeting", () => {
  it("members volunteer to host and vote; each sees their own vote, most votes first", async () => {
    const volunteered = await send("POST", `/api/MonthlyMeetings/${meetingId}/HostVolunteers`, ann.token);
    expect(volunteered.statusCode).toBe(201);
    expect(volunteered.json<HostVolunteers>()).toEqual({
      volunteers: [{ memberId: ann.user.id, name: expect.stringMatching(/^Test Member\d+$/) }],
      mine: true,
    });
    // The same twice changes nothing.
    expect(
      (await send("POST", `/api/MonthlyMeetings/${meetingId}/HostVolunteers`, ann.token)).statusCode,
    ).toBe(201);
    await send("POST", `/api/MonthlyMeetings/${meetingId}/HostVolunteers`, bob.token);
    const list = (
      await send("GET", `/api/MonthlyMeetings/${meetingId}/HostVolunteers`, cat.token)
    ).json<HostVolunteers>();
    expect(list.volunteers.map((v) => v.memberId)).toEqual([ann.user.id, bob.user.id]);
    expect(list.mine).toBe(false);

    const first = await voteOf(ann.token);
    expect(first).toEqual({
      options: [
        { themeId: peat, name: "Peat and smoke", votes: 0 },
        { themeId: sherry, name: "Sherry casks", votes: 0 },
      ],
      myVote: null,
      open: true,
      nextMeetingId: null,
    });
    const put = await send("PUT", `/api/MonthlyMeetings/${meetingId}/ThemeVote`, ann.token, {
      themeId: sherry,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<ThemeVote>()).toMatchObject({
      options: [
        { themeId: sherry, votes: 1 },
        { themeId: peat, votes: 0 },
      ],
      myVote: sherry,
    });
    await send("PUT", `/api/MonthlyMeetings/${meetingId}/ThemeVote`, bob.token, { themeId: peat });
    // A new vote replaces the old one: Bob changes his mind.
    await send("PUT", `/api/MonthlyMeetings/${meetingId}/ThemeVote`, bob.token, { themeId: sherry });
    // A theme added through the theme ideas is on the list at once.
    const rye = (await t.caller(cat.user).themes.create({ description: "Rye" })).id;
    await send("PUT", `/api/MonthlyMeetings/${meetingId}/ThemeVote`, cat.token, { themeId: rye });
    const now = await voteOf(cat.token);
    expect(now.options.map((o) => [o.name, o.votes])).toEqual([
      ["Sherry casks", 2],
      ["Rye", 1],
      ["Peat and smoke", 0],
    ]);
    expect(now.myVote).toBe(rye);
    const log = await t.caller(host.user).activity.list({ limit: 10 });
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(["planning.vote", "planning.volunteer"]));
  });

  it("refuses an unknown theme, a guest, a visitor, and a vote before the day, changing nothing", async () => {
    const before = await voteOf(ann.token);
    const unknown = await send("PUT", `/api/MonthlyMeetings/${meetingId}/ThemeVote`, ann.token, {
      themeId: 999999,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { message: "Theme not found." } });
    expect(
      (await send("PUT", `/api/MonthlyMeetings/${meetingId}/ThemeVote`, ann.token, { themeId: "x" }))
        .statusCode,
    ).toBe(400);
    expect(
      (await send("PUT", `/api/MonthlyMeetings/999999/ThemeVote`, ann.token, { themeId: peat })).statusCode,
    ).toBe(404);
    expect((await send("GET", `/api/MonthlyMeetings/${meetingId}/ThemeVote`)).statusCode).toBe(401);

    // A guest at the table: their pass opens the night only.
    const { code } = await t.caller(host.user).guests.openCode({ id: meetingId });
    const { guestToken } = await t.caller(null).guests.join({ code, firstName: "Gina" });
    const guestVote = await send("PUT", `/api/MonthlyMeetings/${meetingId}/ThemeVote`, guestToken, {
      themeId: peat,
    });
    expect(guestVote.statusCode).toBe(403);
    expect(guestVote.json()).toMatchObject({
      error: { message: "A guest pass opens its own meeting night only." },
    });
    expect(
      (await send("POST", `/api/MonthlyMeetings/${meetingId}/HostVolunteers`, guestToken)).statusCode,
    ).toBe(403);
    expect(await voteOf(ann.token)).toEqual(before);

    // A meeting still to come has no vote yet.
    const later = (
      await t.caller(host.user).meetings.create({ date: "2027-02-12", hostName: "Host", themeId: peat })
    ).id;
    const early = await send("PUT", `/api/MonthlyMeetings/${later}/ThemeVote`, ann.token, { themeId: peat });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { message: "The vote opens on the day of the meeting." } });
    expect((await voteOf(ann.token, later)).open).toBe(false);
    await t.caller(host.user).meetings.delete({ id: later });
  });

  it("only whoever runs the night closes it; the next meeting gets the leading theme and a volunteer as host", async () => {
    const refused = await send("POST", `/api/MonthlyMeetings/${meetingId}/ThemeVote/Close`, ann.token, {});
    expect(refused.statusCode).toBe(403);
    // A host who did not volunteer, a theme that does not lead: refused.
    const notVolunteer = await send("POST", `/api/MonthlyMeetings/${meetingId}/ThemeVote/Close`, host.token, {
      hostMemberId: cat.user.id,
    });
    expect(notVolunteer.statusCode).toBe(409);
    expect(notVolunteer.json()).toMatchObject({
      error: { message: "Choose a host among the members who volunteered." },
    });
    const notLeading = await send("POST", `/api/MonthlyMeetings/${meetingId}/ThemeVote/Close`, host.token, {
      themeId: peat,
    });
    expect(notLeading.statusCode).toBe(409);
    expect((await voteOf(ann.token)).open).toBe(true);

    const closed = await send("POST", `/api/MonthlyMeetings/${meetingId}/ThemeVote/Close`, host.token, {
      hostMemberId: bob.user.id,
    });
    expect(closed.statusCode).toBe(201);
    const { id } = closed.json<{ id: number }>();
    const next = (await send("GET", `/api/MonthlyMeetings/${id}`)).json<MeetingDetail>();
    // The club's next meeting day: the second Friday of January.
    expect(next).toMatchObject({ date: "2027-01-08", theme: { description: "Sherry casks" } });
    expect(next.hostName).toMatch(/^Test Member\d+$/);
    const night = await t.caller(bob.user).night.get({ id });
    expect(night).toMatchObject({ hostMemberId: bob.user.id, isHost: true });
    expect(await voteOf(ann.token)).toMatchObject({ open: false, nextMeetingId: id });

    // Closed: no more votes, no second close.
    const late = await send("PUT", `/api/MonthlyMeetings/${meetingId}/ThemeVote`, ann.token, {
      themeId: peat,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      error: { message: "The vote is closed: the next meeting is made." },
    });
    expect(
      (await send("POST", `/api/MonthlyMeetings/${meetingId}/HostVolunteers`, cat.token)).statusCode,
    ).toBe(409);
    expect(
      (await send("POST", `/api/MonthlyMeetings/${meetingId}/ThemeVote/Close`, host.token, {})).statusCode,
    ).toBe(409);
    // Members who want meeting emails hear of the new meeting.
    await settle();
    expect(mailTo("ann@example.com", /New club meeting on Friday, January 8, 2027/)).toHaveLength(1);
  });
});

describe("writing to the club", () => {
  it("the host writes to everyone going: each in the channels they chose, once; a member who turned messages off gets nothing", async () => {
    const { id } = await t
      .caller(host.user)
      .meetings.create({ date: "2026-12-18", hostName: "Host", themeId: peat });
    await t.caller(ann.user).night.rsvp({ id, status: "going", guests: 0 });
    await t.caller(bob.user).night.rsvp({ id, status: "going", guests: 1 });
    await t.caller(cat.user).night.rsvp({ id, status: "going", guests: 0 });
    // Cat turned meeting emails off on her Account page: she is told in the app only.
    await t.caller(cat.user).reminders.setPreferences({ meetingReminders: false, duesReminders: true });
    // Dan turned messages to the club off altogether.
    await t.caller(dan.user).night.rsvp({ id, status: "going", guests: 0 });
    await t
      .caller(dan.user)
      .notifications.setSettings({ kinds: { clubMessage: { inApp: false, email: false, push: false } } });
    const payload = { to: "going", subject: "Bring a glass", text: "We start at seven.\n\nSee you there." };
    expect((await send("POST", `/api/MonthlyMeetings/${id}/Messages`, ann.token, payload)).statusCode).toBe(
      403,
    );
    const res = await send("POST", `/api/MonthlyMeetings/${id}/Messages`, host.token, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ sent: 3 });
    // The same message again is not sent again.
    const again = await send("POST", `/api/MonthlyMeetings/${id}/Messages`, host.token, payload);
    expect(again.statusCode).toBe(409);
    await settle();
    expect(mailTo("ann@example.com", /Bring a glass/)).toHaveLength(1);
    expect(mailTo("ann@example.com", /Bring a glass/)[0]).toContain("See you there.");
    expect(mailTo("bob@example.com", /Bring a glass/)).toHaveLength(1);
    expect(mailTo("cat@example.com", /Bring a glass/)).toHaveLength(0);
    expect(mailTo("host@example.com", /Bring a glass/)).toHaveLength(0);
    expect(mailTo("dan@example.com", /Bring a glass/)).toHaveLength(0);
    // In the app: the going members, Cat included; not Dan, not the writer.
    const told = (m: { user: { id: number } }) =>
      t.app.deps.db.$client
        .prepare("SELECT text, link FROM notifications WHERE member_id = ? AND kind = 'clubMessage'")
        .all(m.user.id);
    expect(told(cat)).toEqual([
      { text: expect.stringMatching(/wrote to the club: Bring a glass$/), link: `/monthlymeeting/${id}` },
    ]);
    expect(told(ann)).toHaveLength(1);
    expect(told(dan)).toEqual([]);
    expect(told(host)).toEqual([]);

    // The message is kept on the meeting's page.
    const kept = (await send("GET", `/api/MonthlyMeetings/${id}/Messages`, bob.token)).json<
      MeetingMessage[]
    >();
    expect(kept).toEqual([
      expect.objectContaining({
        to: "going",
        subject: "Bring a glass",
        text: "We start at seven.\n\nSee you there.",
        sent: 3,
      }),
    ]);
    expect((await send("GET", `/api/MonthlyMeetings/${id}/Messages`)).statusCode).toBe(401);
  });

  it("to all members, never twice across a restart, and bad input changes nothing", async () => {
    const { id } = await t
      .caller(host.user)
      .meetings.create({ date: "2026-12-19", hostName: "Host", themeId: peat });
    const bad = [
      { to: "everyone", subject: "Hi", text: "x" },
      { to: "all", subject: "", text: "x" },
      { to: "all", subject: "Hi", text: "   " },
      { to: "all", subject: "Hi\r\nBcc: a@b.c", text: "x" },
    ];
    for (const payload of bad)
      expect(
        (await send("POST", `/api/MonthlyMeetings/${id}/Messages`, host.token, payload)).statusCode,
      ).toBe(400);
    expect(
      (
        await send("POST", `/api/MonthlyMeetings/999999/Messages`, host.token, {
          to: "all",
          subject: "Hi",
          text: "x",
        })
      ).statusCode,
    ).toBe(404);
    const res = await send("POST", `/api/MonthlyMeetings/${id}/Messages`, host.token, {
      to: "all",
      subject: "Dues are due",
      text: "Pay before the night.",
    });
    expect(res.json()).toEqual({ sent: 3 });
    // The server stops before the mail leaves and starts again: each message still goes once.
    await t.close();
    clock = new Date(clock.getTime() + 60_000);
    t = await start();
    await settle();
    expect(mailTo("ann@example.com", /Dues are due/)).toHaveLength(1);
    expect(mailTo("bob@example.com", /Dues are due/)).toHaveLength(1);
    expect(mailTo("cat@example.com", /Dues are due/)).toHaveLength(0);
  });
});

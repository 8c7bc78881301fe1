import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  decodeQuotedPrintable,
  forgedToken,
  startSmtpSink,
  type SmtpSink,
  type TestApp,
} from "../../../test/helpers";

/**
 * Reminders 7 days and 1 day before a meeting, exactly once across restarts, with
 * one-click RSVP links; notices of new and changed meetings; each member's opt-out.
 */
let smtp: SmtpSink;
const dataDir = mkdtempSync(join(tmpdir(), "club-reminders-"));
let clock = new Date("2026-11-20T12:00:00Z");
let meetingId: number;
const env = { CLUB_TIMEZONE: "Europe/London" };

/** The app on the same DATA_DIR, as after a restart. */
const start = () => createTestApp({ dataDir, env, smtpPort: smtp.port, now: () => clock, keepDataDir: true });

let t: TestApp;
let host: Awaited<ReturnType<TestApp["member"]>>;
let ann: Awaited<ReturnType<TestApp["member"]>>;
let bob: Awaited<ReturnType<TestApp["member"]>>;
let cat: Awaited<ReturnType<TestApp["member"]>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await start();
  host = await t.member("host@example.com");
  ann = await t.member("ann@example.com");
  bob = await t.member("bob@example.com");
  cat = await t.member("cat@example.com");
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const mailTo = (address: string, subject: RegExp) =>
  smtp.messages
    .filter((m) => m.to.includes(address))
    .map((m) => decodeQuotedPrintable(m.raw))
    .filter((raw) => subject.test(raw.split(/\r?\n\r?\n/)[0] ?? ""));
/**
 * Every message due is delivered and in the sink: a pass of the mailer that started after the
 * writes (the first flush may join a pass already under way, which listed the outbox before them).
 * The sink stores a message before it answers the server's DATA, so a delivered one is there.
 */
const settle = async () => {
  await t.app.deps.mailer.flush();
  await t.app.deps.mailer.flush();
};

describe("meeting emails", () => {
  it("a new meeting is announced to members who want meeting emails", async () => {
    const preferences = await t.request({
      method: "PUT",
      url: "/api/Account/Preferences",
      token: cat.token,
      payload: { meetingReminders: false, duesReminders: true },
    });
    expect(preferences.statusCode).toBe(200);
    expect(preferences.json()).toEqual({ meetingReminders: false, duesReminders: true });
    const themeId = (await t.caller(host.user).themes.create({ description: "Sherry bombs" })).id;
    meetingId = (await t.caller(host.user).meetings.create({ date: "2026-12-11", hostName: "Host", themeId }))
      .id;
    await t.caller(bob.user).night.rsvp({ id: meetingId, status: "declined", guests: 0 });
    await settle();
    expect(mailTo("ann@example.com", /New club meeting on Friday, December 11, 2026/)).toHaveLength(1);
    expect(mailTo("cat@example.com", /New club meeting/)).toHaveLength(0);
    expect(mailTo("host@example.com", /New club meeting/)).toHaveLength(0);
  });

  it("the notice offers Going and Not going links; reading what a link is for answers nothing", async () => {
    const [notice] = mailTo("ann@example.com", /New club meeting/);
    const link = (status: string) =>
      new RegExp(`(?:Going|Not going): (http://club\\.test/rsvp\\?token=([^&\\s]+)&status=${status})`).exec(
        notice!,
      );
    expect(notice).toContain("Are you coming?");
    const going = link("going");
    expect(going).not.toBeNull();
    expect(link("declined")).not.toBeNull();
    const token = decodeURIComponent(going![2]!);
    // What a mail scanner's visit to the page asks: the meeting, and no answer is given.
    const read = await t.request({
      method: "GET",
      url: `/api/Rsvp/ByLink?token=${encodeURIComponent(token)}`,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ meetingId, date: "2026-12-11", theme: "Sherry bombs", status: null });
    const annAnswers = async () => (await t.caller(ann.user).night.myRsvp({ id: meetingId }))?.status ?? null;
    expect(await annAnswers()).toBeNull();
    const bad = await t.request({ method: "GET", url: "/api/Rsvp/ByLink?token=not-a-real-token-at-all" });
    expect(bad.statusCode).toBe(400);
  });

  it("a change to an upcoming meeting is announced the same way", async () => {
    const themeId = (await t.caller(host.user).themes.create({ description: "Cask strength" })).id;
    await t
      .caller(host.user)
      .meetings.update({ id: meetingId, date: "2026-12-11", hostName: "Host", themeId });
    await settle();
    const changed = mailTo("ann@example.com", /The club meeting on Friday, December 11, 2026 has changed/);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain("Cask strength");
    expect(mailTo("cat@example.com", /has changed/)).toHaveLength(0);
    expect(mailTo("host@example.com", /has changed/)).toHaveLength(0);
  });

  it("sends the 7-day reminder once, after its time, across restarts; not to who declined or opted out", async () => {
    await t.app.clubJobs.run();
    await settle();
    expect(mailTo("ann@example.com", /next week/)).toHaveLength(0);
    await t.close();

    clock = new Date("2026-12-04T19:30:00Z"); // the reminder's time (19:00 London) has passed
    t = await start(); // runs the jobs on start
    await t.app.clubJobs.run();
    await settle();
    await t.close();
    t = await start();
    await t.app.clubJobs.run();
    await settle();
    expect(mailTo("ann@example.com", /next week/)).toHaveLength(1);
    expect(mailTo("host@example.com", /next week/)).toHaveLength(1);
    expect(mailTo("bob@example.com", /next week/)).toHaveLength(0);
    expect(mailTo("cat@example.com", /next week/)).toHaveLength(0);
  });

  it("the reminder's links answer without a login, and only for that member and meeting", async () => {
    const mail = mailTo("ann@example.com", /next week/)[0]!;
    const token = decodeURIComponent(
      /token=([^&\s]+)&status=declined/.exec(mail.replace(/=\r?\n/g, ""))![1]!,
    );
    const answer = await t.request({
      method: "POST",
      url: "/api/Rsvp/ByLink",
      payload: { token, status: "maybe" },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ meetingId, date: "2026-12-11", status: "maybe", waitlistPosition: null });
    const rsvps = (await t.request({ method: "GET", url: `/api/MonthlyMeetings/${meetingId}/Rsvps` })).json<
      { member: { lastName: string }; status: string }[]
    >();
    expect(rsvps.map((r) => r.status).sort()).toEqual(["declined", "maybe"]);
    for (const bad of [forgedToken(token), ann.token, "x".repeat(40)]) {
      const res = await t.request({
        method: "POST",
        url: "/api/Rsvp/ByLink",
        payload: { token: bad, status: "going" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("RSVP_LINK_INVALID");
    }
  });

  it("sends the 1-day reminder once, then nothing after the meeting starts", async () => {
    clock = new Date("2026-12-10T19:05:00Z");
    await t.app.clubJobs.run();
    await t.app.clubJobs.run();
    await settle();
    expect(mailTo("ann@example.com", /tomorrow/)).toHaveLength(1);
    clock = new Date("2026-12-11T20:00:00Z");
    const before = smtp.messages.length;
    await t.app.clubJobs.run();
    await settle();
    expect(smtp.messages.length).toBe(before);
  });
});

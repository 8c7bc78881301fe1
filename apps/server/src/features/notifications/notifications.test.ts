import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification, NotificationSettings } from "@club/shared";
import {
  createTestApp,
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSink,
  type TestApp,
} from "../../../test/helpers";
import { runDuesJob, sendDuesReminders } from "../dues/job";

/**
 * Notifications where members are: each kind is made by the change it tells of, in the channels
 * each member chose for it (in the app, email); a kind turned off tells nothing; the reveal's
 * only after the reveal; reading marks read; bad input is a 4xx that changes nothing.
 */
let smtp: SmtpSink;
let t: TestApp;
const dataDir = mkdtempSync(join(tmpdir(), "club-notify-"));
let clock = new Date("2026-11-20T12:00:00Z");
const start = () =>
  createTestApp({
    dataDir,
    env: { CLUB_TIMEZONE: "Europe/London", REGISTRATION: "approval" },
    smtpPort: smtp.port,
    now: () => clock,
    keepDataDir: true,
  });
type M = Awaited<ReturnType<TestApp["member"]>>;
let admin: M;
let host: M;
let ann: M;
let bob: M;
let themeId: number;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await start();
  admin = await t.member("admin@example.com", { role: "admin" });
  host = await t.member("host@example.com");
  ann = await t.member("ann@example.com");
  bob = await t.member("bob@example.com");
  themeId = (await t.caller(host.user).themes.create({ description: "Speyside" })).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });
const list = async (m: M, query = "") => {
  const res = await send("GET", `/api/Notifications${query}`, m.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Notification[]>();
};
const ofKind = async (m: M, kind: Notification["kind"]) => (await list(m)).filter((n) => n.kind === kind);
const turnOff = async (m: M, kind: Notification["kind"]) => {
  const res = await send("PUT", "/api/Account/Notifications", m.token, {
    kinds: { [kind]: { inApp: false, email: false, push: false } },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const settle = async () => {
  await t.app.deps.mailer.flush();
  await t.app.deps.mailer.flush();
};
const mailTo = (address: string, subject: RegExp) =>
  smtp.messages
    .filter((m) => m.to.includes(address))
    .map((m) => decodeQuotedPrintable(m.raw))
    .filter((raw) => subject.test(raw.split(/\r?\n\r?\n/)[0] ?? ""));

async function meeting(date: string, by: M = host) {
  const res = await send("POST", "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames", by.token, {
    date,
    hostName: "Host",
    themeId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

describe("notifications", () => {
  it("a new meeting: a notification for every member but its maker, with the email as before", async () => {
    await turnOff(bob, "meetingNew");
    const id = await meeting("2026-12-11");
    const [note] = await ofKind(ann, "meetingNew");
    expect(note).toMatchObject({
      text: "New club meeting on Friday, December 11, 2026: Speyside.",
      link: `/monthlymeeting/${id}`,
      read: false,
    });
    expect(Date.parse(note!.at)).toBe(clock.getTime());
    expect(await ofKind(bob, "meetingNew")).toEqual([]);
    expect(await ofKind(host, "meetingNew")).toEqual([]);
    await settle();
    expect(mailTo("ann@example.com", /New club meeting on Friday, December 11, 2026/)).toHaveLength(1);
    expect(mailTo("bob@example.com", /New club meeting/)).toHaveLength(0);
  });

  it("the Account page's meeting email choice still stops the notice's email, not the notification", async () => {
    const cat = await t.member("cat@example.com");
    await send("PUT", "/api/Account/Preferences", cat.token, {
      meetingReminders: false,
      duesReminders: true,
    });
    await meeting("2026-12-18");
    await settle();
    expect(await ofKind(cat, "meetingNew")).toHaveLength(1);
    expect(mailTo("cat@example.com", /New club meeting/)).toHaveLength(0);
  });

  it("reading marks read: some by id, then all; the count follows; another's ids change nothing", async () => {
    const count = async (m: M) =>
      (await send("GET", "/api/Notifications/Count", m.token)).json<{ unread: number }>().unread;
    const mine = await list(ann);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(await count(ann)).toBe(mine.length);
    const bobsBefore = await list(bob);
    expect(
      (await send("POST", "/api/Notifications/Read", bob.token, { ids: [mine[0]!.id] })).statusCode,
    ).toBe(204);
    expect((await list(ann)).every((n) => !n.read)).toBe(true);
    expect(await list(bob)).toEqual(bobsBefore);

    expect(
      (await send("POST", "/api/Notifications/Read", ann.token, { ids: [mine[0]!.id] })).statusCode,
    ).toBe(204);
    expect((await list(ann)).find((n) => n.id === mine[0]!.id)?.read).toBe(true);
    expect((await list(ann, "?unread=true")).map((n) => n.id)).not.toContain(mine[0]!.id);
    expect(await count(ann)).toBe(mine.length - 1);
    expect((await send("POST", "/api/Notifications/Read", ann.token, { all: true })).statusCode).toBe(204);
    expect(await list(ann, "?unread=true")).toEqual([]);
    expect(await count(ann)).toBe(0);
    const log = await t.caller(ann.user).activity.list({ limit: 3 });
    expect(log.map((e) => e.action)).toContain("notifications.read");
  });

  it("refuses bad input with a 4xx and changes nothing", async () => {
    const settings = async () =>
      (await send("GET", "/api/Account/Notifications", ann.token)).json<NotificationSettings>();
    const before = await settings();
    const unread = await list(bob, "?unread=true");
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ["x"] }, { ids: [1], all: true }])
      expect((await send("POST", "/api/Notifications/Read", bob.token, body)).statusCode).toBe(400);
    for (const body of [
      {},
      { kinds: { nope: { inApp: true, email: true, push: true } } },
      { kinds: { results: { inApp: "yes", email: true, push: true } } },
      { kinds: { results: { inApp: true } } },
    ])
      expect((await send("PUT", "/api/Account/Notifications", ann.token, body)).statusCode).toBe(400);
    expect((await send("GET", "/api/Notifications?unread=maybe", ann.token)).statusCode).toBe(400);
    expect((await send("GET", "/api/Notifications")).statusCode).toBe(401);
    expect((await send("POST", "/api/Notifications/Read", undefined, { all: true })).statusCode).toBe(401);
    expect(await settings()).toEqual(before);
    expect(await list(bob, "?unread=true")).toEqual(unread);
    expect(before.kinds.results).toEqual({ inApp: true, email: false, push: false });
  });

  it("the night: its start, the reveal only once nothing is hidden, the results once scoring closes", async () => {
    const id = await meeting("2026-12-04");
    const bottles = await Promise.all(
      ["Glen A", "Glen B"].map(
        async (name) => (await t.caller(host.user).bottles.create({ name, abv: 46 })).id,
      ),
    );
    const h = t.caller(host.user);
    await h.night.setFlight({ id, pours: bottles.map((bottleId) => ({ bottleId, pourMl: 25 })) });
    await h.night.settings({
      id,
      capacity: null,
      blind: true,
      scoringOpen: true,
      hostMemberId: host.user.id,
    });
    await t.caller(ann.user).night.rsvp({ id, status: "going", guests: 0 });
    await t.caller(bob.user).night.rsvp({ id, status: "going", guests: 0 });
    await turnOff(bob, "revealed");
    clock = new Date("2026-12-04T19:05:00Z");

    await h.night.phase({ id, pour: 1, phase: "nose" });
    await h.night.phase({ id, pour: 2, phase: "nose" });
    const started = await ofKind(ann, "nightStarted");
    expect(started.map((n) => n.text)).toEqual(["The host started the night of Friday, December 4, 2026."]);
    expect(await ofKind(host, "nightStarted")).toEqual([]);

    await h.night.reveal({ id, pour: 1 });
    expect(await ofKind(ann, "revealed")).toEqual([]);
    await h.night.reveal({ id, pour: 2 });
    const revealed = await ofKind(ann, "revealed");
    expect(revealed.map((n) => [n.text, n.link])).toEqual([
      ["The bottles of Friday, December 4, 2026 are revealed.", `/monthlymeeting/${id}`],
    ]);
    for (const n of revealed) for (const name of ["Glen A", "Glen B"]) expect(n.text).not.toContain(name);
    expect(await ofKind(bob, "revealed")).toEqual([]);
    // Hidden and revealed again: told once.
    await h.night.hide({ id, pour: 2 });
    await h.night.reveal({ id, pour: 2 });
    expect(await ofKind(ann, "revealed")).toHaveLength(1);

    expect(await ofKind(ann, "results")).toEqual([]);
    await h.night.settings({
      id,
      capacity: null,
      blind: true,
      scoringOpen: false,
      hostMemberId: host.user.id,
    });
    expect((await ofKind(ann, "results")).map((n) => n.link)).toEqual([`/meeting/${id}/results`]);
    expect(await ofKind(bob, "results")).toHaveLength(1);
  });

  it("a blind night's reveal tells nobody before it", async () => {
    const id = await meeting("2026-12-05");
    const bottleId = (await t.caller(host.user).bottles.create({ name: "Secret Dram", abv: 50 })).id;
    const h = t.caller(host.user);
    await h.night.setFlight({ id, pours: [{ bottleId, pourMl: 25 }] });
    await h.night.settings({
      id,
      capacity: null,
      blind: true,
      scoringOpen: false,
      hostMemberId: host.user.id,
    });
    await t.caller(ann.user).night.rsvp({ id, status: "going", guests: 0 });
    const atThisNight = async () =>
      (await list(ann)).filter((n) => n.link.includes(`/${id}`) && n.kind !== "meetingNew");
    expect(await atThisNight()).toEqual([]);
    await h.night.reveal({ id });
    expect((await atThisNight()).map((n) => n.kind).sort()).toEqual(["results", "revealed"]);
  });

  it("a place on the waitlist: a notification and the email as before", async () => {
    const id = await meeting("2026-12-20");
    const h = t.caller(host.user);
    await h.night.settings({ id, capacity: 1, blind: false, scoringOpen: true, hostMemberId: host.user.id });
    await t.caller(bob.user).night.rsvp({ id, status: "going", guests: 0 });
    await t.caller(ann.user).night.rsvp({ id, status: "going", guests: 0 });
    expect(await ofKind(ann, "waitlistPlace")).toEqual([]);
    await t.caller(bob.user).night.rsvp({ id, status: "declined", guests: 0 });
    expect((await ofKind(ann, "waitlistPlace")).map((n) => n.text)).toEqual([
      "A place opened up for you at the meeting on Sunday, December 20, 2026.",
    ]);
    await settle();
    expect(mailTo("ann@example.com", /A place opened up for the meeting on 2026-12-20/)).toHaveLength(1);
  });

  it("an answer to a comment: who commented on the bottle or keeps it as a favourite; email when chosen", async () => {
    const bottleId = (await t.caller(host.user).bottles.create({ name: "Talisker 10", abv: 45.8 })).id;
    const dan = await t.member("dan@example.com");
    await t.caller(ann.user).comments.create({ bottleId, comment: "Peppery." });
    await t.caller(bob.user).bottles.setFavourite({ id: bottleId, favourite: true });
    await t.caller(dan.user).bottles.setFavourite({ id: bottleId, favourite: true });
    await turnOff(dan, "commentAnswer");
    await send("PUT", "/api/Account/Notifications", ann.token, {
      kinds: { commentAnswer: { inApp: true, email: true, push: false } },
    });
    await t.caller(host.user).comments.create({ bottleId, comment: "And salty." });
    const text = /commented on Talisker 10\.$/;
    expect((await ofKind(ann, "commentAnswer")).map((n) => [n.link, text.test(n.text)])).toEqual([
      [`/bottle/${bottleId}`, true],
    ]);
    expect(await ofKind(bob, "commentAnswer")).toHaveLength(1);
    expect(await ofKind(dan, "commentAnswer")).toEqual([]);
    expect(await ofKind(host, "commentAnswer")).toEqual([]);
    await settle();
    expect(mailTo("ann@example.com", /commented on Talisker 10/)).toHaveLength(1);
    expect(mailTo("bob@example.com", /commented on Talisker 10/)).toHaveLength(0);
  });

  it("an approval waiting: every admin, in the app and by email as before", async () => {
    const res = await send("POST", "/api/Register/register", undefined, {
      email: "newcomer@example.com",
      password: "neat-pour-42",
      firstName: "New",
      lastName: "Comer",
    });
    expect(res.statusCode).toBe(201);
    const raw = decodeQuotedPrintable(await smtp.waitForMessage("newcomer@example.com"));
    const link = new URL(/http:\/\/club\.test\/confirm-email\?[^\s"<]+/.exec(raw)![0].replace(/&amp;/g, "&"));
    const confirmed = await send("GET", `/api/Register/confirmemail${link.search}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await ofKind(admin, "approvalWaiting")).map((n) => [n.text, n.link])).toEqual([
      ["New Comer is waiting for approval to join the club.", "/members"],
    ]);
    expect(await ofKind(ann, "approvalWaiting")).toEqual([]);
    await settle();
    expect(mailTo("admin@example.com", /New Comer is waiting to join/)).toHaveLength(1);
  });

  it("a dues statement once a month, across a restart; nothing for a member who turned it off", async () => {
    clock = new Date("2026-11-21T12:00:00Z");
    runDuesJob(t.app.deps);
    await turnOff(bob, "duesStatement");
    clock = new Date("2027-01-02T09:00:00Z");
    runDuesJob(t.app.deps);
    sendDuesReminders(t.app.deps);
    await t.close();
    t = await start();
    sendDuesReminders(t.app.deps);
    const dues = await ofKind(ann, "duesStatement");
    expect(dues.map((n) => [n.link, /^Your club dues: \$\d+ to pay\.$/.test(n.text)])).toEqual([
      ["/dues", true],
    ]);
    expect(await ofKind(bob, "duesStatement")).toEqual([]);
    await settle();
    await expect.poll(() => mailTo("ann@example.com", /Club dues:/).length, { timeout: 15_000 }).toBe(1);
    expect(mailTo("bob@example.com", /Club dues:/)).toHaveLength(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClubSettings, DuesStatement, NextMeeting } from "@club/shared";
import {
  createTestApp,
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSink,
  type TestApp,
} from "../../../test/helpers";
import { runDuesJob, sendDuesReminders } from "../dues/job";

/** The club's own settings: what an admin sets, and that a change of the dues applies from a month on. */
let t: TestApp;
let smtp: SmtpSink;
let clock = new Date("2026-11-23T12:00:00Z");
let admin: Awaited<ReturnType<TestApp["member"]>>;
let ann: Awaited<ReturnType<TestApp["member"]>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ env: { CLUB_TIMEZONE: "Europe/London" }, smtpPort: smtp.port, now: () => clock });
  admin = await t.member(undefined, { role: "admin" });
  ann = await t.member();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const get = (url: string, token?: string) => t.request({ method: "GET", url, token });
const put = (payload: Record<string, unknown>, token = admin.token) =>
  t.request({ method: "PUT", url: "/api/Club/Settings", token, payload });

const DEFAULTS = {
  name: "Whiskey Tasting Club",
  currency: "USD",
  monthlyDues: 12,
  joiningFee: 40,
  duesFromMonth: "2026-12",
  waiverMaxMonths: 6,
  waiverMinMembershipMonths: 12,
  meetingWeekday: 5,
  meetingWeekOfMonth: 2,
  meetingTime: "19:00",
};

describe("club settings", () => {
  it("start as the spec's rules, CLUB_CURRENCY, CLUB_LANGUAGE and the default name, for anyone to read", async () => {
    const res = await get("/api/Club/Settings");
    expect(res.statusCode).toBe(200);
    expect(res.json<ClubSettings>()).toEqual({
      name: "Whiskey Tasting Club",
      currency: "USD",
      monthlyDues: 12,
      joiningFee: 40,
      firstPayment: 52,
      duesFromMonth: null,
      upcomingDues: [],
      waiverMaxMonths: 6,
      waiverMinMembershipMonths: 12,
      meetingWeekday: 5,
      meetingWeekOfMonth: 2,
      meetingTime: "19:00",
      twoFactorRequired: false,
      language: "en",
    });
  });

  it("are an admin's: a member gets 403, bad input 400, a month gone by 409, each changing nothing", async () => {
    expect((await put(DEFAULTS, ann.token)).statusCode).toBe(403);
    for (const bad of [
      { currency: "XYZ" },
      { currency: "dollars" },
      { monthlyDues: -1 },
      { monthlyDues: 12.345 },
      { duesFromMonth: "2026-13" },
      { meetingWeekday: 7 },
      { meetingWeekOfMonth: 5 },
      { meetingTime: "7 PM" },
      { name: "" },
      { waiverMaxMonths: 0 },
    ]) {
      const res = await put({ ...DEFAULTS, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const past = await put({ ...DEFAULTS, monthlyDues: 15, duesFromMonth: "2026-10" });
    expect(past.statusCode).toBe(409);
    expect(past.json<{ error: { code: string } }>().error.code).toBe("DUES_FROM_PAST");
    expect((await get("/api/Club/Settings")).json<ClubSettings>()).toMatchObject({
      monthlyDues: 12,
      upcomingDues: [],
    });
  });

  it("a change of the dues from next month: this month's statement unchanged, next month charged the new dues", async () => {
    const before = (await get("/api/Dues/Me", ann.token)).json<DuesStatement>();
    expect(before.balance).toBe(52);
    const res = await put({ ...DEFAULTS, monthlyDues: 15, joiningFee: 50, currency: "sek" });
    expect(res.statusCode).toBe(200);
    expect(res.json<ClubSettings>()).toMatchObject({
      currency: "SEK",
      monthlyDues: 12,
      joiningFee: 40,
      upcomingDues: [{ fromMonth: "2026-12", monthlyDues: 15, joiningFee: 50 }],
    });
    runDuesJob(t.app.deps);
    const same = (await get("/api/Dues/Me", ann.token)).json<DuesStatement>();
    expect(same.entries).toEqual(before.entries);
    expect(same.balance).toBe(52);

    clock = new Date("2026-12-01T09:00:00Z");
    runDuesJob(t.app.deps);
    const next = (await get("/api/Dues/Me", ann.token)).json<DuesStatement>();
    expect(next.balance).toBe(67);
    expect(next.entries.map((e) => [e.kind, e.month, e.amount])).toEqual(
      expect.arrayContaining([
        ["monthly", "2026-12", 15],
        ["monthly", "2026-11", 12],
        ["joining", "2026-11", 40],
      ]),
    );
    expect((await get("/api/Club/Settings")).json<ClubSettings>()).toMatchObject({
      monthlyDues: 15,
      joiningFee: 50,
      firstPayment: 65,
      duesFromMonth: "2026-12",
      upcomingDues: [],
    });
    // A member joining now pays the new joining fee and dues.
    const bea = await t.member();
    expect((await get("/api/Dues/Me", bea.token)).json<DuesStatement>().balance).toBe(65);
  });

  it("the dues reminder says the balance in the club's currency", async () => {
    clock = new Date("2027-01-02T09:00:00Z");
    runDuesJob(t.app.deps);
    sendDuesReminders(t.app.deps);
    await t.app.deps.mailer.flush();
    await t.app.deps.mailer.flush();
    const mail = smtp.messages
      .filter((m) => m.to.includes(ann.user.email))
      .map((m) => decodeQuotedPrintable(m.raw));
    expect(mail.join("\n")).toMatch(/balance is SEK\D{1,3}82, of which SEK\D{1,3}67 is for earlier months/);
  });

  it("the meeting rule moves the next meeting and the calendar; the name names the feed", async () => {
    const res = await put({
      ...DEFAULTS,
      currency: "SEK",
      monthlyDues: 15,
      joiningFee: 50,
      duesFromMonth: "2027-01",
      name: "Stockholm Dram Society",
      meetingWeekday: 4,
      meetingWeekOfMonth: 1,
      meetingTime: "18:30",
    });
    expect(res.statusCode).toBe(200);
    const next = (await get("/api/MonthlyMeetings/Next")).json<NextMeeting>();
    expect(next).toMatchObject({ date: "2027-01-07", time: "18:30", meetingId: null });
    const ics = await get("/calendar.ics");
    expect(ics.body).toContain("X-WR-CALNAME:Stockholm Dram Society");
  });
});

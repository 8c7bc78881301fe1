import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DuesStatement } from "@club/shared";
import {
  createTestApp,
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSink,
  type TestApp,
} from "../../../test/helpers";
import { runDuesJob, sendDuesReminders } from "./job";

/**
 * The dues job. Monthly charging is idempotent whatever the times it runs at (server
 * restarts, months it was off, several runs a day); a pending member is not charged; once a month
 * a member who is behind gets one email, unless paid up or opted out.
 */
let smtp: SmtpSink;
let t: TestApp;
let clock = new Date("2026-11-23T12:00:00Z");

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ env: { CLUB_TIMEZONE: "Europe/London" }, smtpPort: smtp.port, now: () => clock });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.app.deps.db.$client;
const entries = (memberId: number) =>
  db()
    .prepare("SELECT kind, month FROM dues_entries WHERE member_id = ? ORDER BY kind, month")
    .all(memberId) as { kind: string; month: string }[];
/**
 * Every message due is delivered and in the sink: a pass of the mailer that started after the
 * writes (the first flush may join a pass already under way, which listed the outbox before them).
 * The sink stores a message before it answers the server's DATA, so a delivered one is there.
 */
const settle = async () => {
  await t.app.deps.mailer.flush();
  await t.app.deps.mailer.flush();
};
const duesMail = (address: string) =>
  smtp.messages
    .filter((m) => m.to.includes(address))
    .map((m) => decodeQuotedPrintable(m.raw))
    .filter((raw) => /Subject: Club dues:/.test(raw.split(/\r?\n\r?\n/)[0] ?? ""));

describe("the dues job", () => {
  it("charges a pending member nothing until approved: membership, and dues, start then", async () => {
    const newcomer = await t.member("newcomer@example.com");
    db().prepare("UPDATE members SET status = 'pending' WHERE id = ?").run(newcomer.user.id);
    runDuesJob(t.app.deps);
    expect(entries(newcomer.user.id)).toEqual([]);
    db().prepare("UPDATE members SET status = 'active' WHERE id = ?").run(newcomer.user.id);
    runDuesJob(t.app.deps);
    expect(entries(newcomer.user.id)).toEqual([
      { kind: "joining", month: "2026-11" },
      { kind: "monthly", month: "2026-11" },
    ]);
  });

  it("emails a member who is behind once a month; not one paid up, nor one who turned the emails off", async () => {
    const ann = await t.member("ann@example.com");
    const bob = await t.member("bob@example.com");
    const cat = await t.member("cat@example.com");
    const treasurer = await t.member("treasurer@example.com", { role: "treasurer" });
    runDuesJob(t.app.deps); // all three join in November: $52 each
    const off = await t.request({
      method: "PUT",
      url: "/api/Account/Preferences",
      token: bob.token,
      payload: { meetingReminders: true, duesReminders: false },
    });
    expect(off.statusCode).toBe(200);
    const paid = await t.request({
      method: "POST",
      url: "/api/Dues/Payments",
      token: treasurer.token,
      payload: { memberId: cat.user.id, amount: 100, date: "2026-11-23", method: "cash" },
    });
    expect(paid.statusCode).toBe(201);

    // November's own charge is not "behind" yet.
    sendDuesReminders(t.app.deps);
    await settle();
    expect(duesMail("ann@example.com")).toHaveLength(0);

    clock = new Date("2027-01-02T09:00:00Z");
    runDuesJob(t.app.deps);
    sendDuesReminders(t.app.deps);
    sendDuesReminders(t.app.deps);
    await settle();
    // Delivery is asynchronous: wait for the message rather than for a time.
    await expect.poll(() => duesMail("ann@example.com").length, { timeout: 15_000 }).toBe(1);
    const mail = duesMail("ann@example.com");
    const statement = (
      await t.request({ method: "GET", url: "/api/Dues/Me", token: ann.token })
    ).json<DuesStatement>();
    expect(statement.balance).toBe(76); // $52 on joining, December and January
    expect(mail[0]).toContain("Subject: Club dues: $76 to pay");
    expect(mail[0]).toContain("of which $64 is for earlier months (2 months)");
    expect(mail[0]).toContain("/dues");
    expect(duesMail("bob@example.com")).toHaveLength(0);
    expect(duesMail("cat@example.com")).toHaveLength(0);

    // The next month, one more.
    clock = new Date("2027-02-03T09:00:00Z");
    runDuesJob(t.app.deps);
    sendDuesReminders(t.app.deps);
    await settle();
    await expect.poll(() => duesMail("ann@example.com").length, { timeout: 15_000 }).toBe(2);
  });
});

/** "2027-07": the month a moment falls in for the club (Europe/London, as the app above). */
const londonMonth = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
});

describe("monthly charging (fast-check)", () => {
  it("charges each month from joining to now exactly once, whatever the times the job runs at", async () => {
    const member = await t.member("runs@example.com");
    const joined = new Date("2027-03-10T12:00:00Z");
    await fc.assert(
      fc.asyncProperty(
        // Offsets in hours from joining, in any order (a clock set back, too), repeated at will.
        fc.array(fc.integer({ min: 0, max: 24 * 400 }), { minLength: 1, maxLength: 12 }),
        async (offsets) => {
          db().prepare("DELETE FROM dues_entries WHERE member_id = ?").run(member.user.id);
          db()
            .prepare("UPDATE members SET dues_from = NULL, dues_until = NULL, joined_at = NULL WHERE id = ?")
            .run(member.user.id);
          clock = joined;
          runDuesJob(t.app.deps);
          let latest = joined;
          for (const hours of offsets) {
            clock = new Date(joined.getTime() + hours * 3_600_000);
            if (clock > latest) latest = clock;
            runDuesJob(t.app.deps);
          }
          const monthly = entries(member.user.id)
            .filter((e) => e.kind === "monthly")
            .map((e) => e.month);
          // The club's month (CLUB_TIMEZONE), not UTC's: they differ for an hour at each month's
          // end in summer, which a random run hit now and then (the example below).
          const lastMonth = londonMonth.format(latest);
          const expected: string[] = [];
          for (let m = "2027-03"; m <= lastMonth; m = nextMonth(m)) expected.push(m);
          expect(monthly).toEqual(expected);
          expect(entries(member.user.id).filter((e) => e.kind === "joining")).toHaveLength(1);
        },
      ),
      // The last run an hour into July in London (23:00 UTC on June 30, British Summer Time).
      { numRuns: 60, examples: [[[2699]]] },
    );
  });
});

function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

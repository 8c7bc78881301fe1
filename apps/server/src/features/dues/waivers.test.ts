import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DuesReport, DuesStatement } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { runDuesJob } from "./job";

/**
 * The treasurer's year with a hardship waiver: a veteran owing $24 from before the app gets the six
 * months the About page allows. A waiver covers each month as that month is charged; old debt stays
 * owed; a member who paid nothing is never in credit; the report's totals equal their lines.
 */
let t: TestApp;
let clock = new Date("2026-12-02T12:00:00Z");
type M = Awaited<ReturnType<TestApp["member"]>>;
let treasurer: M;
let vera: M;

const send = (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) =>
  t.request({ method, url, token, ...(payload ? { payload } : {}) });
const statementOf = async (memberId: number) =>
  (await send("GET", `/api/Dues/Members/${memberId}`, treasurer.token)).json<DuesStatement>();
const reportOf = async (query: string) =>
  (await send("GET", `/api/Dues/Report?${query}`, treasurer.token)).json<DuesReport>();
const cents = (n: number) => Math.round(n * 100);
const sumOf = (xs: { amount: number }[]) => xs.reduce((s, x) => s + cents(x.amount), 0);
/** Every total of the report is the sum of the lines listed under it. */
function expectTotalsEqualLines(r: DuesReport) {
  expect(r.byMonth.reduce((s, m) => s + cents(m.charged), 0)).toBe(cents(r.charges));
  expect(r.byMonth.reduce((s, m) => s + cents(m.received), 0)).toBe(cents(r.payments));
  expect(r.byMonth.reduce((s, m) => s + cents(m.waived), 0)).toBe(cents(r.waivers));
  expect(sumOf(r.owing) - sumOf(r.credits)).toBe(cents(r.closingOwed));
  expect(cents(r.openingOwed) + cents(r.charges) - cents(r.payments) - cents(r.waivers)).toBe(
    cents(r.closingOwed),
  );
}

beforeAll(async () => {
  t = await createTestApp({ env: { CLUB_TIMEZONE: "UTC" }, now: () => clock });
  treasurer = await t.member(undefined, { role: "treasurer" });
  vera = await t.member();
  runDuesJob(t.app.deps);
  const res = await send("PUT", `/api/Dues/Members/${vera.user.id}/Opening`, treasurer.token, {
    memberSince: "2019-03-05",
    joiningFeePaid: true,
    firstChargedMonth: "2026-12",
    openingBalance: 24,
    note: "Owed October and November",
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t.close());

describe("a veteran entered with an opening", () => {
  it("is paid through the month her debt from before reaches back to, not 'nothing yet'", async () => {
    expect(await statementOf(vera.user.id)).toMatchObject({
      balance: 36,
      standing: "behind",
      amountBehind: 24,
      paidThrough: "2026-09",
    });
  });
});

describe("a hardship waiver of six months", () => {
  it("covers this month only until the next is charged: $24 still owed, never in credit", async () => {
    const res = await send("POST", "/api/Dues/Waivers", treasurer.token, {
      memberId: vera.user.id,
      fromMonth: "2026-12",
      months: 6,
      reason: "Lost her job",
    });
    expect(res.statusCode).toBe(201);
    const s = res.json<DuesStatement>();
    expect(s).toMatchObject({ balance: 24, standing: "behind", amountBehind: 24, paidThrough: "2026-09" });
    // Every month of it is on her statement; those not charged yet say so.
    const waivers = s.entries.filter((e) => e.kind === "waiver");
    expect(waivers.map((w) => [w.month, w.pending])).toEqual(
      expect.arrayContaining([
        ["2026-12", false],
        ["2027-01", true],
        ["2027-05", true],
      ]),
    );
    // The CSV marks them too: a spreadsheet can leave them out of a member's sum.
    const csv = Papa.parse<Record<string, string>>(
      (await send("GET", "/api/Dues/Export?bom=false", treasurer.token)).body,
      {
        header: true,
        skipEmptyLines: true,
      },
    ).data.filter((r) => r.kind === "waiver");
    expect(csv.map((r) => [r["month (YYYY-MM)"], r.pending])).toEqual(
      expect.arrayContaining([
        ["2026-12", ""],
        ["2027-01", "yes"],
      ]),
    );
    const list = (await send("GET", "/api/Dues", treasurer.token)).json<{ member: { id: number } }[]>();
    expect(list.find((r) => r.member.id === vera.user.id)).toMatchObject({ standing: "behind", balance: 24 });
  });

  it("the report books $12 waived in December, not $72, and its totals equal their lines", async () => {
    const r = await reportOf("from=2026-12&to=2026-12");
    expect(r.waivers).toBe(12);
    expect(r.byMonth[0]).toMatchObject({ month: "2026-12", waived: 12 });
    expect(r.owing.find((o) => o.member.id === vera.user.id)?.amount).toBe(24);
    expect(r.credits.find((c) => c.member.id === vera.user.id)).toBeUndefined();
    expectTotalsEqualLines(r);
  });

  it("paying her old debt makes her paid up, not in credit; each month is waived as it is charged", async () => {
    const paid = await send("POST", "/api/Dues/Payments", treasurer.token, {
      memberId: vera.user.id,
      amount: 24,
      date: "2026-12-02",
      method: "cash",
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json<DuesStatement>()).toMatchObject({
      balance: 0,
      standing: "paid-up",
      paidThrough: "2026-12",
    });
    clock = new Date("2027-01-01T09:00:00Z");
    runDuesJob(t.app.deps);
    expect(await statementOf(vera.user.id)).toMatchObject({
      balance: 0,
      standing: "paid-up",
      paidThrough: "2027-01",
    });
    const january = await reportOf("from=2027-01&to=2027-01");
    expect(january.waivers).toBe(12);
    expect(january.byMonth[0]).toMatchObject({ month: "2027-01", waived: 12, received: 0 });
    const listed = [...january.owing, ...january.credits].map((o) => o.member.id);
    expect(listed).not.toContain(vera.user.id); // neither owing nor in credit
    expectTotalsEqualLines(january);
    // The period before never changes.
    expect((await reportOf("from=2026-12&to=2026-12")).waivers).toBe(12);
    expectTotalsEqualLines(await reportOf("from=2026-01&to=2027-12"));
  });

  it("undone, it voids every month; only the months it covered come back as owed", async () => {
    const caller = t.caller(treasurer.user);
    const [entry] = await caller.activity
      .list({ entity: "duesEntry", limit: 5 })
      .then((es) => es.filter((e) => e.action === "dues.waive"));
    expect(entry).toBeDefined();
    await caller.activity.undo({ id: entry!.id });
    expect(await statementOf(vera.user.id)).toMatchObject({ balance: 24, standing: "behind" });
    const r = await reportOf("from=2027-01&to=2027-01");
    expect(r.waivers).toBe(12 - 24); // January's own, less December's and January's voided
    expectTotalsEqualLines(r);
  });
});

describe("nobody forgives their own dues", () => {
  it("a treasurer's waiver for herself, or a void of her own charge, is refused (403), changing nothing", async () => {
    const db = t.app.deps.db.$client;
    db.prepare("UPDATE members SET joined_at = ?, dues_from = ? WHERE id = ?").run(
      "2020-01-01T10:00:00Z",
      "2020-01",
      treasurer.user.id,
    );
    const lines = () => db.prepare("SELECT count(*) AS n FROM dues_entries").get();
    const before = lines();
    const own = await send("POST", "/api/Dues/Waivers", treasurer.token, {
      memberId: treasurer.user.id,
      fromMonth: "2027-01",
      months: 1,
      reason: "Hardship",
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(
      "A hardship waiver for yourself is granted by another treasurer or an admin.",
    );
    const charge = (await statementOf(treasurer.user.id)).entries.find((e) => e.kind === "monthly")!;
    const voided = await send("POST", `/api/Dues/Entries/${charge.id}/Void`, treasurer.token, {
      reason: "not mine",
    });
    expect(voided.statusCode).toBe(403);
    expect(lines()).toEqual(before);
    // Another treasurer or an admin may.
    const admin = await t.member(undefined, { role: "admin" });
    const granted = await send("POST", "/api/Dues/Waivers", admin.token, {
      memberId: treasurer.user.id,
      fromMonth: "2027-01",
      months: 1,
      reason: "Hardship",
    });
    expect(granted.statusCode).toBe(201);
  });
});

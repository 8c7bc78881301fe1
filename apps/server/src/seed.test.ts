import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OTHER_MEMBERS } from "@club/db";
import { NEVER_USED_DATE, type DuesMember, type DuesReport } from "@club/shared";
import { DEMO_LOGIN } from "./seed";
import { createTestApp, type TestApp } from "../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DEMO_DATA: "true" } });
});
afterAll(() => t.close());

describe("demo data on a new database", () => {
  it("lets the demo member log in", async () => {
    const res = await t.request({ method: "POST", url: "/login", payload: DEMO_LOGIN });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: DEMO_LOGIN.email });
  });

  it("lets nobody log in as the other demo members", async () => {
    for (const m of DEMO_OTHER_MEMBERS) {
      for (const password of ["!", "", DEMO_LOGIN.password]) {
        const res = await t.request({ method: "POST", url: "/login", payload: { email: m.email, password } });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
  });

  it("serves the demo meetings, meeting details, themes and lookups", async () => {
    const list = (
      await t.request({ method: "GET", url: "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames" })
    ).json<{ id: number; date: string }[]>();
    expect(list).toHaveLength(11);
    const past = list[1]!;
    const detail = await t.request({ method: "GET", url: `/api/MonthlyMeetings/${past.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().bottlesSampled.length).toBeGreaterThan(0);
    const themes = (await t.request({ method: "GET", url: "/api/MonthlyThemes/WithLastDate" })).json<
      { lastDate: string }[]
    >();
    expect(themes.some((th) => th.lastDate === NEVER_USED_DATE)).toBe(true);
    expect(themes.some((th) => th.lastDate === `${past.date}T00:00:00`)).toBe(true);
    const brands = (await t.request({ method: "GET", url: "/api/Brands" })).json<{ name: string }[]>();
    expect(brands.map((b) => b.name)).toEqual(
      expect.arrayContaining(["Buffalo Trace", "Lagavulin", "Redbreast"]),
    );
  });
});

describe("the demo club on first start: scoring, results and money to see", () => {
  const login = async () =>
    (await t.request({ method: "POST", url: "/login", payload: DEMO_LOGIN })).json<{ accessToken: string }>()
      .accessToken;

  it("its last night was blind, scored and revealed: results and journals to read", async () => {
    const token = await login();
    const list = (
      await t.request({ method: "GET", url: "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames" })
    ).json<{ id: number; date: string }[]>();
    const last = list[1]!; // the newest past meeting (list[0] is the next one)
    const night = (
      await t.request({ method: "GET", url: `/api/MonthlyMeetings/${last.id}/Night`, token })
    ).json<{ blind: boolean; scoringOpen: boolean }>();
    expect(night).toMatchObject({ blind: true, scoringOpen: false });
    const results = await t.request({ method: "GET", url: `/api/MonthlyMeetings/${last.id}/Results`, token });
    expect(results.statusCode, results.body).toBe(200);
    const pours =
      results.json<{ bottle: { name: string } | null; average: number | null; revealed: boolean }[]>();
    expect(pours.every((p) => p.revealed)).toBe(true);
    expect(pours.map((p) => p.bottle?.name)).toEqual([
      "Eagle Rare 10 Year",
      "George Dickel No. 12",
      "Club Store Pick Single Barrel",
    ]);
    for (const p of pours) expect(p.average).toBeGreaterThan(0);
    const journal = (await t.request({ method: "GET", url: "/api/Me/Tastings", token })).json<unknown[]>();
    expect(journal.length).toBe(6);
    const stats = (await t.request({ method: "GET", url: "/api/Stats", token })).json<
      Record<string, unknown>
    >();
    expect(JSON.stringify(stats)).toContain("Club Store Pick Single Barrel");
  });

  it("its report has months of charges, money received, a waiver and a void; every total equals its lines", async () => {
    const token = await login();
    // Two calendar years hold the demo's six months of ledger whatever today is.
    const year = new Date().getUTCFullYear();
    const url = `/api/Dues/Report?from=${year - 1}-01&to=${year}-12`;
    const res = await t.request({ method: "GET", url, token });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<DuesReport>();
    expect(r.payments).toBe(60 + 72 + 60 + 60 + 24);
    expect(r.waivers).toBe(36);
    expect(r.voids).toMatchObject([{ amount: -600, reason: "typed 600 instead of 60" }]);
    const cents = (n: number) => Math.round(n * 100);
    const sum = (xs: { amount: number }[]) => xs.reduce((s, x) => s + cents(x.amount), 0);
    expect(sum(r.owing) - sum(r.credits)).toBe(cents(r.closingOwed));
    expect(r.byMonth.reduce((s, m) => s + cents(m.charged), 0)).toBe(cents(r.charges));
    expect(r.byMonth.reduce((s, m) => s + cents(m.received), 0)).toBe(cents(r.payments));
    expect(r.byMonth.reduce((s, m) => s + cents(m.waived), 0)).toBe(cents(r.waivers));
  });
});

describe("the demo club's dues", () => {
  it("its long-standing members have openings: no joining fee, sensible standings, waivers possible", async () => {
    const admin = (await t.request({ method: "POST", url: "/login", payload: DEMO_LOGIN })).json<{
      accessToken: string;
    }>();
    const rows = (await t.request({ method: "GET", url: "/api/Dues", token: admin.accessToken })).json<
      DuesMember[]
    >();
    const by = (last: string) => rows.find((r) => r.member.lastName === last)!;
    expect(by("Member")).toMatchObject({ standing: "due", amountDue: 12, memberSince: "2021-09-10" });
    expect(by("Chen")).toMatchObject({ standing: "paid-up", memberSince: "2019-03-08" });
    expect(by("Kowalski")).toMatchObject({ standing: "behind", amountDue: 36, amountBehind: 24 });
    expect(by("Patel")).toMatchObject({ standing: "in-credit", balance: -48 });
    const entries = t.app.deps.db.$client
      .prepare("SELECT count(*) AS n FROM dues_entries WHERE kind = 'joining'")
      .get() as { n: number };
    expect(entries.n).toBe(0);
    const dave = by("Kowalski").member.id;
    const statement = (
      await t.request({ method: "GET", url: `/api/Dues/Members/${dave}`, token: admin.accessToken })
    ).json<{ entries: { kind: string; month: string | null }[] }>();
    const thisMonth = statement.entries.find((e) => e.kind === "monthly")!.month;
    const waiver = await t.request({
      method: "POST",
      url: "/api/Dues/Waivers",
      token: admin.accessToken,
      payload: { memberId: dave, fromMonth: thisMonth, months: 1, reason: "Hardship" },
    });
    expect(waiver.statusCode, waiver.body).toBe(201);
  });
});

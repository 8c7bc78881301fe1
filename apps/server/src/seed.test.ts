import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OTHER_MEMBERS } from "@club/db";
import { NEVER_USED_DATE, type DuesMember } from "@club/shared";
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

describe("the demo club's dues (issue 20)", () => {
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
    expect(by("Patel")).toMatchObject({ standing: "in-credit", balance: -24 });
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

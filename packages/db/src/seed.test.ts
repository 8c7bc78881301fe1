import { afterEach, describe, expect, it } from "vitest";
import { NEVER_USED_DATE } from "@club/shared";
import { findMeetingDetail, listMeetings } from "./queries/meetings";
import { listThemesWithLastDate } from "./queries/themes";
import { listBrands } from "./queries/lookups";
import { listShelf } from "./queries/cellar";
import { DEMO_OTHER_MEMBERS, UNUSABLE_PASSWORD_HASH, secondFriday, seedDemoData } from "./seed";
import { createTestDb } from "./testing";

const member = { email: "demo@whiskey.club", passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$fake$fake" };
const count = (db: ReturnType<typeof createTestDb>["db"], table: string) =>
  (db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe("seedDemoData", () => {
  let cleanup: (() => void) | undefined;
  afterEach(() => cleanup?.());

  function seeded(today = new Date("2026-03-20T15:00:00Z")) {
    const t = createTestDb();
    cleanup = t.cleanup;
    seedDemoData(t.db, { member, today });
    return t.db;
  }

  it("computes second Fridays", () => {
    expect(secondFriday(2026, 0).toISOString().slice(0, 10)).toBe("2026-01-09");
    expect(secondFriday(2025, 7).toISOString().slice(0, 10)).toBe("2025-08-08");
    expect(secondFriday(2026, -1).toISOString().slice(0, 10)).toBe("2025-12-12");
    expect(secondFriday(2026, 4).toISOString().slice(0, 10)).toBe("2026-05-08");
  });

  it("inserts the confirmed demo member and other members nobody can log in as", () => {
    const db = seeded();
    const rows = db.$client
      .prepare(
        "SELECT email, password_hash AS hash, first_name AS f, email_confirmed_at AS c FROM members ORDER BY id",
      )
      .all() as { email: string; hash: string; f: string; c: string | null }[];
    expect(rows[0]).toMatchObject({ email: member.email, hash: member.passwordHash, f: "Demo" });
    expect(rows.slice(1).map((r) => r.email)).toEqual(DEMO_OTHER_MEMBERS.map((m) => m.email));
    for (const r of rows) expect(r.c).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    for (const r of rows.slice(1)) expect(r.hash).toBe(UNUSABLE_PASSWORD_HASH);
  });

  it("lays out ~10 past meetings on second Fridays of the past year plus the next one", () => {
    const db = seeded();
    const list = listMeetings(db);
    expect(list).toHaveLength(11);
    const dates = list.map((m) => m.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe("2026-04-10");
    expect(dates[1]).toBe("2026-03-13");
    expect(dates[10]).toBe("2025-06-13");
    for (const d of dates) {
      const day = new Date(`${d}T00:00:00Z`);
      expect(day.getUTCDay()).toBe(5);
      expect(day.getUTCDate()).toBeGreaterThanOrEqual(8);
      expect(day.getUTCDate()).toBeLessThanOrEqual(14);
    }
    for (const m of list) {
      expect(m.host).not.toBe("");
      expect(m.theme).not.toBe("");
    }
    // The upcoming meeting has no bottles yet; every past meeting has some.
    expect(findMeetingDetail(db, list[0]!.id)!.bottlesSampled).toEqual([]);
    for (const m of list.slice(1))
      expect(findMeetingDetail(db, m.id)!.bottlesSampled.length).toBeGreaterThan(0);
  });

  it("has themes, some never used", () => {
    const db = seeded();
    const themes = listThemesWithLastDate(db, "9999-12-31");
    expect(themes.length).toBeGreaterThanOrEqual(8);
    expect(themes.filter((t) => t.lastDate === NEVER_USED_DATE).length).toBeGreaterThanOrEqual(2);
    expect(themes.find((t) => t.name === "Bourbon Basics")?.lastDate).toBe("2026-03-13T00:00:00");
  });

  it("has ~20 bottles with lookups resolved, some without brand or state, linked to meetings", () => {
    const db = seeded();
    expect(count(db, "bottles")).toBeGreaterThanOrEqual(20);
    const bottles = db.$client
      .prepare(
        `SELECT b.name, br.name AS brand, d.name AS type, c.name AS country, s.name AS state, b.abv, b.store_link AS link
         FROM bottles b LEFT JOIN brands br ON br.id = b.brand_id LEFT JOIN drink_types d ON d.id = b.drink_type_id
         LEFT JOIN countries c ON c.id = b.country_id LEFT JOIN states s ON s.id = b.state_id`,
      )
      .all() as {
      name: string;
      brand: string | null;
      type: string | null;
      state: string | null;
      abv: number;
      link: string | null;
    }[];
    expect(bottles.find((b) => b.name === "Lagavulin 16")).toMatchObject({
      brand: "Lagavulin",
      type: "Single Malt Scotch",
      country: "Scotland",
      state: "Islay",
      abv: 43,
    });
    expect(bottles.some((b) => b.brand === null)).toBe(true);
    expect(bottles.some((b) => b.state === null)).toBe(true);
    expect(bottles.some((b) => b.link?.startsWith("https://"))).toBe(true);
    for (const b of bottles) expect(b.abv).toBeGreaterThanOrEqual(0);
    for (const b of bottles) expect(b.abv).toBeLessThanOrEqual(100);
    expect(listBrands(db).map((b) => b.name)).toContain("Buffalo Trace");
    expect(count(db, "meeting_bottles")).toBeGreaterThanOrEqual(20);
  });

  it("has 1-3 purchases per bottle, some finished, none in the future", () => {
    const today = new Date("2026-03-20T15:00:00Z");
    const db = seeded(today);
    const perBottle = db.$client
      .prepare(
        "SELECT b.id, count(i.id) AS n FROM bottles b LEFT JOIN bottle_instances i ON i.bottle_id = b.id GROUP BY b.id",
      )
      .all() as { n: number }[];
    for (const row of perBottle) {
      expect(row.n).toBeGreaterThanOrEqual(1);
      expect(row.n).toBeLessThanOrEqual(3);
    }
    const instances = db.$client
      .prepare(
        "SELECT date_purchased AS bought, date_finished AS done, purchase_price_cents AS cents FROM bottle_instances",
      )
      .all() as { bought: string; done: string | null; cents: number }[];
    expect(instances.filter((i) => i.done !== null).length).toBeGreaterThan(5);
    expect(instances.filter((i) => i.done === null).length).toBeGreaterThan(5);
    for (const i of instances) {
      expect(i.bought).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(i.bought <= "2026-03-20").toBe(true);
      expect(Number.isInteger(i.cents)).toBe(true);
      if (i.done) {
        expect(new Date(i.done).toISOString()).toBe(i.done);
        expect(i.done > i.bought).toBe(true);
        expect(Date.parse(i.done)).toBeLessThan(today.getTime());
      }
    }
  });

  it("has ~30 comments by the demo member and the others, never in the future", () => {
    const today = new Date("2026-03-20T15:00:00Z");
    const db = seeded(today);
    const rows = db.$client.prepare("SELECT member_id AS m, created_at AS at FROM bottle_comments").all() as {
      m: number;
      at: string;
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(25);
    expect(new Set(rows.map((r) => r.m)).size).toBe(4);
    for (const r of rows) expect(Date.parse(r.at)).toBeLessThanOrEqual(today.getTime());
  });

  it("works on the second Friday itself and at the turn of the year", () => {
    for (const today of [new Date("2026-03-13T20:00:00Z"), new Date("2026-01-02T00:30:00Z")]) {
      const db = seeded(today);
      const dates = listMeetings(db).map((m) => m.date);
      expect(dates).toHaveLength(11);
      expect(new Set(dates).size).toBe(11);
      expect(dates.filter((d) => d > today.toISOString().slice(0, 10))).toHaveLength(1);
      cleanup?.();
      cleanup = undefined;
    }
  });

  it("stocks the shelf: opened purchases, a reading, and sizes other than 700 ml", () => {
    const db = seeded();
    const shelf = listShelf(db, "2026-03-20");
    expect(shelf.length).toBeGreaterThan(3);
    expect(shelf.some((item) => item.levelSource === "reading" && item.name === "Kavalan Classic")).toBe(
      true,
    );
    expect(shelf.some((item) => item.levelSource === "estimate" && item.fillLevelPct < 100)).toBe(true);
    expect(shelf.some((item) => item.sizeMl !== 700)).toBe(true);
    for (const [a, b] of shelf.slice(1).map((item, i) => [shelf[i]!, item] as const))
      expect(a.fillLevelPct).toBeLessThanOrEqual(b.fillLevelPct);
    // Every opened date lies between the purchase and the finish (or today).
    const wrong = db.$client
      .prepare(
        `SELECT count(*) AS n FROM bottle_instances WHERE opened_date IS NOT NULL AND (opened_date < date_purchased
          OR opened_date > coalesce(substr(date_finished, 1, 10), '2026-03-20'))`,
      )
      .get() as { n: number };
    expect(wrong.n).toBe(0);
  });

  it("seeds everything or nothing (one transaction)", () => {
    const t = createTestDb();
    cleanup = t.cleanup;
    t.db.$client
      .prepare(
        "INSERT INTO members (email, password_hash, first_name, last_name, email_confirmed_at) VALUES (?, '!', 'X', 'Y', '2026-01-01')",
      )
      .run(DEMO_OTHER_MEMBERS[1].email);
    expect(() => seedDemoData(t.db, { member })).toThrow();
    expect(count(t.db, "themes")).toBe(0);
    expect(count(t.db, "members")).toBe(1);
  });
});

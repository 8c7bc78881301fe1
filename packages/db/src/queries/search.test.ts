import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "../client";
import { createTestDb } from "../testing";
import { insertMember } from "./members";
import {
  normalizeSearchText,
  searchBottles,
  searchEverything,
  similarBottles,
  trigrams,
  type BottleSearchOptions,
} from "./search";

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

function club() {
  const t = createTestDb();
  cleanup = t.cleanup;
  const db = t.db;
  const memberId = insertMember(db, {
    email: "ann@example.org",
    passwordHash: "x",
    firstName: "Ann",
    lastName: "Lee",
    emailConfirmedAt: "2026-01-01T00:00:00.000Z",
  }).id;
  return { db, memberId };
}

const lookupId = (db: Db, table: string, name: string) =>
  (db.$client.prepare(`SELECT id FROM ${table} WHERE name = ?`).get(name) as { id: number }).id;

function addBottle(
  db: Db,
  name: string,
  extra: Partial<{
    brand: string;
    type: string;
    country: string;
    region: string;
    abv: number;
    store: string;
  }> = {},
): number {
  const brandId = extra.brand
    ? Number(db.$client.prepare("INSERT INTO brands (name) VALUES (?)").run(extra.brand).lastInsertRowid)
    : null;
  return Number(
    db.$client
      .prepare(
        "INSERT INTO bottles (name, brand_id, drink_type_id, country_id, state_id, abv, store_link) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        name,
        brandId,
        extra.type ? lookupId(db, "drink_types", extra.type) : null,
        extra.country ? lookupId(db, "countries", extra.country) : null,
        extra.region ? lookupId(db, "states", extra.region) : null,
        extra.abv ?? 43,
        extra.store ?? null,
      ).lastInsertRowid,
  );
}

const names = (db: Db, q: string, more: Partial<BottleSearchOptions> = {}) =>
  searchBottles(db, { q, page: 1, pageSize: 50, ...more }).items.map((b) => b.name);

describe("normalizeSearchText", () => {
  it("folds case, accents and whiskey", () => {
    expect(normalizeSearchText("  Bùnnahabhain  WHISKEY ")).toBe("bunnahabhain whisky");
    expect(trigrams("Lagavlin")).toEqual(["lag", "aga", "gav", "avl", "vli", "lin"]);
  });
});

describe("searchBottles", () => {
  it("ignores diacritics both ways", () => {
    const { db } = club();
    addBottle(db, "Bunnahabhain 12");
    addBottle(db, "Bùnnahabhain Stiùireadair");
    expect(names(db, "Bùnnahabhain").sort()).toEqual(["Bunnahabhain 12", "Bùnnahabhain Stiùireadair"]);
    expect(names(db, "bunnahabhain").sort()).toEqual(["Bunnahabhain 12", "Bùnnahabhain Stiùireadair"]);
    expect(names(db, "stiuireadair")).toEqual(["Bùnnahabhain Stiùireadair"]);
  });

  it("finds whisky as whiskey and back", () => {
    const { db } = club();
    addBottle(db, "Redbreast Irish Whiskey");
    addBottle(db, "Nikka Coffey Grain Whisky");
    addBottle(db, "Plain Rum");
    expect(names(db, "whisky").sort()).toEqual(["Nikka Coffey Grain Whisky", "Redbreast Irish Whiskey"]);
    expect(names(db, "WHISKEY").sort()).toEqual(["Nikka Coffey Grain Whisky", "Redbreast Irish Whiskey"]);
    expect(names(db, "irish whisky")).toEqual(["Redbreast Irish Whiskey"]);
  });

  it("matches substrings and short words", () => {
    const { db } = club();
    addBottle(db, "Lagavulin 16");
    addBottle(db, "Lagavulin 8");
    addBottle(db, "Ardbeg Uigeadail");
    expect(names(db, "avuli").sort()).toEqual(["Lagavulin 16", "Lagavulin 8"]);
    expect(names(db, "lagavulin 16")).toEqual(["Lagavulin 16"]);
    expect(names(db, "16")).toEqual(["Lagavulin 16"]);
  });

  it("forgives small typos, but not noise", () => {
    const { db } = club();
    addBottle(db, "Lagavulin 16", { region: "Islay" });
    addBottle(db, "Glenfarclas 105");
    addBottle(db, "Talisker 10");
    expect(names(db, "lagavlin")).toEqual(["Lagavulin 16"]);
    expect(names(db, "talsker")).toEqual(["Talisker 10"]);
    expect(names(db, "qwertyuiop")).toEqual([]);
    expect(names(db, "glenlivet")).toEqual([]);
  });

  it("searches brand, type, country, region, store site, comments and aliases, name hits first", () => {
    const { db, memberId } = club();
    const inComment = addBottle(db, "Mystery Cask");
    db.$client
      .prepare("INSERT INTO bottle_comments (bottle_id, member_id, comment) VALUES (?, ?, ?)")
      .run(inComment, memberId, "Smells of smoked kippers and Islay peat");
    const byName = addBottle(db, "Islay Storm");
    const inRegion = addBottle(db, "Port Charlotte", {
      region: "Islay",
      country: "Scotland",
      brand: "Bruichladdich",
    });
    addBottle(db, "Buffalo Trace", { type: "Bourbon", store: "https://www.finewhiskies.example/bt" });
    const kept = addBottle(db, "Ardbeg Corryvreckan");
    db.$client
      .prepare("INSERT INTO bottle_aliases (bottle_id, name, merged_from_id) VALUES (?, ?, ?)")
      .run(kept, "Ardbeg Corry (old label)", 999);

    const islay = searchBottles(db, { q: "islay", page: 1, pageSize: 50 }).items.map((b) => b.id);
    expect(islay[0]).toBe(byName);
    expect(islay.sort()).toEqual([inComment, byName, inRegion].sort());
    expect(names(db, "kippers")).toEqual(["Mystery Cask"]);
    expect(names(db, "bruichladdich")).toEqual(["Port Charlotte"]);
    expect(names(db, "bourbon")).toEqual(["Buffalo Trace"]);
    expect(names(db, "finewhiskies")).toEqual(["Buffalo Trace"]);
    expect(names(db, "scotland")).toEqual(["Port Charlotte"]);
    expect(names(db, "old label")).toEqual(["Ardbeg Corryvreckan"]);
  });

  it("follows inserts, updates, deletes, renamed lookups and an undone delete", () => {
    const { db, memberId } = club();
    const id = addBottle(db, "Springbank 10", { brand: "Springbank" });
    expect(names(db, "springbank")).toEqual(["Springbank 10"]);
    db.$client.prepare("UPDATE bottles SET name = ? WHERE id = ?").run("Hazelburn 12", id);
    expect(names(db, "hazelburn")).toEqual(["Hazelburn 12"]);
    expect(names(db, "10")).toEqual([]); // the old name is gone
    expect(names(db, "springbank")).toEqual(["Hazelburn 12"]); // still the brand
    db.$client.prepare("UPDATE brands SET name = 'Mitchell' WHERE name = 'Springbank'").run();
    expect(names(db, "mitchell")).toEqual(["Hazelburn 12"]);

    const comment = db.$client
      .prepare("INSERT INTO bottle_comments (bottle_id, member_id, comment) VALUES (?, ?, ?)")
      .run(id, memberId, "Notes of brine").lastInsertRowid;
    expect(names(db, "brine")).toEqual(["Hazelburn 12"]);
    db.$client.prepare("UPDATE bottle_comments SET comment = 'Notes of toffee' WHERE id = ?").run(comment);
    expect(names(db, "brine")).toEqual([]);
    expect(names(db, "toffee")).toEqual(["Hazelburn 12"]);
    db.$client.prepare("DELETE FROM bottle_comments WHERE id = ?").run(comment);
    expect(names(db, "toffee")).toEqual([]);

    const row = db.$client.prepare("SELECT * FROM bottles WHERE id = ?").get(id) as Record<string, unknown>;
    db.$client.prepare("DELETE FROM bottles WHERE id = ?").run(id);
    expect(names(db, "hazelburn")).toEqual([]);
    expect(db.$client.prepare("SELECT count(*) AS n FROM bottle_search").get()).toEqual({ n: 0 });
    // An undo puts the row back with its old id.
    const columns = Object.keys(row);
    db.$client
      .prepare(
        `INSERT INTO bottles (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`,
      )
      .run(row);
    expect(names(db, "hazelburn")).toEqual(["Hazelburn 12"]);
  });

  it("a rolled back write leaves the index as it was", () => {
    const { db } = club();
    addBottle(db, "Octomore 14.1");
    expect(() =>
      db.$client.transaction(() => {
        db.$client.prepare("UPDATE bottles SET name = 'Renamed'").run();
        throw new Error("rollback");
      })(),
    ).toThrow("rollback");
    expect(names(db, "octomore")).toEqual(["Octomore 14.1"]);
  });

  it("filters, sorts and pages", () => {
    const { db } = club();
    for (let i = 1; i <= 12; i++)
      addBottle(db, `Bottle ${String(i).padStart(2, "0")}`, {
        abv: 40 + i,
        type: i % 2 ? "Bourbon" : "Rum",
      });
    const bourbon = lookupId(db, "drink_types", "Bourbon");
    const page2 = searchBottles(db, { typeId: bourbon, sort: "abv", dir: "desc", page: 2, pageSize: 4 });
    expect(page2.total).toBe(6);
    expect(page2.items.map((b) => b.abv)).toEqual([43, 41]);
    expect(
      searchBottles(db, { abvMin: 50, abvMax: 51, page: 1, pageSize: 10 }).items.map((b) => b.name),
    ).toEqual(["Bottle 10", "Bottle 11"]);
    const beyond = searchBottles(db, { page: 9, pageSize: 10 });
    expect(beyond).toEqual({ total: 12, items: [] });
    const first = searchBottles(db, { page: 1, pageSize: 1 }).items[0];
    expect(first).toMatchObject({
      name: "Bottle 01",
      status: "never_bought",
      costPerPour: null,
      clubScore: null,
    });
  });
});

it("sorts by status in the order of bottleStatusSql: open, sealed, finished, never bought", () => {
  const { db } = club();
  const buy = (bottleId: number, finished: string | null, opened: string | null) =>
    db.$client
      .prepare(
        "INSERT INTO bottle_instances (bottle_id, date_purchased, date_finished, purchase_price_cents, opened_date) VALUES (?, '2024-01-01', ?, 7000, ?)",
      )
      .run(bottleId, finished, opened);
  const never = addBottle(db, "A never");
  const finished = addBottle(db, "B finished");
  buy(finished, "2024-02-01", "2024-01-02");
  const sealed = addBottle(db, "C sealed");
  buy(sealed, "2024-02-01", null);
  buy(sealed, null, null);
  const open = addBottle(db, "D open");
  buy(open, null, null);
  buy(open, null, "2024-01-05");
  const page = searchBottles(db, { sort: "status", page: 1, pageSize: 10 }).items;
  expect(page.map((b) => [b.id, b.status])).toEqual([
    [open, "open"],
    [sealed, "sealed"],
    [finished, "finished"],
    [never, "never_bought"],
  ]);
  expect(page.find((b) => b.id === open)?.costPerPour).toBe(2.5);
  const reversed = searchBottles(db, { sort: "status", dir: "desc", page: 1, pageSize: 10 }).items;
  expect(reversed.map((b) => b.status)).toEqual(["never_bought", "finished", "sealed", "open"]);
});

describe("similarBottles", () => {
  it("ranks the closest names first, with a score", () => {
    const { db } = club();
    addBottle(db, "Lagavulin 16", { brand: "Lagavulin" });
    addBottle(db, "Laphroaig 10");
    addBottle(db, "Glenfiddich 12");
    const similar = similarBottles(db, "Lagavulin 16 Year");
    expect(similar[0]).toMatchObject({ name: "Lagavulin 16", brand: "Lagavulin" });
    expect(similar[0]!.score).toBeGreaterThan(0.5);
    expect(similarBottles(db, "lagavlin")[0]?.name).toBe("Lagavulin 16");
    expect(similarBottles(db, "Glenfiddich 12")[0]).toMatchObject({ name: "Glenfiddich 12", score: 1 });
    expect(similarBottles(db, "zz")).toEqual([]);
  });

  it("takes control characters as spaces, NUL included (FTS5 would end its phrase there)", () => {
    const { db } = club();
    addBottle(db, "Lagavulin 16", { brand: "Lagavulin" });
    for (const text of ["\u0000", "lag\u0000avulin", "\u000f\u0012isPro", "lagavulin\u0000\u0007"]) {
      expect(() => similarBottles(db, text)).not.toThrow();
      expect(() => searchBottles(db, { q: text, page: 1, pageSize: 10 })).not.toThrow();
      expect(() => searchEverything(db, text)).not.toThrow();
    }
    expect(similarBottles(db, "lagavulin\u0000")[0]?.name).toBe("Lagavulin 16");
    expect(names(db, "\u0007lagavulin")).toEqual(["Lagavulin 16"]);
  });
});

describe("searchEverything", () => {
  it("finds bottles, meetings by theme or host, and themes", () => {
    const { db } = club();
    addBottle(db, "Peat Monster");
    const theme = Number(
      db.$client.prepare("INSERT INTO themes (description) VALUES ('Peat week')").run().lastInsertRowid,
    );
    db.$client
      .prepare("INSERT INTO meetings (date, host_name, theme_id) VALUES ('2026-05-07', 'Rosa Diaz', ?)")
      .run(theme);
    const found = searchEverything(db, "peat");
    expect(found.bottles.map((b) => b.name)).toEqual(["Peat Monster"]);
    expect(found.themes.map((t) => t.description)).toEqual(["Peat week"]);
    expect(found.meetings).toMatchObject([{ date: "2026-05-07", theme: "Peat week", hostName: "Rosa Diaz" }]);
    expect(searchEverything(db, "rosa").meetings).toHaveLength(1);
    expect(searchEverything(db, "100%").themes).toEqual([]);
  });
});

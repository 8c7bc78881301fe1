import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClub, type ClubProfile, type GeneratedClub } from "../bench/generator";
import { createTestApp, type TestApp } from "./helpers";

/**
 * Every read runs a fixed number of SQL statements, whatever the size of the club (no
 * N+1 queries). Two generated clubs, one tiny and one with 50x the rows, answer the same reads
 * with the read cache off; the statements each request ran are counted through better-sqlite3's
 * `verbose` hook and must be the same number in both, and few.
 */
const TINY: ClubProfile = {
  name: "tiny",
  members: 3,
  themes: 3,
  brands: 3,
  bottles: 6,
  meetings: 3,
  bottlesPerMeeting: [2, 3],
  purchasedShare: 1,
  maxPurchases: 2,
  comments: 10,
  bottlesWithImage: 1,
  distinctImages: 1,
};
const LARGER: ClubProfile = {
  ...TINY,
  name: "larger",
  members: 30,
  themes: 40,
  brands: 60,
  bottles: 300,
  meetings: 60,
  bottlesPerMeeting: [3, 9],
  maxPurchases: 4,
  comments: 1_000,
  bottlesWithImage: 20,
  distinctImages: 2,
};

/** The most statements one read may run: a detail reads its row and its children in two. */
const MAX_STATEMENTS = 2;

interface Club {
  club: GeneratedClub;
  t: TestApp;
  statements: string[];
}

async function openClub(profile: ClubProfile, readCache: boolean): Promise<Club> {
  const dataDir = mkdtempSync(join(tmpdir(), `club-stmts-${profile.name}-`));
  const club = await generateClub(dataDir, profile);
  const statements: string[] = [];
  const t = await createTestApp({
    dataDir,
    env: { READ_CACHE: String(readCache) },
    onStatement: (sql) => statements.push(sql),
  });
  return { club, t, statements };
}

/** The library's and meetings' reads (and the other public reads), REST and tRPC, for a club's ids. */
function reads(club: GeneratedClub): [string, string][] {
  const bottle = club.bottleIds[Math.floor(club.bottleIds.length / 2)] as number;
  const meeting = club.meetingIds[Math.floor(club.meetingIds.length / 2)] as number;
  const trpc = (path: string, input?: unknown) =>
    `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  return [
    ["AllBottlesList", "/api/Bottles/AllBottlesList"],
    ["Bottles/{id}", `/api/Bottles/${bottle}`],
    ["Bottles (available)", "/api/Bottles"],
    ["MonthlyMeetings/{id}", `/api/MonthlyMeetings/${meeting}`],
    ["meetings list", "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames"],
    ["themes list", "/api/MonthlyThemes/WithLastDate"],
    ["comments of a bottle", `/api/BottleComments/bottle/${bottle}`],
    ["brands", "/api/Brands"],
    ["states", "/api/States"],
    ["tRPC bottles.list", trpc("bottles.list")],
    ["tRPC bottles.byId", trpc("bottles.byId", { id: bottle })],
    ["tRPC meetings.byId", trpc("meetings.byId", { id: meeting })],
    ["tRPC meetings.list", trpc("meetings.list")],
    ["tRPC themes.list", trpc("themes.list")],
    ["tRPC comments.byBottle", trpc("comments.byBottle", { bottleId: bottle })],
  ];
}

async function countStatements(c: Club, url: string): Promise<{ status: number; sql: string[] }> {
  c.statements.length = 0;
  const res = await c.t.request({ method: "GET", url });
  return { status: res.statusCode, sql: [...c.statements] };
}

describe("statements per read, read cache off", () => {
  let tiny: Club;
  let larger: Club;

  beforeAll(async () => {
    tiny = await openClub(TINY, false);
    larger = await openClub(LARGER, false);
  }, 120_000);
  afterAll(async () => {
    for (const c of [tiny, larger]) await c?.t.close();
  });

  it("the larger club really is larger", () => {
    expect(larger.club.counts.bottles).toBe(50 * (tiny.club.counts.bottles ?? 0));
    expect(larger.club.counts.comments).toBeGreaterThan(50 * (tiny.club.counts.comments ?? 0));
  });

  it("runs the same small number of statements on a club of 6 bottles and on one of 300", async () => {
    const table: Record<string, { tiny: number; larger: number }> = {};
    const tinyReads = reads(tiny.club);
    const largerReads = reads(larger.club);
    for (const [i, [name, tinyUrl]] of tinyReads.entries()) {
      const a = await countStatements(tiny, tinyUrl);
      const b = await countStatements(larger, (largerReads[i] as [string, string])[1]);
      expect(a.status, `${name} ${tinyUrl}`).toBe(200);
      expect(b.status, `${name}`).toBe(200);
      table[name] = { tiny: a.sql.length, larger: b.sql.length };
      expect(b.sql.length, `${name}: ${b.sql.join(" | ")}`).toBe(a.sql.length);
      expect(a.sql.length, `${name}: ${a.sql.join(" | ")}`).toBeGreaterThan(0);
      expect(a.sql.length, `${name}: ${a.sql.join(" | ")}`).toBeLessThanOrEqual(MAX_STATEMENTS);
    }
    expect(Object.keys(table)).toHaveLength(tinyReads.length);
  });
});

describe("statements per read, read cache on", () => {
  let c: Club;
  beforeAll(async () => {
    c = await openClub(TINY, true);
  }, 60_000);
  afterAll(async () => c?.t.close());

  it("answers a repeated read without querying the tables again", async () => {
    for (const [name, url] of reads(c.club)) {
      const first = await countStatements(c, url);
      expect(first.status, name).toBe(200);
      const again = await countStatements(c, url);
      expect(again.status, name).toBe(200);
      // Only the cheap change check (total_changes(), sometimes PRAGMA data_version) runs.
      expect(
        again.sql.every((sql) => /total_changes\(\)|data_version/.test(sql)),
        `${name}: ${again.sql.join(" | ")}`,
      ).toBe(true);
      // No more statements than the first answer ran, but for the foreign-write check (PRAGMA
      // data_version), which falls due once every FOREIGN_WRITE_CHECK_MS whatever the read: a
      // first answer cached by its REST twin just before ran one statement, and a repeat over
      // 100 ms later (a loaded machine) ran that one and the due check.
      const withoutDue = (sql: string[]) => sql.filter((line) => !/data_version/.test(line));
      expect(withoutDue(again.sql).length, name).toBeLessThanOrEqual(withoutDue(first.sql).length);
      expect(again.sql.length - withoutDue(again.sql).length, name).toBeLessThanOrEqual(1);
    }
  });
});

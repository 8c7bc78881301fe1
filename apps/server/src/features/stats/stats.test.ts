import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Stats } from "@club/shared";
import type { AuthUser } from "../../kernel/context";
import { lookupId, newBottle } from "../../../test/bottleFixtures";
import { createTestApp, type TestApp } from "../../../test/helpers";

/**
 * A small club whose figures are worked out by hand below. Ann Lee and Bob Stone score; one
 * blind pour is still hidden and must move no figure.
 */
let t: TestApp;
let ann: AuthUser;
let bob: AuthUser;
let ids: Record<"eagle" | "buffalo" | "ardbeg" | "mystery", number>;

const run = (query: string, ...args: unknown[]) => t.app.deps.db.$client.prepare(query).run(...args);
const purchase = (bottleId: number, date: string, cents: number, by: number) =>
  run(
    "INSERT INTO bottle_instances (bottle_id, date_purchased, purchase_price_cents, created_by) VALUES (?, ?, ?, ?)",
    bottleId,
    date,
    cents,
    by,
  );
const meeting = (date: string, blind = false) =>
  Number(
    run(
      "INSERT INTO meetings (date, host_name, theme_id, blind) VALUES (?, 'Host', 1, ?)",
      date,
      blind ? 1 : 0,
    ).lastInsertRowid,
  );
const pour = (meetingId: number, bottleId: number, revealedAt: string | null = null) =>
  run(
    "INSERT INTO meeting_bottles (meeting_id, bottle_id, revealed_at) VALUES (?, ?, ?)",
    meetingId,
    bottleId,
    revealedAt,
  );
const score = (meetingId: number, bottleId: number, memberId: number, each: number) =>
  run(
    "INSERT INTO scores (meeting_id, bottle_id, member_id, nose, palate, finish, balance) VALUES (?, ?, ?, ?, ?, ?, ?)",
    meetingId,
    bottleId,
    memberId,
    each,
    each,
    each,
    each,
  );

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.member("ann@example.com");
  const b = await t.member("bob@example.com");
  ann = a.user;
  bob = b.user;
  run("UPDATE members SET first_name = 'Ann', last_name = 'Lee' WHERE id = ?", ann.id);
  run("UPDATE members SET first_name = 'Bob', last_name = 'Stone' WHERE id = ?", bob.id);
  const bourbon = lookupId(t, "drink_types", "Bourbon");
  const scotch = lookupId(t, "drink_types", "Single Malt Scotch");
  const us = lookupId(t, "countries", "United States");
  const scotland = lookupId(t, "countries", "Scotland");
  const kentucky = lookupId(t, "states", "Kentucky");
  const islay = lookupId(t, "states", "Islay");
  const us_ky = { drinkTypeId: bourbon, countryId: us, stateId: kentucky };
  ids = {
    eagle: await newBottle(t, a.token, { name: "Eagle Rare", ...us_ky }),
    buffalo: await newBottle(t, a.token, { name: "Buffalo Trace", ...us_ky }),
    ardbeg: await newBottle(t, a.token, {
      name: "Ardbeg 10",
      drinkTypeId: scotch,
      countryId: scotland,
      stateId: islay,
    }),
    mystery: await newBottle(t, a.token, { name: "Mystery" }),
  };
  purchase(ids.eagle, "2024-01-05", 4000, ann.id);
  purchase(ids.eagle, "2024-01-20", 6000, ann.id);
  purchase(ids.buffalo, "2024-03-10", 7000, bob.id);
  purchase(ids.ardbeg, "2025-02-01", 3550, ann.id);
  run("INSERT INTO themes (id, description) VALUES (1, 'Stats')");
  const open = meeting("2024-02-01");
  const hidden = meeting("2024-04-01", true);
  const revealed = meeting("2024-05-01", true);
  const unscored = meeting("2024-06-01");
  // An open night's scores count once its scoring is closed (results follow the night's secrecy).
  run("UPDATE meetings SET scoring_open = 0 WHERE id = ?", open);
  pour(open, ids.eagle);
  pour(open, ids.buffalo);
  pour(hidden, ids.mystery); // still "Dram 1"
  pour(hidden, ids.eagle); // hidden too: counts nowhere
  pour(revealed, ids.ardbeg, "2024-05-01T21:00:00Z");
  pour(unscored, ids.eagle);
  score(open, ids.eagle, ann.id, 20); // 80
  score(open, ids.eagle, bob.id, 15); // 60
  score(open, ids.buffalo, ann.id, 22); // 88
  score(hidden, ids.mystery, ann.id, 25); // 100, hidden
  score(hidden, ids.eagle, bob.id, 1); // 4, hidden
  score(revealed, ids.ardbeg, bob.id, 21); // 84
  run(
    "INSERT INTO bottle_comments (bottle_id, member_id, comment) VALUES (?, ?, 'Lovely')",
    ids.ardbeg,
    bob.id,
  );
  // A "going" answer has its place in the queue (a CHECK of migration 0008).
  run(
    "INSERT INTO rsvps (meeting_id, member_id, status, going_since) VALUES (?, ?, 'going', '2024-01-01T00:00:00Z')",
    unscored,
    ann.id,
  );
  run("INSERT INTO rsvps (meeting_id, member_id, status) VALUES (?, ?, 'declined')", unscored, bob.id);
});
afterAll(() => t.close());

describe("GET /api/Stats", () => {
  it("answers the hand-computed figures, with no trace of the hidden blind pour", async () => {
    const res = await t.request({ method: "GET", url: "/api/Stats" });
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<Stats>();
    expect(stats.spendByMonth).toEqual([
      { period: "2024-01", purchases: 2, dollars: 100 },
      { period: "2024-03", purchases: 1, dollars: 70 },
      { period: "2025-02", purchases: 1, dollars: 35.5 },
    ]);
    expect(stats.spendByYear).toEqual([
      { period: "2024", purchases: 3, dollars: 170 },
      { period: "2025", purchases: 1, dollars: 35.5 },
    ]);
    expect(stats.bottlesByType).toEqual([
      { name: "Bourbon", bottles: 2 },
      { name: "Single Malt Scotch", bottles: 1 },
      { name: "Unknown", bottles: 1 },
    ]);
    expect(stats.bottlesByCountry).toEqual([
      { name: "United States", bottles: 2 },
      { name: "Scotland", bottles: 1 },
      { name: "Unknown", bottles: 1 },
    ]);
    expect(stats.bottlesByRegion).toEqual([
      { name: "Kentucky", bottles: 2 },
      { name: "Islay", bottles: 1 },
      { name: "Unknown", bottles: 1 },
    ]);
    // Bourbon: (80 + 60 + 88) / 3 = 76; Scotch: 84. The hidden 100 and 4 count nowhere.
    expect(stats.scoreByType).toEqual([
      { name: "Single Malt Scotch", average: 84, scores: 1 },
      { name: "Bourbon", average: 76, scores: 3 },
    ]);
    expect(stats.scoreByRegion).toEqual([
      { name: "Islay", average: 84, scores: 1 },
      { name: "Kentucky", average: 76, scores: 3 },
    ]);
    expect(stats.mostPoured).toEqual([
      { bottleId: ids.eagle, name: "Eagle Rare", pours: 2 },
      { bottleId: ids.ardbeg, name: "Ardbeg 10", pours: 1 },
      { bottleId: ids.buffalo, name: "Buffalo Trace", pours: 1 },
    ]);
    // Cost per 25 ml pour of a 700 ml bottle at the latest price: 3550 -> 127 c, 7000 -> 250 c, 6000 -> 214 c.
    expect(stats.bestValue).toEqual([
      { bottleId: ids.ardbeg, name: "Ardbeg 10", clubScore: 84, costPerPour: 1.27, pointsPerDollar: 66.1 },
      {
        bottleId: ids.buffalo,
        name: "Buffalo Trace",
        clubScore: 88,
        costPerPour: 2.5,
        pointsPerDollar: 35.2,
      },
      { bottleId: ids.eagle, name: "Eagle Rare", clubScore: 70, costPerPour: 2.14, pointsPerDollar: 32.7 },
    ]);
    expect(stats.members).toEqual([
      { name: "Ann L.", comments: 0, purchases: 3, scores: 3, meetingsAttended: 2, rsvps: 1 },
      { name: "Bob S.", comments: 1, purchases: 1, scores: 3, meetingsAttended: 3, rsvps: 0 },
    ]);
    expect(res.body).not.toContain("Mystery");
  });

  it("is the same over tRPC", async () => {
    const rest = (await t.request({ method: "GET", url: "/api/Stats" })).json<Stats>();
    expect(await t.caller().stats.get()).toEqual(rest);
  });
});

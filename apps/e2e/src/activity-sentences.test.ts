import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntry } from "@club/shared";
import {
  createTestApp,
  type TestApp,
  callerToken,
  makeCtx,
  restEndpoints,
  restInject,
  seedFixtures,
  trpcEndpoints,
  trpcInject,
  type EndpointCtx,
} from "@club/server/testing";
import { approve, deactivate, invite, role, twoFactorOff } from "@club/server";
import {
  DESCRIBED_ACTIONS,
  describeActivity,
  emptyNameBook,
  learnNames,
  type NameBook,
} from "@club/web/testing";

/**
 * Every kind of change the server can write reads as a sentence in plain words on the
 * Activity screen ("added a duesEntry", "added a rsvp", "a bottle that is gone" for a hidden pour
 * were not). Makes every write of the router once, REST and tRPC, with its example (the same walk
 * as test/activity-coverage.test.ts), then describes every entry of the log as the web app does,
 * as an admin and as a member who does not run the blind night (hidden pours redacted).
 */
let t: TestApp;
let c: EndpointCtx;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "false", WRITE_BUDGET_PER_MINUTE: "100000" } });
  c = makeCtx(t, await seedFixtures(t));
  for (const e of restEndpoints.filter((x) => x.write)) {
    const call = await e.valid(c);
    const token = await callerToken(c, e.as);
    await t.request(restInject(e, call, e.as === "admin" ? c.f.admin.token : token));
  }
  for (const e of trpcEndpoints.filter((x) => x.write)) {
    const input = await e.valid(c);
    const token = await callerToken(c, e.as);
    await t.request(trpcInject(e.path, e.type, input, token));
  }
  await blindNight();
  await commandLine();
}, 300_000);
afterAll(() => t?.close());

/** A blind night the member does not run: its line-up and the member's score of a hidden pour. */
async function blindNight() {
  const admin = c.f.admin.token;
  const send = async (method: string, url: string, token: string, payload: unknown) => {
    const res = await t.request({ method, url, token, payload: payload as object });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json<{ id: number }>();
  };
  const { id } = await send("POST", "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames", admin, {
    date: "2024-11-08",
    hostName: "Blind Host",
    themeId: c.f.themeId,
  });
  await send("PUT", `/api/MonthlyMeetings/${id}/Settings`, admin, {
    capacity: null,
    blind: true,
    scoringOpen: true,
    hostMemberId: null,
  });
  const bottles = (await t.request({ method: "GET", url: "/api/Bottles" })).json<{ id: number }[]>();
  await send("PUT", `/api/MonthlyMeetings/${id}/Flight`, admin, {
    pours: bottles.slice(0, 2).map((b) => ({ bottleId: b.id })),
  });
  await send("POST", "/api/MonthlyMeetings/AddBottleToMeeting", admin, {
    meetingId: id,
    bottleId: bottles[2]!.id,
  });
  await send("PUT", `/api/MonthlyMeetings/${id}/Scores/1`, await callerToken(c, "member"), {
    nose: 20,
    palate: 20,
    finish: 20,
    balance: 20,
  });
}

/** The admin command line's membership commands (npm run admin), which write as "admin.<command>". */
async function commandLine() {
  const { db, config } = t.app.deps;
  const pending = await t.member("cli-pending@example.com");
  db.$client.prepare("UPDATE members SET status = 'pending' WHERE id = ?").run(pending.user.id);
  await approve(db, config, "cli-pending@example.com");
  await t.member("cli-role@example.com");
  await role(db, config, "cli-role@example.com", "treasurer");
  await t.member("cli-leaving@example.com");
  await deactivate(db, config, "cli-leaving@example.com");
  await invite(db, config, "cli-invited@example.com");
  // A member who lost the phone: two-factor sign-in on (its row as Enable leaves it), then off.
  const lost = await t.member("cli-phone-lost@example.com");
  db.$client
    .prepare("INSERT INTO member_totp (member_id, secret, enabled_at) VALUES (?, 'v1.unused', ?)")
    .run(lost.user.id, new Date().toISOString());
  await twoFactorOff(db, config, "cli-phone-lost@example.com");
}

/** The names the Activity screen knows (useNameBook.ts): the current lists, read over REST. */
async function nameBook(): Promise<NameBook> {
  const get = async <T>(url: string) => (await t.request({ method: "GET", url })).json<T>();
  const byId = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
  const meetings = await get<{ id: number; date: string }[]>(
    "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
  );
  return {
    ...emptyNameBook(),
    bottle: byId(await get("/api/Bottles")),
    theme: byId(await get("/api/MonthlyThemes/WithLastDate")),
    meeting: new Map(meetings.map((m) => [m.id, m.date.slice(0, 10)])),
    brand: byId(await get("/api/Brands")),
    drinkType: byId(await get("/api/DrinkTypes")),
    country: byId(await get("/api/Countries")),
    state: byId(await get("/api/States")),
  };
}

async function allEntries(token: string): Promise<ActivityEntry[]> {
  const entries: ActivityEntry[] = [];
  let before: number | undefined;
  for (;;) {
    const res = await t.request({
      method: "GET",
      url: `/api/Activity?limit=100${before ? `&before=${before}` : ""}`,
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ActivityEntry[]>();
    entries.push(...page);
    if (page.length < 100) return entries;
    before = page.at(-1)!.id;
  }
}

/** What a club member would not say. */
const INTERNAL = [
  /\b[a-z]+[A-Z]\w*\b/, // camelCase: duesEntry, meetingBottle, bottleId
  /\b(undefined|null|NaN|true|false)\b/,
  /\[object/,
  /\ba [aeiou]/i, // "a rsvp" is said "an RSVP"
  /\bthat is gone\b/,
  /\bone that is gone\b/,
  /\bid\b|#\d/,
  /\b(rsvp|json|csv)\b/, // lower-case acronyms
];

describe("every kind of change reads as a sentence in plain words", () => {
  for (const who of ["admin", "member"] as const) {
    it(`as ${who === "admin" ? "an admin (sees every pour)" : "a member (hidden pours redacted)"}`, async () => {
      const token = who === "admin" ? c.f.admin.token : await callerToken(c, "member");
      const entries = await allEntries(token);
      const names = learnNames(await nameBook(), entries);
      const actions = new Set(entries.map((e) => e.action));
      // The walk wrote every write of the router (dozens of kinds), the night and the command line.
      expect(actions.size).toBeGreaterThan(40);
      for (const action of [
        "night.score",
        "night.setFlight",
        "meetings.addBottle",
        "admin.approve",
        "admin.invite",
        "admin.totpOff",
        "totp.enable",
      ])
        expect(actions, action).toContain(action);
      if (who === "member") {
        // The member does not run the blind night: its pours reach them without their bottles.
        const hidden = entries.filter((e) => e.entityId.includes(":hidden"));
        expect(hidden.length).toBeGreaterThan(0);
        for (const entry of hidden) expect(describeActivity(entry, names)).toContain("a hidden pour");
      }
      const problems: string[] = [];
      for (const entry of entries) {
        const sentence = describeActivity(entry, names);
        if (!DESCRIBED_ACTIONS.has(entry.action)) problems.push(`${entry.action}: no sentence of its own`);
        for (const word of INTERNAL)
          if (word.test(sentence.replace(/“[^”]*”/g, "“…”")))
            problems.push(`${entry.action} (${entry.entity}): ${sentence}  [${word.source}]`);
      }
      expect([...new Set(problems)]).toEqual([]);
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";
import {
  callerToken,
  makeCtx,
  restEndpoints,
  restInject,
  restName,
  seedFixtures,
  snapshot,
  type EndpointCtx,
  type RestEndpoint,
} from "./fuzz/endpoints";

/**
 * Values that passed validation and were stored as something else: money below a cent (a $0.00
 * payment), junk after a date (stored as the date), and names with line breaks, NUL, nothing
 * visible, a right-to-left override or a zero-width space (a look-alike of another name). Every
 * JSON write of the API whose example sends such a field gets each value in it: a 400 in the
 * API's error shape, and nothing changes. A new endpoint with a money, date or name field is
 * walked the day its example is written.
 */

/** Fields by what they hold, as the examples name them. */
const MONEY = new Set(["amount", "purchasePrice", "openingBalance"]);
const DATES = new Set(["date", "datePurchased", "dateFinished", "openedDate", "memberSince"]);
const NAMES = new Set(["description", "hostName", "name", "newBrand", "firstName", "lastName", "guestOf"]);

const BAD: { kind: string; fields: Set<string>; values: unknown[] }[] = [
  { kind: "money", fields: MONEY, values: [1e-9, 5e-324, 0.001, 0.004] },
  {
    kind: "date",
    fields: DATES,
    values: ["2026-12-02Tgarbage", "2026-12-02T25:61:00Z", "2026-12-02 extra", "2026-12-02T", "2026-11-02x"],
  },
  {
    kind: "name",
    fields: NAMES,
    values: [
      "Peat\r\nWeek",
      "Peat\nWeek",
      "Peat\u0000Week",
      "\u200b\u200b",
      "\u200b",
      "\ufeff",
      "\u202eKeew Taep",
      "Peat\u2066Week",
      "Peat\u200bWeek",
      "Peat\u2060Week",
      "Peat\u00adWeek",
    ],
  },
];

let t: TestApp;
let c: EndpointCtx;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  c = makeCtx(t, await seedFixtures(t));
});
afterAll(() => t.close());

const writes = restEndpoints.filter((e) => e.body === "json" && e.method !== "GET");

/** The example's JSON body, when it is an object. */
async function bodyOf(e: RestEndpoint): Promise<Record<string, unknown> | null> {
  const call = await e.valid(c);
  const body = call.body;
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

describe("money below a cent, junk after a date, names that are not what they show", () => {
  it("reaches the fields of the payments, purchases, meetings, themes, bottles and members", async () => {
    const reached = new Set<string>();
    for (const e of writes) {
      const body = await bodyOf(e);
      for (const key of Object.keys(body ?? {}))
        if (MONEY.has(key) || DATES.has(key) || NAMES.has(key)) reached.add(`${restName(e)} ${key}`);
    }
    expect([...reached]).toEqual(
      expect.arrayContaining([
        "POST /api/Dues/Payments amount",
        "POST /api/Dues/Payments date",
        "POST /api/Dues/Payments amount",
        "POST /api/Dues/Payments date",
        "PUT /api/Dues/Members/:memberId/Opening openingBalance",
        "POST /api/BottleInstances/new purchasePrice",
        "POST /api/BottleInstances/new datePurchased",
        "PUT /api/BottleInstances/:id purchasePrice",
        "POST /api/MonthlyMeetings/PostMonthlyMeetingsWithNames date",
        "POST /api/MonthlyMeetings/PostMonthlyMeetingsWithNames hostName",
        "PUT /api/MonthlyMeetings/:id hostName",
        "POST /api/MonthlyThemes description",
        "PUT /api/MonthlyThemes/:id description",
        "POST /api/Bottles/NewBottle name",
        "POST /api/Bottles/NewBottle newBrand",
        "POST /api/Register/register firstName",
        "PUT /api/Account lastName",
        "POST /api/Guests/Join firstName",
      ]),
    );
  });

  for (const e of writes)
    it(`${restName(e)}: each value is a 400 and changes nothing`, async () => {
      const body = await bodyOf(e);
      const token = e.access === "public" && e.as === "member" ? undefined : await callerToken(c, e.as);
      const problems: string[] = [];
      for (const { kind, fields, values } of BAD)
        for (const key of Object.keys(body ?? {}).filter((k) => fields.has(k)))
          for (const value of values) {
            // A blank optional name is no name (a new bottle without a new brand).
            if (key === "newBrand" && typeof value === "string" && value.trim() === "") continue;
            const call = await e.valid(c);
            const before = snapshot(t);
            const res = await t.request(
              restInject(e, { ...call, body: { ...(call.body as object), [key]: value } }, token),
            );
            const shape = res.json<{ error?: { code?: string } }>().error?.code;
            if (res.statusCode !== 400 || shape === undefined)
              problems.push(
                `${kind} ${key}=${JSON.stringify(value)}: ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
            if (snapshot(t) !== before)
              problems.push(`${kind} ${key}=${JSON.stringify(value)}: changed data`);
          }
      expect(problems).toEqual([]);
    });
});

describe("look-alike names", () => {
  it("a theme that looks like another is the same theme (409); the name is stored composed, one space", async () => {
    const admin = c.f.admin;
    const create = (description: string) =>
      t.request({ method: "POST", url: "/api/MonthlyThemes", payload: { description }, token: admin.token });
    const first = await create("Peat  Week\u00a0Caf\u0065\u0301");
    expect(first.statusCode, first.body).toBe(201);
    const [stored] = t.app.deps.db.$client
      .prepare("SELECT description FROM themes WHERE id = ?")
      .pluck()
      .all(first.json<{ id: number }>().id) as string[];
    expect(stored).toBe("Peat Week Caf\u00e9");
    for (const lookAlike of [
      "Peat Week Caf\u00e9",
      "peat week café",
      "Peat\u200d Week Café",
      " Peat Week\tCafé ",
    ]) {
      const res = await create(lookAlike);
      expect(res.statusCode, JSON.stringify(lookAlike)).toBe(lookAlike.includes("\t") ? 400 : 409);
    }
    // A joiner inside a visible name stays (an emoji family, a Persian name).
    expect((await create("Family \u{1F468}\u200d\u{1F469}\u200d\u{1F467} night")).statusCode).toBe(201);
  });
});

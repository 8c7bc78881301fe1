/**
 * Correcting mistakes: the rules a correction must keep, over REST.
 * - PUT /api/BottleInstances/{id}: the finish date is not before the purchase date, null un-finishes,
 *   the price is more than $0, the purchase date (and the finish date) are not in the future; a
 *   refused correction changes nothing (the row, read back from SQLite, and the activity log).
 * - DELETE /api/MonthlyThemes/{id}: 409 THEME_IN_USE while a meeting uses the theme, nothing deleted;
 *   an unused theme is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages } from "@club/shared";
import { countRows, errorOf, newBottle, postJson } from "../../../test/bottleFixtures";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
let token: string;
let bottleId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.member());
  bottleId = await newBottle(t, token, { name: "Corrected" });
});
afterAll(() => t.close());

const FINISH_BEFORE_PURCHASE = "The finish date cannot be before the purchase date.";

/** The stored row, straight from SQLite (not through the code under test). */
const instanceRow = (id: number) =>
  t.app.deps.db.$client
    .prepare(
      "SELECT date_purchased AS datePurchased, date_finished AS dateFinished, purchase_price_cents AS cents FROM bottle_instances WHERE id = ?",
    )
    .get(id) as { datePurchased: string; dateFinished: string | null; cents: number } | undefined;

const newPurchase = async (datePurchased: string, purchasePrice: number): Promise<number> => {
  const res = await postJson(
    t,
    "/api/BottleInstances/new",
    { datePurchased, purchasePrice, bottleId, dateFinished: null },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};

const putInstance = (id: number, payload: Record<string, unknown>) =>
  t.request({ method: "PUT", url: `/api/BottleInstances/${id}`, token, payload });

/** The next calendar day after the latest "today" anywhere on Earth (UTC+14): in the future everywhere. */
const tomorrowEverywhere = () =>
  new Date(Date.now() + 14 * 3600_000 + 24 * 3600_000).toISOString().slice(0, 10);

describe("PUT /api/BottleInstances/{id}: the rules of a correction", () => {
  it("refuses a finish date before the purchase date with a 400 JSON error and changes nothing", async () => {
    const id = await newPurchase("2024-03-10", 40);
    const before = instanceRow(id);
    const entries = countRows(t, "activity");
    const res = await putInstance(id, {
      datePurchased: "2024-03-10",
      purchasePrice: 40,
      dateFinished: "2024-03-09",
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const error = errorOf(res);
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.issues).toMatchObject({ fieldErrors: { dateFinished: [FINISH_BEFORE_PURCHASE] } });
    expect(instanceRow(id)).toEqual(before);
    expect(instanceRow(id)).toEqual({ datePurchased: "2024-03-10", dateFinished: null, cents: 4000 });
    expect(countRows(t, "activity")).toBe(entries);
  });

  it("refuses moving the purchase date after the finish date the same way", async () => {
    const id = await newPurchase("2024-03-10", 40);
    const fixed = await putInstance(id, {
      datePurchased: "2024-03-10",
      purchasePrice: 40,
      dateFinished: "2024-04-01",
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const before = instanceRow(id);
    const res = await putInstance(id, {
      datePurchased: "2024-04-02",
      purchasePrice: 40,
      dateFinished: "2024-04-01",
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).issues).toMatchObject({ fieldErrors: { dateFinished: [FINISH_BEFORE_PURCHASE] } });
    expect(instanceRow(id)).toEqual(before);
    expect(instanceRow(id)?.datePurchased).toBe("2024-03-10");
  });

  it("accepts a finish date on the purchase date", async () => {
    const id = await newPurchase("2024-05-05", 25);
    const res = await putInstance(id, {
      datePurchased: "2024-05-05",
      purchasePrice: 25,
      dateFinished: "2024-05-05",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, dateFinished: "2024-05-05" });
    expect(instanceRow(id)).toEqual({ datePurchased: "2024-05-05", dateFinished: "2024-05-05", cents: 2500 });
  });

  it("un-finishes a purchase finished with the finish action when dateFinished is null", async () => {
    const id = await newPurchase("2024-06-01", 60);
    const finished = await t.request({ method: "PUT", url: `/api/BottleInstances/finish/${id}`, token });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(instanceRow(id)?.dateFinished).not.toBeNull();
    const entries = countRows(t, "activity");

    const res = await putInstance(id, { datePurchased: "2024-06-01", purchasePrice: 60, dateFinished: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      datePurchased: "2024-06-01",
      purchasePrice: 60,
      dateFinished: null,
    });
    expect(instanceRow(id)).toEqual({ datePurchased: "2024-06-01", dateFinished: null, cents: 6000 });
    // The correction is in the activity log, and the bottle's page shows the purchase unfinished.
    expect(countRows(t, "activity")).toBe(entries + 1);
    const detail = await t.request({ method: "GET", url: `/api/Bottles/${bottleId}` });
    expect(
      detail
        .json<{ bottleInstances: { id: number; dateFinished: string | null }[] }>()
        .bottleInstances.find((i) => i.id === id)?.dateFinished,
    ).toBeNull();
    // Unfinished again, it can be finished again.
    const again = await t.request({ method: "PUT", url: `/api/BottleInstances/finish/${id}`, token });
    expect(again.statusCode, again.body).toBe(200);
  });

  it.each([
    ["zero", 0],
    ["negative", -20],
    ["a fraction of a cent below zero", -0.001],
  ])("refuses a price of %s (%s) with a 400 JSON error and changes nothing", async (_label, price) => {
    const id = await newPurchase("2024-07-01", 33.5);
    const before = instanceRow(id);
    const entries = countRows(t, "activity");
    const res = await putInstance(id, {
      datePurchased: "2024-07-01",
      purchasePrice: price,
      dateFinished: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(errorOf(res)).toMatchObject({
      code: "BAD_REQUEST",
      message: ServerMessages.validation,
      issues: { fieldErrors: { purchasePrice: ["The price must be more than $0."] } },
    });
    expect(instanceRow(id)).toEqual(before);
    expect(instanceRow(id)?.cents).toBe(3350);
    expect(countRows(t, "activity")).toBe(entries);
  });

  it("refuses a purchase date in the future, as creating does, and changes nothing", async () => {
    const future = tomorrowEverywhere();
    // The create path refuses it (so the update must too).
    const created = await postJson(
      t,
      "/api/BottleInstances/new",
      { datePurchased: future, purchasePrice: 10, bottleId, dateFinished: null },
      token,
    );
    expect(created.statusCode).toBe(400);

    const id = await newPurchase("2024-08-01", 45);
    const before = instanceRow(id);
    const entries = countRows(t, "activity");
    for (const datePurchased of [future, "2999-01-01"]) {
      const res = await putInstance(id, { datePurchased, purchasePrice: 45, dateFinished: null });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: "BAD_REQUEST",
        issues: { fieldErrors: { datePurchased: ["The date cannot be in the future."] } },
      });
    }
    expect(instanceRow(id)).toEqual(before);
    expect(instanceRow(id)?.datePurchased).toBe("2024-08-01");
    expect(countRows(t, "activity")).toBe(entries);
  });

  it("refuses a finish date in the future and changes nothing", async () => {
    const id = await newPurchase("2024-09-01", 45);
    const before = instanceRow(id);
    const res = await putInstance(id, {
      datePurchased: "2024-09-01",
      purchasePrice: 45,
      dateFinished: tomorrowEverywhere(),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).issues).toMatchObject({
      fieldErrors: { dateFinished: ["The date cannot be in the future."] },
    });
    expect(instanceRow(id)).toEqual(before);
  });

  it("applies a valid correction (date, price, finish date) so the refusals above are not vacuous", async () => {
    const id = await newPurchase("2024-10-01", 45);
    const res = await putInstance(id, {
      datePurchased: "2024-09-30",
      purchasePrice: 12.34,
      dateFinished: "2024-11-02",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      datePurchased: "2024-09-30",
      purchasePrice: 12.34,
      dateFinished: "2024-11-02",
    });
    expect(instanceRow(id)).toEqual({ datePurchased: "2024-09-30", dateFinished: "2024-11-02", cents: 1234 });
  });
});

describe("DELETE /api/MonthlyThemes/{id}", () => {
  const themeRow = (id: number) =>
    t.app.deps.db.$client.prepare("SELECT id, description FROM themes WHERE id = ?").get(id) as
      { id: number; description: string } | undefined;

  const newTheme = async (description: string): Promise<number> => {
    const res = await postJson(t, "/api/MonthlyThemes", { id: 0, description }, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };

  const newMeeting = async (themeId: number, date: string): Promise<number> => {
    const res = await postJson(
      t,
      "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
      { date, hostName: "Priya Patel", themeId },
      token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };

  const deleteTheme = (id: number) => t.request({ method: "DELETE", url: `/api/MonthlyThemes/${id}`, token });

  it("answers 409 THEME_IN_USE while a meeting uses the theme and deletes nothing", async () => {
    const themeId = await newTheme("Sherry Cask Sunday");
    const meetingId = await newMeeting(themeId, "2024-02-09");
    const themes = countRows(t, "themes");
    const meetings = countRows(t, "meetings");
    const entries = countRows(t, "activity");

    const res = await deleteTheme(themeId);
    expect(res.statusCode).toBe(409);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(errorOf(res)).toEqual({ code: "THEME_IN_USE", message: ServerMessages.themeInUse });

    expect(themeRow(themeId)).toEqual({ id: themeId, description: "Sherry Cask Sunday" });
    expect(countRows(t, "themes")).toBe(themes);
    expect(countRows(t, "meetings")).toBe(meetings);
    expect(countRows(t, "activity")).toBe(entries);
    const meeting = await t.request({ method: "GET", url: `/api/MonthlyMeetings/${meetingId}` });
    expect(meeting.statusCode).toBe(200);
    const list = await t.request({ method: "GET", url: "/api/MonthlyThemes/WithLastDate" });
    expect(list.json<{ id: number }[]>().map((theme) => theme.id)).toContain(themeId);
  });

  it("deletes the theme once no meeting uses it any more", async () => {
    const themeId = await newTheme("Highland Park Night");
    const meetingId = await newMeeting(themeId, "2024-03-08");
    expect((await deleteTheme(themeId)).statusCode).toBe(409);
    const removed = await t.request({ method: "DELETE", url: `/api/MonthlyMeetings/${meetingId}`, token });
    expect(removed.statusCode, removed.body).toBe(200);

    const res = await deleteTheme(themeId);
    expect(res.statusCode, res.body).toBe(200);
    expect(themeRow(themeId)).toBeUndefined();
  });

  it("deletes an unused theme: 200 {ok: true}, gone from the list, recorded in the activity log", async () => {
    const themeId = await newTheme("Typo Thme");
    const themes = countRows(t, "themes");
    const entries = countRows(t, "activity");

    const res = await deleteTheme(themeId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(themeRow(themeId)).toBeUndefined();
    expect(countRows(t, "themes")).toBe(themes - 1);
    expect(countRows(t, "activity")).toBe(entries + 1);
    const list = await t.request({ method: "GET", url: "/api/MonthlyThemes/WithLastDate" });
    expect(list.json<{ id: number }[]>().map((theme) => theme.id)).not.toContain(themeId);
    // A second delete finds nothing.
    expect((await deleteTheme(themeId)).statusCode).toBe(404);
  });
});

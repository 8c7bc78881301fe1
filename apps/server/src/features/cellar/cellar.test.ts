import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CellarMessages, type ShelfItem } from "@club/shared";
import type { AuthUser } from "../../kernel/context";
import { newBottle, postJson } from "../../../test/bottleFixtures";
import { createTestApp, type TestApp } from "../../../test/helpers";

/** The club's clock stands at noon on 2026-04-20 (UTC). */
const TODAY = "2026-04-20";

let t: TestApp;
let token: string;
let user: AuthUser;
let other: { token: string; user: AuthUser };

beforeAll(async () => {
  t = await createTestApp({ env: { CLUB_TIMEZONE: "UTC" }, now: () => new Date(`${TODAY}T12:00:00Z`) });
  ({ token, user } = await t.member());
  other = await t.member();
});
afterAll(() => t.close());

async function newPurchase(bottleId: number, datePurchased = "2026-01-05", purchasePrice = 70) {
  const res = await postJson(
    t,
    "/api/BottleInstances/new",
    { bottleId, datePurchased, purchasePrice },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** A PUT as the fixture member (a token), or as a visitor (null). */
const put = (url: string, payload: Record<string, unknown>, auth: string | null = token) =>
  t.request({ method: "PUT", url, payload, token: auth ?? undefined });

/** A 400 whose field carries the shared rule's message (the top message is the generic one). */
function expectFieldError(res: { statusCode: number; json: <T>() => T }, field: string, message: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json<{ error: { issues?: { fieldErrors: Record<string, string[]> } } }>();
  expect(body.error.issues?.fieldErrors[field]).toContain(message);
}
const shelf = async () => (await t.request({ method: "GET", url: "/api/Shelf" })).json<ShelfItem[]>();
const detail = async (id: number) =>
  (await t.request({ method: "GET", url: `/api/Bottles/${id}` })).json<{
    sizeMl: number;
    bottleInstances: {
      id: number;
      openedDate: string | null;
      levelPct: number | null;
      fillLevelPct: number | null;
      levelSource: string | null;
      costPerPour: number;
    }[];
  }>();

/** Undoes the caller's newest change to a purchase, as the web app's toast does. */
async function undoNewest(entity: string, entityId: number, as: AuthUser = user) {
  const caller = t.caller(as);
  const [entry] = await caller.activity.list({ mine: true, entity, entityId: String(entityId), limit: 1 });
  if (!entry) throw new Error("no activity entry");
  await caller.activity.undo({ id: entry.id });
  return entry;
}

describe("bottle size", () => {
  it("NewBottle takes an optional sizeMl (700 without), the bottle page shows it", async () => {
    const plain = await newBottle(t, token, { name: "Plain size" });
    expect((await detail(plain)).sizeMl).toBe(700);
    const big = await newBottle(t, token, { name: "Litre", sizeMl: 1000 });
    expect((await detail(big)).sizeMl).toBe(1000);
  });

  it.each([[20], [5001], [700.5], ["700"]])(
    "refuses a size of %j with 400 and the rule's message",
    async (sizeMl) => {
      const res = await postJson(t, "/api/Bottles/NewBottle", { name: "Odd size", abv: 40, sizeMl }, token);
      expectFieldError(res, "sizeMl", CellarMessages.bottleSize);
    },
  );

  it("PUT /api/Bottles/{id} edits it (absent: unchanged), audited and undoable", async () => {
    const id = await newBottle(t, token, { name: "Resized" });
    expect((await put(`/api/Bottles/${id}`, { name: "Resized again" })).statusCode).toBe(200);
    expect((await detail(id)).sizeMl).toBe(700);
    expect((await put(`/api/Bottles/${id}`, { name: "Resized", sizeMl: 500 })).statusCode).toBe(200);
    expect((await detail(id)).sizeMl).toBe(500);
    const tooSmall = await put(`/api/Bottles/${id}`, { name: "Resized", sizeMl: 10 });
    expectFieldError(tooSmall, "sizeMl", CellarMessages.bottleSize);
    const entry = await undoNewest("bottle", id);
    expect(entry.before).toMatchObject({ sizeMl: 700 });
    expect(entry.after).toMatchObject({ sizeMl: 500 });
    expect((await detail(id)).sizeMl).toBe(700);
  });
});

describe("opening a purchase", () => {
  let bottleId: number;
  beforeAll(async () => {
    bottleId = await newBottle(t, token, { name: "Opened here" });
  });

  it("opens it today by default (the club's date), any member may; a second open is a 409", async () => {
    const id = await newPurchase(bottleId);
    const res = await put(`/api/BottleInstances/${id}/Open`, {}, other.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, openedDate: TODAY, levelPct: null });
    const again = await put(`/api/BottleInstances/${id}/Open`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: { code: "ALREADY_OPEN", message: CellarMessages.alreadyOpen },
    });
  });

  it("takes a date: not before the purchase, not in the future", async () => {
    const id = await newPurchase(bottleId, "2026-02-01");
    const before = await put(`/api/BottleInstances/${id}/Open`, { openedDate: "2026-01-31" });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({ error: { message: CellarMessages.openedBeforePurchase } });
    expect((await put(`/api/BottleInstances/${id}/Open`, { openedDate: "2999-01-01" })).statusCode).toBe(400);
    expect((await put(`/api/BottleInstances/${id}/Open`, { openedDate: "2026-02-30" })).statusCode).toBe(400);
    expect((await detail(bottleId)).bottleInstances.find((i) => i.id === id)?.openedDate).toBeNull();
    const ok = await put(`/api/BottleInstances/${id}/Open`, { openedDate: "2026-02-01" });
    expect(ok.json()).toMatchObject({ openedDate: "2026-02-01" });
  });

  it("refuses a finished purchase (409), an unknown one (404) and a visitor (401)", async () => {
    const id = await newPurchase(bottleId);
    await t.request({ method: "PUT", url: `/api/BottleInstances/finish/${id}`, token });
    const finished = await put(`/api/BottleInstances/${id}/Open`, {});
    expect(finished.statusCode).toBe(409);
    expect(finished.json()).toMatchObject({ error: { code: "ALREADY_FINISHED" } });
    expect((await put("/api/BottleInstances/999999/Open", {})).statusCode).toBe(404);
    expect((await put(`/api/BottleInstances/${id}/Open`, {}, null)).statusCode).toBe(401);
  });

  it("is in the activity log and undone by the activity undo", async () => {
    const id = await newPurchase(bottleId);
    await t.caller(user).cellar.open({ id });
    const entry = await undoNewest("instance", id);
    expect(entry.action).toBe("cellar.open");
    expect(entry.before).toMatchObject({ openedDate: null });
    expect(entry.after).toMatchObject({ openedDate: TODAY });
    expect((await detail(bottleId)).bottleInstances.find((i) => i.id === id)?.openedDate).toBeNull();
  });

  it("the purchase's editor changes the opened date, or clears it with its reading", async () => {
    const id = await newPurchase(bottleId, "2026-01-05", 56);
    await t.caller(user).cellar.open({ id, openedDate: "2026-01-10" });
    await t.caller(user).cellar.setLevel({ id, levelPct: 30 });
    const edit = (body: Record<string, unknown>) =>
      put(`/api/BottleInstances/${id}`, {
        datePurchased: "2026-01-05",
        purchasePrice: 56,
        dateFinished: null,
        ...body,
      });
    expect((await edit({ openedDate: "2026-01-12" })).json()).toMatchObject({
      openedDate: "2026-01-12",
      levelPct: 30,
    });
    // Without openedDate the floor's body leaves it alone.
    expect((await edit({})).json()).toMatchObject({ openedDate: "2026-01-12" });
    const early = await edit({ openedDate: "2026-01-01" });
    expect(early.statusCode).toBe(400);
    // A finish date before the stored opened date.
    const finishedEarly = await edit({ dateFinished: "2026-01-11" });
    expect(finishedEarly.statusCode).toBe(400);
    expect(finishedEarly.json()).toMatchObject({ error: { message: CellarMessages.finishedBeforeOpened } });
    expect((await edit({ openedDate: null })).json()).toMatchObject({
      openedDate: null,
      levelPct: null,
      levelSetOn: null,
    });
    await undoNewest("instance", id);
    expect((await detail(bottleId)).bottleInstances.find((i) => i.id === id)).toMatchObject({
      openedDate: "2026-01-12",
      levelPct: 30,
    });
  });
});

describe("the fill level and the shelf", () => {
  let meetingId: number;
  let peat: number;
  let sherry: number;
  let peatPurchase: number;
  let sherryPurchase: number;

  beforeAll(async () => {
    // A club of its own bottles: the shelf lists every open purchase, so compare these two only.
    peat = await newBottle(t, token, { name: "Shelf Peat", newBrand: "Islay Co", sizeMl: 500 });
    sherry = await newBottle(t, token, { name: "Shelf Sherry" });
    peatPurchase = await newPurchase(peat, "2026-03-01", 50);
    sherryPurchase = await newPurchase(sherry, "2026-03-01", 84);
    const caller = t.caller(user);
    await caller.cellar.open({ id: peatPurchase, openedDate: "2026-03-02" });
    await caller.cellar.open({ id: sherryPurchase, openedDate: "2026-03-02" });
    const theme = await caller.themes.create({ id: 0, description: "Shelf night" });
    meetingId = (await caller.meetings.create({ date: "2026-04-10", hostName: "Me", themeId: theme.id })).id;
    await caller.night.setFlight({ id: meetingId, pours: [{ bottleId: peat, pourMl: 25 }] });
    // Two scores: 2 × 25 ml of 500 ml = 10 %.
    await caller.night.score({ id: meetingId, pour: 1, nose: 20, palate: 20, finish: 20, balance: 20 });
    await t
      .caller(other.user)
      .night.score({ id: meetingId, pour: 1, nose: 20, palate: 20, finish: 20, balance: 20 });
  });

  const mine = async () => (await shelf()).filter((s) => s.bottleId === peat || s.bottleId === sherry);

  it("is public, lists the open purchases lowest first with the estimate and cost per pour", async () => {
    expect(await mine()).toEqual([
      {
        bottleId: peat,
        name: "Shelf Peat",
        brand: "Islay Co",
        instanceId: peatPurchase,
        openedDate: "2026-03-02",
        fillLevelPct: 90,
        levelSource: "estimate",
        sizeMl: 500,
        costPerPour: 2.5,
        price: 50,
      },
      expect.objectContaining({ bottleId: sherry, fillLevelPct: 100, costPerPour: 3, price: 84 }),
    ]);
    const page = await detail(peat);
    expect(page.bottleInstances[0]).toMatchObject({
      fillLevelPct: 90,
      levelSource: "estimate",
      costPerPour: 2.5,
    });
    const trpc = await t.caller(null).cellar.shelf();
    expect(trpc.filter((s) => s.bottleId === peat)).toEqual((await mine()).slice(0, 1));
  });

  it("a member's reading replaces the estimate; undo brings the estimate back", async () => {
    const res = await put(`/api/BottleInstances/${sherryPurchase}/Level`, { levelPct: 35 }, other.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ levelPct: 35, levelSetOn: TODAY });
    expect((await mine()).map((s) => [s.name, s.fillLevelPct, s.levelSource])).toEqual([
      ["Shelf Sherry", 35, "reading"],
      ["Shelf Peat", 90, "estimate"],
    ]);
    const entry = await undoNewest("instance", sherryPurchase, other.user);
    expect(entry.action).toBe("cellar.setLevel");
    expect((await mine()).map((s) => [s.name, s.fillLevelPct])).toEqual([
      ["Shelf Peat", 90],
      ["Shelf Sherry", 100],
    ]);
  });

  it.each([[-1], [101], [33.5], [null]])("refuses a level of %j with 400", async (levelPct) => {
    const res = await put(`/api/BottleInstances/${sherryPurchase}/Level`, { levelPct });
    expectFieldError(res, "levelPct", CellarMessages.fillLevel);
  });

  it("refuses a level for a sealed purchase (409)", async () => {
    const sealed = await newPurchase(sherry);
    const res = await put(`/api/BottleInstances/${sealed}/Level`, { levelPct: 50 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: "NOT_OPEN", message: CellarMessages.notOpen } });
  });

  it("does not count a blind pour before its reveal", async () => {
    const caller = t.caller(user);
    await caller.night.settings({
      id: meetingId,
      capacity: null,
      blind: true,
      scoringOpen: true,
      hostMemberId: null,
    });
    expect((await mine()).find((s) => s.bottleId === peat)?.fillLevelPct).toBe(100);
    expect((await detail(peat)).bottleInstances[0]?.fillLevelPct).toBe(100);
    await caller.night.reveal({ id: meetingId });
    expect((await mine()).find((s) => s.bottleId === peat)?.fillLevelPct).toBe(90);
  });

  it("drops a finished purchase from the shelf", async () => {
    await t.request({ method: "PUT", url: `/api/BottleInstances/finish/${peatPurchase}`, token });
    expect((await mine()).map((s) => s.bottleId)).toEqual([sherry]);
  });
});

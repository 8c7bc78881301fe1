import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages, type ActivityEntry } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";

/**
 * Every write is in the activity log, with its values before and after; undo by the
 * author within 24 hours or an admin any time; a 409 when the entity changed since; a deleted
 * entity comes back with what it took along.
 */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp["member"]>>;
let ann: Awaited<ReturnType<TestApp["member"]>>;
let bob: Awaited<ReturnType<TestApp["member"]>>;

beforeAll(async () => {
  t = await createTestApp({
    env: { DEMO_DATA: "true", RATE_LIMIT: "false", WRITE_BUDGET_PER_MINUTE: "10000" },
  });
  admin = await t.member(undefined, { role: "admin" });
  ann = await t.member();
  bob = await t.member();
});
afterAll(() => t.close());

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });

async function activity(token: string, query = ""): Promise<ActivityEntry[]> {
  const res = await send("GET", `/api/Activity${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActivityEntry[]>();
}

const undo = (id: number, token: string) => send("POST", `/api/Activity/${id}/Undo`, token);

async function newBottle(token: string, name: string) {
  const res = await send("POST", "/api/Bottles/NewBottle", token, { name, abv: 46 });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

describe("the activity log", () => {
  it("records a write with who, what, before and after and the request id, newest first", async () => {
    const id = await newBottle(ann.token, "Logged Dram");
    const update = await send("POST", "/api/Bottles/UpdateABV", ann.token, { bottleId: id, abv: 50.5 });
    expect(update.statusCode).toBe(200);
    const [last, first] = await activity(bob.token, `?entity=bottle&entityId=${id}`);
    expect(first).toMatchObject({
      action: "bottles.create",
      entity: "bottle",
      entityId: String(id),
      before: null,
      member: { firstName: "Test" },
    });
    expect(last).toMatchObject({ action: "bottles.updateAbv", before: { abv: 46 }, after: { abv: 50.5 } });
    const row = t.app.deps.db.$client
      .prepare("SELECT request_id FROM activity WHERE id = ?")
      .get(last!.id) as {
      request_id: string;
    };
    expect(row.request_id).toMatch(/^[0-9a-f-]{36}$/);
    // Another member sees it but may not undo it; the author and admins may.
    expect(last?.undoable).toBe(false);
    expect((await activity(ann.token, `?entity=bottle&entityId=${id}`))[0]?.undoable).toBe(true);
    expect((await activity(admin.token, `?entity=bottle&entityId=${id}`))[0]?.undoable).toBe(true);
  });

  it("is for members only and filters by member", async () => {
    expect((await send("GET", "/api/Activity")).statusCode).toBe(401);
    await newBottle(bob.token, "Bob's Own");
    const mine = await activity(bob.token, "?mine=true");
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((e) => e.member?.lastName)).size).toBe(1);
    const anns = await activity(bob.token, `?memberId=${ann.user.id}`);
    expect(anns.length).toBeGreaterThan(0);
    expect(new Set(anns.map((e) => e.member?.lastName)).size).toBe(1);
    // Each entry names its member's id, so a screen can offer the members it lists as filters.
    expect(new Set(anns.map((e) => e.memberId))).toEqual(new Set([ann.user.id]));
  });
});

describe("undo", () => {
  it("sets an edit back, by its author; refuses another member; 409 once undone", async () => {
    const id = await newBottle(ann.token, "Undo Edit");
    await send("PUT", `/api/Bottles/${id}`, ann.token, { name: "Undo Edit (typo)", storeLink: "" });
    const [entry] = await activity(ann.token, `?entity=bottle&entityId=${id}`);
    expect(entry?.action).toBe("bottles.update");
    const refused = await undo(entry!.id, bob.token);
    expect(refused.statusCode).toBe(403);
    const ok = await undo(entry!.id, ann.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await send("GET", `/api/Bottles/${id}`)).json().name).toBe("Undo Edit");
    const twice = await undo(entry!.id, ann.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(ServerMessages.alreadyUndone);
  });

  it("refuses with 409 when the entity changed since", async () => {
    const id = await newBottle(ann.token, "Changed Since");
    await send("POST", "/api/Bottles/UpdateABV", ann.token, { bottleId: id, abv: 40 });
    await send("POST", "/api/Bottles/UpdateABV", bob.token, { bottleId: id, abv: 41 });
    const entries = await activity(admin.token, `?entity=bottle&entityId=${id}`);
    const anns = entries.find((e) => e.after && (e.after as { abv: number }).abv === 40)!;
    const res = await undo(anns.id, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("CHANGED_SINCE");
    expect((await send("GET", `/api/Bottles/${id}`)).json().abv).toBe(41);
  });

  it("lets the author undo within 24 hours only; an admin any time", async () => {
    const id = await newBottle(ann.token, "Old Change");
    const [entry] = await activity(ann.token, `?entity=bottle&entityId=${id}`);
    t.app.deps.db.$client
      .prepare("UPDATE activity SET at = ? WHERE id = ?")
      .run(new Date(Date.now() - 25 * 3_600_000).toISOString(), entry!.id);
    expect((await undo(entry!.id, ann.token)).statusCode).toBe(403);
    expect((await undo(entry!.id, admin.token)).statusCode).toBe(200);
    expect((await send("GET", `/api/Bottles/${id}`)).statusCode).toBe(404);
  });

  it("restores a deleted bottle with its purchases, comments and places in meetings", async () => {
    const id = await newBottle(ann.token, "Deleted And Back");
    await send("POST", "/api/BottleInstances/new", ann.token, {
      bottleId: id,
      datePurchased: "2025-01-02",
      purchasePrice: 55,
    });
    await send("POST", "/api/BottleComments", bob.token, { bottleId: id, comment: "Lovely." });
    const meetings = (await send("GET", "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames")).json<
      { id: number }[]
    >();
    await send("POST", "/api/MonthlyMeetings/AddBottleToMeeting", ann.token, {
      meetingId: meetings[0]!.id,
      bottleId: id,
    });
    const before = (await send("GET", `/api/Bottles/${id}`)).json();
    expect((await send("DELETE", `/api/Bottles/${id}`, ann.token)).statusCode).toBe(403);
    expect((await send("DELETE", `/api/Bottles/${id}`, admin.token)).statusCode).toBe(200);
    expect((await send("GET", `/api/Bottles/${id}`)).statusCode).toBe(404);
    const [deletion] = await activity(admin.token, `?entity=bottle&entityId=${id}`);
    expect(deletion).toMatchObject({ action: "bottles.delete", after: null });
    expect((await undo(deletion!.id, admin.token)).statusCode).toBe(200);
    expect((await send("GET", `/api/Bottles/${id}`)).json()).toEqual(before);
    const comments = (await send("GET", `/api/BottleComments/bottle/${id}`)).json<{ comment: string }[]>();
    expect(comments.map((c) => c.comment)).toEqual(["Lovely."]);
    const meeting = (await send("GET", `/api/MonthlyMeetings/${meetings[0]!.id}`)).json<{
      bottlesSampled: { id: number }[];
    }>();
    expect(meeting.bottlesSampled.some((b) => b.id === id)).toBe(true);
  });

  it("refuses to undo a creation that other things now hang on", async () => {
    const id = await newBottle(ann.token, "Has Children");
    await send("POST", "/api/BottleComments", bob.token, { bottleId: id, comment: "Mine." });
    const creation = (await activity(ann.token, `?entity=bottle&entityId=${id}`)).find(
      (e) => e.action === "bottles.create",
    )!;
    const res = await undo(creation.id, ann.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("HAS_DEPENDENTS");
  });

  it("membership decisions are logged but cannot be undone", async () => {
    const m = await t.member();
    await send("POST", `/api/Members/${m.user.id}/Deactivate`, admin.token);
    const [entry] = await activity(admin.token, `?entity=member&entityId=${m.user.id}`);
    expect(entry).toMatchObject({
      action: "members.deactivate",
      undoable: false,
      after: { status: "deactivated" },
    });
    expect(JSON.stringify(entry)).not.toContain(m.user.email);
    expect((await undo(entry!.id, admin.token)).statusCode).toBe(409);
  });
});

describe("a vandal's changes, replayed", () => {
  it("every change a member makes to the demo bottles is listed, and an admin undoes them all", async () => {
    const vandal = await t.member();
    const bottles = (await send("GET", "/api/Bottles/AllBottlesList")).json<{ id: number }[]>();
    const detail = async (id: number) => (await send("GET", `/api/Bottles/${id}`)).json<unknown>();
    const before = await Promise.all(bottles.map((b) => detail(b.id)));
    const brand = (await send("GET", "/api/Brands")).json<{ id: number; name: string }[]>()[0]!;
    const country = (await send("GET", "/api/Countries")).json<{ id: number; name: string }[]>()[0]!;
    for (const b of bottles) {
      expect(
        (await send("POST", "/api/Bottles/UpdateABV", vandal.token, { bottleId: b.id, abv: 0 })).statusCode,
      ).toBe(200);
      await send("POST", "/api/Bottles/UpdateBrand", vandal.token, { bottleId: b.id, brandId: brand.id });
      await send("POST", "/api/Bottles/UpdateCountry", vandal.token, {
        bottleId: b.id,
        countryId: country.id,
      });
    }
    for (let i = 0; i < 30; i++)
      await send("POST", "/api/BottleComments", vandal.token, {
        bottleId: bottles[i % bottles.length]!.id,
        comment: `spam ${i}`,
      });
    const changes = await activity(admin.token, `?memberId=${vandal.user.id}&limit=200`);
    expect(changes).toHaveLength(bottles.length * 3 + 30);
    // Newest first: each undo finds the entity as the change left it.
    for (const change of changes) {
      const res = await undo(change.id, admin.token);
      expect(res.statusCode, `${change.action} ${change.entityId}: ${res.body}`).toBe(200);
    }
    const after = await Promise.all(bottles.map((b) => detail(b.id)));
    expect(after).toEqual(before);
    const spam = await Promise.all(
      bottles.map(async (b) =>
        (await send("GET", `/api/BottleComments/bottle/${b.id}`)).json<{ comment: string }[]>(),
      ),
    );
    expect(spam.flat().some((c) => c.comment.startsWith("spam"))).toBe(false);
  });

  it("one account cannot flood the club: a write budget per member, and 10 calls per batch", async () => {
    const small = await createTestApp({ env: { WRITE_BUDGET_PER_MINUTE: "5" } });
    try {
      const m = await small.member();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await small.request({
          method: "POST",
          url: "/api/MonthlyThemes",
          token: m.token,
          payload: { id: 0, description: `Flood ${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
      const other = await small.member();
      const batch = await small.request({
        method: "POST",
        url: "/trpc/themes.create,themes.create?batch=1",
        token: other.token,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ 0: { description: "B1" }, 1: { description: "B2" } }),
      });
      expect(batch.statusCode).toBe(200);
      // Each call of a batch counts: after those 2, three more writes, then the budget is spent.
      const singles: number[] = [];
      for (let i = 0; i < 4; i++)
        singles.push(
          (
            await small.request({
              method: "POST",
              url: "/api/MonthlyThemes",
              token: other.token,
              payload: { id: 0, description: `After the batch ${i}` },
            })
          ).statusCode,
        );
      expect(singles).toEqual([201, 201, 201, 429]);
      // A batch larger than what is left: the calls within the budget run, the rest are 429s.
      const third = await small.member();
      const calls = Array.from({ length: 7 }, (_, i) => i);
      const big = await small.request({
        method: "POST",
        url: `/trpc/${calls.map(() => "themes.create").join(",")}?batch=1`,
        token: third.token,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(Object.fromEntries(calls.map((i) => [i, { description: `Big ${i}` }]))),
      });
      const results = big.json<{ error?: { data?: { httpStatus?: number } } }[]>();
      expect(results.map((r) => r.error?.data?.httpStatus ?? 200)).toEqual([
        200, 200, 200, 200, 200, 429, 429,
      ]);
      const themes = (await small.request({ method: "GET", url: "/api/MonthlyThemes/WithLastDate" })).json<
        { name: string }[]
      >();
      expect(themes.filter((t) => t.name.startsWith("Big ")).length).toBe(5);
      // Reads are not counted.
      expect((await small.request({ method: "GET", url: "/api/Activity", token: m.token })).statusCode).toBe(
        200,
      );
    } finally {
      await small.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BottleDetail, Wish } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";

/** The wishlist: wishes with votes and a note; a bought one moves to the library with its purchase. */
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
let ann: M;
let bob: M;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.member();
  bob = await t.member();
});
afterAll(() => t.close());

const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });
const list = async (token: string) => (await send("GET", "/api/Wishlist", token)).json<Wish[]>();

describe("wishlist", () => {
  it("a member wishes, others vote; most votes first, each caller's own vote shown", async () => {
    expect((await send("GET", "/api/Wishlist")).statusCode).toBe(401);
    const a = await send("POST", "/api/Wishlist", ann.token, {
      bottleName: "Springbank 15",
      note: "For spring",
    });
    expect(a.statusCode).toBe(201);
    const b = await send("POST", "/api/Wishlist", bob.token, { bottleName: "Kilkerran 12" });
    const kilkerran = b.json<{ id: number }>().id;
    // Ann votes for Bob's too: it leads with two votes.
    expect((await send("PUT", `/api/Wishlist/${kilkerran}/Vote`, ann.token, { vote: true })).statusCode).toBe(
      204,
    );
    expect((await send("PUT", `/api/Wishlist/${kilkerran}/Vote`, ann.token, { vote: true })).statusCode).toBe(
      204,
    );
    const seen = await list(ann.token);
    expect(seen.map((w) => [w.bottleName, w.votes, w.myVote, w.note])).toEqual([
      ["Kilkerran 12", 2, true, ""],
      ["Springbank 15", 1, true, "For spring"],
    ]);
    expect((await list(bob.token)).map((w) => w.myVote)).toEqual([true, false]);
    expect(seen[0]?.addedBy).toMatch(/^Test Member\d+$/);
    await send("PUT", `/api/Wishlist/${kilkerran}/Vote`, ann.token, { vote: false });
    expect((await list(ann.token)).find((w) => w.id === kilkerran)).toMatchObject({
      votes: 1,
      myVote: false,
    });
    // The log has each write.
    const log = await t.caller(ann.user).activity.list({ limit: 5 });
    expect(log.map((e) => e.action)).toContain("wishlist.vote");
  });

  it("refuses bad input with a 4xx and changes nothing", async () => {
    const before = await list(ann.token);
    expect((await send("POST", "/api/Wishlist", ann.token, { bottleName: "" })).statusCode).toBe(400);
    expect(
      (await send("POST", "/api/Wishlist", ann.token, { bottleName: "X", bottleId: 999999 })).statusCode,
    ).toBe(404);
    expect((await send("PUT", "/api/Wishlist/999999/Vote", ann.token, { vote: true })).statusCode).toBe(404);
    expect(
      (await send("PUT", `/api/Wishlist/${before[0]!.id}/Vote`, ann.token, { vote: "yes" })).statusCode,
    ).toBe(400);
    // Only who added it (or an admin) takes it off.
    const mine = before.find((w) => w.bottleName === "Springbank 15")!;
    expect((await send("DELETE", `/api/Wishlist/${mine.id}`, bob.token)).statusCode).toBe(403);
    expect(await list(ann.token)).toEqual(before);
    expect((await send("DELETE", `/api/Wishlist/${mine.id}`, ann.token)).statusCode).toBe(204);
    expect((await list(ann.token)).some((w) => w.id === mine.id)).toBe(false);
  });

  it("a bought wish moves to the library with its purchase: a new bottle, or the library's", async () => {
    const { id } = await t.caller(ann.user).wishlist.add({ bottleName: "Ardbeg Corryvreckan", note: "" });
    // A new bottle needs its ABV.
    const noAbv = await send("POST", `/api/Wishlist/${id}/Bought`, ann.token, {
      datePurchased: "2024-03-01",
      purchasePrice: 89.5,
    });
    expect(noAbv.statusCode).toBe(400);
    expect(noAbv.json()).toMatchObject({
      error: { message: "Give the bottle's ABV: it is new to the library." },
    });
    const bought = await send("POST", `/api/Wishlist/${id}/Bought`, ann.token, {
      datePurchased: "2024-03-01",
      purchasePrice: 89.5,
      abv: 57.1,
    });
    expect(bought.statusCode).toBe(201);
    const { bottleId } = bought.json<{ bottleId: number }>();
    const bottle = (await send("GET", `/api/Bottles/${bottleId}`)).json<BottleDetail>();
    expect(bottle).toMatchObject({ name: "Ardbeg Corryvreckan", abv: 57.1 });
    expect(bottle.bottleInstances).toEqual([
      expect.objectContaining({ datePurchased: "2024-03-01", purchasePrice: 89.5 }),
    ]);
    expect((await list(ann.token)).some((w) => w.id === id)).toBe(false);

    // A wish for a bottle of the library: another purchase of it.
    const again = await t
      .caller(bob.user)
      .wishlist.add({ bottleName: "Ardbeg Corryvreckan", bottleId, note: "" });
    await t
      .caller(bob.user)
      .wishlist.bought({ id: again.id, datePurchased: "2024-04-02", purchasePrice: 92 });
    expect((await send("GET", `/api/Bottles/${bottleId}`)).json<BottleDetail>().bottleInstances).toHaveLength(
      2,
    );
  });
});

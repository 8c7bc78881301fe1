import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BarcodeMessages, ServerMessages } from "@club/shared";
import { errorOf, newBottle } from "../../../test/bottleFixtures";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
let token: string;
let memberId: number;

beforeAll(async () => {
  t = await createTestApp();
  const m = await t.member();
  token = m.token;
  memberId = m.user.id;
});
afterAll(() => t.close());

const put = (id: number, body: unknown, as?: string) =>
  t.request({ method: "PUT", url: `/api/Bottles/${id}/Barcode`, payload: body as object, token: as });
const lookup = (code: string) =>
  t.request({ method: "GET", url: `/api/Bottles/ByBarcode/${encodeURIComponent(code)}` });
const stored = (id: number) =>
  (
    t.app.deps.db.$client.prepare("SELECT barcode FROM bottles WHERE id = ?").get(id) as {
      barcode: string | null;
    }
  ).barcode;
const entries = () =>
  t.app.deps.db.$client
    .prepare(
      "SELECT id, member_id AS memberId, entity_id AS entityId, before, after FROM activity WHERE action = 'bottles.setBarcode' ORDER BY id",
    )
    .all() as { id: number; memberId: number; entityId: string; before: string; after: string }[];

describe("bottles.setBarcode and bottles.byBarcode", () => {
  it("attaches a code with 204, finds the bottle by it over REST and tRPC, and records it", async () => {
    const id = await newBottle(t, token, { name: "Barcode Fixture" });
    const res = await put(id, { code: "4006381333931" }, token);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe("");

    const found = await lookup("4006381333931");
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ id, name: "Barcode Fixture" });
    expect(await t.caller(null).bottles.byBarcode({ code: "4006381333931" })).toEqual({
      id,
      name: "Barcode Fixture",
    });

    const [entry] = entries().filter((e) => e.entityId === String(id));
    expect(entry?.memberId).toBe(memberId);
    expect(JSON.parse(entry!.before)).toMatchObject({ barcode: null });
    expect(JSON.parse(entry!.after)).toMatchObject({ barcode: "4006381333931" });
  });

  it("finds a UPC-A bottle by its EAN-13 reading and the other way round", async () => {
    const id = await newBottle(t, token, { name: "UPC Fixture" });
    expect((await put(id, { code: "036000291452" }, token)).statusCode).toBe(204);
    expect(stored(id)).toBe("0036000291452");
    expect((await lookup("0036000291452")).json()).toEqual({ id, name: "UPC Fixture" });
    expect((await lookup("036000291452")).json()).toEqual({ id, name: "UPC Fixture" });
  });

  it("answers 409 when another bottle has the code, and keeps both as they were", async () => {
    const first = await newBottle(t, token, { name: "First Holder" });
    const second = await newBottle(t, token, { name: "Second Try" });
    expect((await put(first, { code: "96385074" }, token)).statusCode).toBe(204);
    const before = entries().length;
    const res = await put(second, { code: "96385074" }, token);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(ServerMessages.barcodeTaken);
    expect(stored(first)).toBe("96385074");
    expect(stored(second)).toBeNull();
    expect(entries().length).toBe(before);
    // The same bottle's own code again is fine.
    expect((await put(first, { code: "96385074" }, token)).statusCode).toBe(204);
  });

  it("replaces a bottle's code, so the old code finds nothing (404)", async () => {
    const id = await newBottle(t, token, { name: "Relabelled" });
    expect((await put(id, { code: "SHOP-0001" }, token)).statusCode).toBe(204);
    expect((await put(id, { code: "SHOP-0002" }, token)).statusCode).toBe(204);
    const old = await lookup("SHOP-0001");
    expect(old.statusCode).toBe(404);
    expect(errorOf(old).message).toBe(ServerMessages.barcodeNotFound);
    expect((await lookup("SHOP-0002")).json()).toEqual({ id, name: "Relabelled" });
  });

  it("refuses a wrong check digit, a bad text, visitors and unknown bottles with 4xx, changing nothing", async () => {
    const id = await newBottle(t, token, { name: "Refusals" });
    const before = entries().length;
    const wrongCheck = await put(id, { code: "4006381333932" }, token);
    expect(wrongCheck.statusCode).toBe(400);
    expect(JSON.stringify(wrongCheck.json())).toContain(BarcodeMessages.checkDigit);
    for (const body of [
      {},
      { code: 4006381333931 },
      { code: "ab" },
      { code: "x".repeat(60) },
      { code: "caf\u00e9s" },
    ])
      expect((await put(id, body, token)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await put(id, { code: "CLUB-1" })).statusCode).toBe(401);
    const unknown = await put(987654, { code: "CLUB-2" }, token);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(ServerMessages.bottleNotFound);
    expect((await lookup("4006381333932")).statusCode).toBe(400);
    expect((await lookup("ab")).statusCode).toBe(400);
    expect(stored(id)).toBeNull();
    expect(entries().length).toBe(before);
  });

  it("is undone from the activity log: the bottle loses the code and the code finds nothing", async () => {
    const id = await newBottle(t, token, { name: "Undone Barcode" });
    expect((await put(id, { code: "CASK-77" }, token)).statusCode).toBe(204);
    const entry = entries().at(-1)!;
    const admin = await t.member(undefined, { role: "admin" });
    await t.caller(admin.user).activity.undo({ id: entry.id });
    expect(stored(id)).toBeNull();
    expect((await lookup("CASK-77")).statusCode).toBe(404);
  });
});

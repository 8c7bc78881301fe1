import { existsSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages } from "@club/shared";
import { IMAGE_UNDO_RETENTION_MS, SWEEP_GRACE_MS } from "../src/platform/images";
import { multipart, newBottle } from "./bottleFixtures";
import { createTestApp, type TestApp } from "./helpers";

/**
 * Image files that nothing refers to are removed: after an image is replaced, a bottle deleted, an
 * upload undone, and at start. Files an undo may still bring back stay for IMAGE_UNDO_RETENTION_MS;
 * after that, a restored photo is a clean 404 (the web shows "No image uploaded").
 */

let t: TestApp;
let member: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  member = (await t.member()).token;
  admin = (await t.member(undefined, { role: "admin" })).token;
});
afterAll(() => t.close());

let shade = 0;
/** A picture no other test uploads (colours far apart: webp would make near ones the same), so its hash is its own. */
const picture = () => {
  shade++;
  const background = { r: (shade * 47) % 256, g: (shade * 101) % 256, b: (shade * 29) % 256 };
  return sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
};

async function uploadNew(bottleId: number): Promise<string> {
  const { payload, headers } = multipart([
    { name: "image", filename: "b.png", contentType: "image/png", data: await picture() },
  ]);
  const res = await t.request({
    method: "POST",
    url: `/api/Bottles/UploadImage?bottleId=${bottleId}`,
    payload,
    headers,
    token: member,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ imageVersion: string }>().imageVersion;
}

const dir = () => t.app.deps.config.imagesDir;
const filesOf = (hash: string) => readdirSync(dir()).filter((name) => name.startsWith(hash));
const hasFiles = (hash: string) => filesOf(hash).length === 3; // full, medium and thumb

/** Every file in the images folder as if written long ago (past the sweep's grace period). */
function ageFiles() {
  const old = new Date(Date.now() - SWEEP_GRACE_MS - 60_000);
  for (const name of readdirSync(dir())) utimesSync(join(dir(), name), old, old);
}

/** The activity entries about this bottle (and its image) as if made past the undo retention. */
function ageActivity(bottleId: number) {
  const long = new Date(Date.now() - IMAGE_UNDO_RETENTION_MS - 60_000).toISOString();
  t.app.deps.db.$client
    .prepare("UPDATE activity SET at = ? WHERE entity IN ('bottle', 'image') AND entity_id = ?")
    .run(long, String(bottleId));
}

/** Waits for the sweeps writes started, ages the files, then sweeps. */
async function sweep(): Promise<number> {
  await t.app.deps.images.settled();
  ageFiles();
  return t.app.deps.images.sweep();
}

const lastActivityId = (entity: string, bottleId: number) =>
  (
    t.app.deps.db.$client
      .prepare("SELECT max(id) AS id FROM activity WHERE entity = ? AND entity_id = ?")
      .get(entity, String(bottleId)) as { id: number }
  ).id;

const undo = (activityId: number, token = admin) =>
  t.request({ method: "POST", url: `/api/Activity/${activityId}/Undo`, token });

const deleteBottle = (id: number) => t.request({ method: "DELETE", url: `/api/Bottles/${id}`, token: admin });

describe("a replaced image", () => {
  it("keeps its files while an undo may bring it back, and loses them after the retention window", async () => {
    const bottleId = await newBottle(t, member, { name: "Replaced" });
    const first = await uploadNew(bottleId);
    const second = await uploadNew(bottleId);
    await sweep();
    expect(hasFiles(first)).toBe(true);
    expect(hasFiles(second)).toBe(true);

    ageActivity(bottleId);
    expect(await sweep()).toBeGreaterThanOrEqual(3);
    expect(filesOf(first)).toEqual([]);
    expect(hasFiles(second)).toBe(true); // the bottle shows it
    const served = await t.request({ method: "GET", url: `/api/Bottles/${bottleId}/Image` });
    expect(served.statusCode).toBe(200);
  });

  it("within the window, undoing the replacement brings the old picture back, files and all", async () => {
    const bottleId = await newBottle(t, member, { name: "Replaced and restored" });
    const first = await uploadNew(bottleId);
    await uploadNew(bottleId);
    await sweep();
    expect((await undo(lastActivityId("image", bottleId), member)).statusCode).toBe(200);
    await t.app.deps.images.settled();
    const detail = await t.request({ method: "GET", url: `/api/Bottles/${bottleId}` });
    expect(detail.json()).toMatchObject({ hasImage: true, imageVersion: first });
    for (const size of ["", "?size=medium", "?size=thumb"])
      expect(
        (await t.request({ method: "GET", url: `/api/Bottles/${bottleId}/Image${size}` })).statusCode,
      ).toBe(200);
  });
});

describe("an undone upload", () => {
  it("loses its files at once: nothing can bring it back", async () => {
    const bottleId = await newBottle(t, member, { name: "Undone upload" });
    const hash = await uploadNew(bottleId);
    ageFiles();
    expect((await undo(lastActivityId("image", bottleId), member)).statusCode).toBe(200);
    await t.app.deps.images.settled(); // the undo started a sweep
    expect(filesOf(hash)).toEqual([]);
    const res = await t.request({ method: "GET", url: `/api/Bottles/${bottleId}/Image` });
    expect(res.statusCode).toBe(404);
  });
});

describe("a deleted bottle", () => {
  it("keeps its photo's files while it may be restored; restored, it shows the photo again", async () => {
    const bottleId = await newBottle(t, member, { name: "Deleted, restored" });
    const hash = await uploadNew(bottleId);
    expect((await deleteBottle(bottleId)).statusCode).toBe(200);
    await sweep();
    expect(hasFiles(hash)).toBe(true);
    expect((await undo(lastActivityId("bottle", bottleId))).statusCode).toBe(200);
    const res = await t.request({ method: "GET", url: `/api/Bottles/${bottleId}/Image?size=thumb` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
  });

  it("past the retention window its files go; an admin's later restore answers a clean 404 for the photo", async () => {
    const bottleId = await newBottle(t, member, { name: "Deleted long ago" });
    const hash = await uploadNew(bottleId);
    expect((await deleteBottle(bottleId)).statusCode).toBe(200);
    ageActivity(bottleId);
    await sweep();
    expect(filesOf(hash)).toEqual([]);

    expect((await undo(lastActivityId("bottle", bottleId))).statusCode).toBe(200);
    const detail = await t.request({ method: "GET", url: `/api/Bottles/${bottleId}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ name: "Deleted long ago", hasImage: true });
    for (const size of ["", "?size=medium", "?size=thumb"]) {
      const res = await t.request({ method: "GET", url: `/api/Bottles/${bottleId}/Image${size}` });
      expect(res.statusCode, size).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: ServerMessages.imageNotFound } });
    }
    // A new photo replaces the missing one as usual.
    const fresh = await uploadNew(bottleId);
    expect(hasFiles(fresh)).toBe(true);
  });

  it("the same picture on another bottle keeps its files", async () => {
    const data = await picture();
    const ids = [
      await newBottle(t, member, { name: "Twin A" }),
      await newBottle(t, member, { name: "Twin B" }),
    ];
    let hash = "";
    for (const id of ids) {
      const { payload, headers } = multipart([
        { name: "image", filename: "b.png", contentType: "image/png", data },
      ]);
      const res = await t.request({
        method: "POST",
        url: `/api/Bottles/UploadImage?bottleId=${id}`,
        payload,
        headers,
        token: member,
      });
      hash = res.json<{ imageVersion: string }>().imageVersion;
    }
    expect((await deleteBottle(ids[0] as number)).statusCode).toBe(200);
    ageActivity(ids[0] as number);
    await sweep();
    expect(hasFiles(hash)).toBe(true);
  });
});

describe("at start", () => {
  it("files of no bottle and leftovers of a crash go; fresh files (an upload in progress) stay", async () => {
    const bottleId = await newBottle(t, member, { name: "Survivor" });
    const kept = await uploadNew(bottleId);
    const orphan = "0123456789abcdef0123456789abcdef";
    const fresh = "fedcba9876543210fedcba9876543210";
    for (const name of [
      `${orphan}.webp`,
      `${orphan}-thumb.webp`,
      `${orphan}-medium.webp`,
      "x.webp.1.abc.tmp",
    ])
      writeFileSync(join(dir(), name), "old");
    ageFiles();
    writeFileSync(join(dir(), `${fresh}.webp`), "new");
    writeFileSync(join(dir(), "notes.txt"), "not ours: left alone");

    const restarted = await createTestApp({ dataDir: t.dataDir });
    try {
      await restarted.app.deps.images.settled();
      const names = readdirSync(dir());
      expect(names.filter((n) => n.startsWith(orphan) || n.endsWith(".tmp"))).toEqual([]);
      expect(existsSync(join(dir(), `${fresh}.webp`))).toBe(true);
      expect(existsSync(join(dir(), "notes.txt"))).toBe(true);
      expect(hasFiles(kept)).toBe(true);
    } finally {
      await restarted.app.close(); // not restarted.close(): the data folder is t's
    }
  });
});

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_PIXELS, ServerMessages } from "@club/shared";
import { countRows, multipart, newBottle, snapshot } from "./bottleFixtures";
import { createTestApp, type TestApp } from "./helpers";

/**
 * A security finding: a 10000 x 10000 progressive JPEG took +593 MB to decode and four in parallel
 * 1.9 GB. Uploads are now bounded in pixels, in decodes at once, in uploads waiting, and per member.
 */

/**
 * A flat JPEG of that size, encoded once per file: the encoding is the file's costliest step
 * (3.8 s of CPU for 7300 x 5470, 2.6 s for 6000 x 4000; 10 s for the 10000 x 10000 bomb, which is now a header: bombJpeg), not the server's
 * work under test. Encoder settings do not change that (quality 1, no Huffman optimisation: the
 * same 10 s), so each photo is also kept under the OS temp dir, named by everything that makes its
 * bytes (size, mode, quality, sharp's version): a later run on the machine reads the same file.
 * Written under a temporary name and renamed, so a reader never sees half a photo.
 */
const PHOTO_CACHE = join(tmpdir(), "club-test-photos");
const encoded = new Map<string, Promise<Buffer>>();
const jpeg = (width: number, height: number, progressive = true): Promise<Buffer> => {
  const key = `${width}x${height}${progressive ? "p" : ""}`;
  let made = encoded.get(key);
  if (!made) {
    const file = join(PHOTO_CACHE, `${key}-q80-sharp${sharp.versions.sharp}.jpg`);
    made = (async () => {
      if (existsSync(file)) {
        // The header must still say what was asked for (a damaged file is encoded again).
        const kept = readFileSync(file);
        const head = await sharp(kept)
          .metadata()
          .catch(() => undefined);
        if (head?.width === width && head.height === height && head.isProgressive === progressive)
          return kept;
      }
      const data = await sharp({
        create: { width, height, channels: 3, background: { r: 122, g: 74, b: 28 } },
      })
        .jpeg({ quality: 80, progressive, chromaSubsampling: progressive ? "4:4:4" : "4:2:0" })
        .toBuffer();
      mkdirSync(PHOTO_CACHE, { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, data);
      renameSync(partial, file);
      return data;
    })();
    encoded.set(key, made);
  }
  return made;
};

/**
 * A decompression bomb as an attacker makes one: a small progressive JPEG whose frame header
 * claims `width` x `height`. The server must refuse it from the header alone; a real 10000 x 10000
 * photo cost 10 s of CPU to encode for every run on a clean machine, and says nothing more to a
 * server that never decodes it.
 */
const bombJpeg = async (width: number, height: number): Promise<Buffer> => {
  const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#7a4a1c" } })
    .jpeg({ progressive: true })
    .toBuffer();
  const bomb = Buffer.from(small);
  // The frame header (SOF0-SOF2): marker, length (2 bytes), precision (1), height (2), width (2).
  for (let i = 2; i < bomb.length - 9; i++) {
    if (bomb[i] === 0xff && bomb[i + 1]! >= 0xc0 && bomb[i + 1]! <= 0xc2) {
      bomb.writeUInt16BE(height, i + 5);
      bomb.writeUInt16BE(width, i + 7);
      return bomb;
    }
  }
  throw new Error("no frame header in sharp's JPEG");
};

/**
 * The file's photos are encoded before its tests, all at once (sharp encodes on libuv's threads),
 * not inside the tests: the 10000 x 10000 one alone took 15-30 s of a loaded machine, and counted
 * against its test's 30 s timeout, which it once ran out of.
 */
beforeAll(
  () => Promise.all([jpeg(4000, 3000, false), jpeg(6000, 4000), jpeg(7300, 5470), jpeg(400, 300, false)]),
  180_000,
);

const upload = (t: TestApp, token: string, bottleId: number, data: Buffer) => {
  const { payload, headers } = multipart([
    { name: "image", filename: "photo.jpg", contentType: "image/jpeg", data },
  ]);
  return t.request({
    method: "POST",
    url: `/api/Bottles/UploadImage?bottleId=${bottleId}`,
    payload,
    headers,
    token,
  });
};

describe("a pixel limit of 40 megapixels, checked before decoding", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await t.member());
  });
  afterAll(() => t.close());

  it("a 10000 x 10000 progressive JPEG is a 400 with a clear message, in milliseconds, and changes nothing", async () => {
    const bomb = await bombJpeg(10_000, 10_000);
    const head = await sharp(bomb).metadata();
    expect([head.width, head.height, head.isProgressive]).toEqual([10_000, 10_000, true]);
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024); // small on the wire: the size limit does not catch it
    const bottleId = await newBottle(t, token, { name: "Hundred megapixels" });
    const before = { rows: snapshot(t), files: countRows(t, "bottle_images") };
    const started = performance.now();
    const res = await upload(t, token, bottleId, bomb);
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: { code: "BAD_REQUEST", message: ServerMessages.imageTooManyPixels },
    });
    expect(ms).toBeLessThan(500); // decoding it takes 1.5 s and 600 MB
    expect({ rows: snapshot(t), files: countRows(t, "bottle_images") }).toEqual(before);
  });

  it.each([
    ["a 12 MP phone photo (4000 x 3000, baseline)", 4000, 3000, false],
    ["a 24 MP camera photo (6000 x 4000, progressive)", 6000, 4000, true],
    ["a photo just under the limit (7300 x 5470)", 7300, 5470, true],
  ] as const)("%s is accepted", async (_name, width, height, progressive) => {
    expect(width * height).toBeLessThanOrEqual(IMAGE_MAX_PIXELS);
    const bottleId = await newBottle(t, token, { name: `${width}x${height}` });
    const res = await upload(t, token, bottleId, await jpeg(width, height, progressive));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("one decode at a time, at most IMAGE_QUEUE_MAX waiting", () => {
  let t: TestApp;
  let tokens: string[];
  beforeAll(async () => {
    t = await createTestApp({ env: { IMAGE_CONCURRENCY: "1", IMAGE_QUEUE_MAX: "2" } });
    tokens = await Promise.all(Array.from({ length: 8 }, async () => (await t.member()).token));
  });
  afterAll(() => t.close());

  it("8 uploads at once: 3 are stored one after another, 5 get a 503 JSON error with Retry-After", async () => {
    const photo = await jpeg(6000, 4000);
    const bottleIds = await Promise.all(
      tokens.map((token, i) => newBottle(t, token, { name: `Burst ${i}` })),
    );
    let mostAtOnce = 0;
    const watch = setInterval(() => (mostAtOnce = Math.max(mostAtOnce, t.app.deps.images.decoding)), 2);
    const answers = await Promise.all(
      tokens.map((token, i) => upload(t, token, bottleIds[i] as number, photo)),
    );
    clearInterval(watch);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 503, 503, 503, 503, 503]);
    expect(mostAtOnce).toBe(1);
    for (const busy of answers.filter((r) => r.statusCode === 503)) {
      expect(busy.headers["retry-after"]).toBe("5");
      expect(busy.headers["content-type"]).toMatch(/^application\/json/);
      expect(busy.json()).toEqual({ error: { code: "UPLOADS_BUSY", message: ServerMessages.uploadsBusy } });
    }
    expect(countRows(t, "bottle_images")).toBe(3);
    // The queue empties: the refused members get in now (a small photo: what is measured is the
    // queue's answer, and each 24 MP one costs a second of decoding).
    const refused = answers.flatMap((r, i) => (r.statusCode === 503 ? [i] : []));
    const small = await jpeg(400, 300, false);
    for (const i of refused)
      expect((await upload(t, tokens[i] as string, bottleIds[i] as number, small)).statusCode).toBe(200);
  });
});

describe("a member may upload UPLOADS_PER_MINUTE images a minute", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOADS_PER_MINUTE: "3" } });
  });
  afterAll(() => t.close());

  it("the 4th upload in a minute is a 429 with Retry-After, changes nothing, and other members are not affected", async () => {
    const { token } = await t.member();
    const photo = await jpeg(400, 300, false);
    const bottleId = await newBottle(t, token, { name: "Busy uploader" });
    for (let i = 0; i < 3; i++) expect((await upload(t, token, bottleId, photo)).statusCode).toBe(200);
    const before = snapshot(t);
    const res = await upload(t, token, bottleId, photo);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: { code: "TOO_MANY_REQUESTS", message: ServerMessages.uploadBudget },
    });
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(snapshot(t)).toEqual(before);
    const other = await t.member();
    expect((await upload(t, other.token, bottleId, photo)).statusCode).toBe(200);
  });

  it("RATE_LIMIT=false turns it off with the other limits", async () => {
    const free = await createTestApp({ env: { UPLOADS_PER_MINUTE: "1", RATE_LIMIT: "false" } });
    try {
      const { token } = await free.member();
      const photo = await jpeg(40, 30, false);
      const bottleId = await newBottle(free, token, { name: "Unlimited" });
      for (let i = 0; i < 3; i++) expect((await upload(free, token, bottleId, photo)).statusCode).toBe(200);
    } finally {
      await free.close();
    }
  });
});

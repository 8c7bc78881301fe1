import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { IMAGE_MAX_BYTES, IMAGE_THUMB_PX, ServerMessages } from "@club/shared";
import { sniffImageType } from "../../platform/images";
import { countRows, errorOf, multipart, newBottle, snapshot, type Part } from "../../../test/bottleFixtures";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.member());
});
afterAll(() => t.close());

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 160, g: 90, b: 30 } } });

const upload = (bottleId: number | string, parts: Part[], auth: string | null = token) => {
  const { payload, headers } = multipart(parts);
  return t.request({
    method: "POST",
    url: `/api/Bottles/UploadImage?bottleId=${bottleId}`,
    payload,
    headers,
    token: auth ?? undefined,
  });
};

const imageOf = (data: Buffer, filename = "bottle.png", contentType = "image/png"): Part => ({
  name: "image",
  filename,
  contentType,
  data,
});

const getImage = (bottleId: number, query = "", headers: Record<string, string> = {}) =>
  t.request({ method: "GET", url: `/api/Bottles/${bottleId}/Image${query}`, headers });

describe("POST /api/Bottles/UploadImage", () => {
  it("stores a PNG, answers 200 {bottleId, imageVersion}, and the detail shows the version", async () => {
    const bottleId = await newBottle(t, token, { name: "With Image" });
    const res = await upload(bottleId, [imageOf(await solid(2400, 1200).png().toBuffer())]);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ bottleId: number; imageVersion: string }>();
    expect(body).toEqual({ bottleId, imageVersion: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const detail = await t.request({ method: "GET", url: `/api/Bottles/${bottleId}` });
    expect(detail.json()).toMatchObject({ hasImage: true, imageVersion: body.imageVersion });
    const row = t.app.deps.db.$client
      .prepare(
        "SELECT hash, content_type AS contentType, width, height FROM bottle_images WHERE bottle_id = ?",
      )
      .get(bottleId);
    // Re-encoded as webp and bounded to 1600 px.
    expect(row).toEqual({ hash: body.imageVersion, contentType: "image/webp", width: 1600, height: 800 });
  });

  it.each([
    ["JPEG", () => solid(40, 30).jpeg().toBuffer(), "image/jpeg"],
    ["WebP", () => solid(40, 30).webp().toBuffer(), "image/webp"],
    ["GIF", () => solid(40, 30).gif().toBuffer(), "image/gif"],
  ])("accepts a %s", async (_label, make, type) => {
    const bottleId = await newBottle(t, token, { name: `Format ${type}` });
    const res = await upload(bottleId, [imageOf(await make(), "x.bin", type)]);
    expect(res.statusCode).toBe(200);
  });

  it("accepts an image larger than the 1 MB JSON body limit", async () => {
    const noise = Buffer.alloc(1200 * 1000 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width: 1200, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(2 * 1024 * 1024);
    const bottleId = await newBottle(t, token, { name: "Big But Fine" });
    const res = await upload(bottleId, [imageOf(png)]);
    expect(res.statusCode).toBe(200);
  });

  it("recognises content, not names: a PNG sent as 'photo.txt' with text/plain is accepted", async () => {
    const bottleId = await newBottle(t, token, { name: "Misnamed PNG" });
    const res = await upload(bottleId, [
      imageOf(await solid(20, 20).png().toBuffer(), "photo.txt", "text/plain"),
    ]);
    expect(res.statusCode).toBe(200);
  });

  it("replaces an existing image and changes the version", async () => {
    const bottleId = await newBottle(t, token, { name: "Replaced" });
    const first = (await upload(bottleId, [imageOf(await solid(30, 30).png().toBuffer())])).json<{
      imageVersion: string;
    }>();
    const second = await upload(bottleId, [imageOf(await solid(60, 30).png().toBuffer())]);
    expect(second.statusCode).toBe(200);
    const { imageVersion } = second.json<{ imageVersion: string }>();
    expect(imageVersion).not.toBe(first.imageVersion);
    expect(countRows(t, `bottle_images WHERE bottle_id = ${bottleId}`)).toBe(1);
    const res = await getImage(bottleId, "", { "if-none-match": `"${first.imageVersion}"` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`"${imageVersion}"`);
  });

  describe("refusals change nothing", () => {
    let bottleId: number;
    beforeAll(async () => {
      bottleId = await newBottle(t, token, { name: "Refusals" });
    });

    const refused = async (send: () => Promise<LightMyRequestResponse>, status: number, message: string) => {
      const before = snapshot(t);
      const res = await send();
      expect(res.statusCode).toBe(status);
      expect(errorOf(res).message).toBe(message);
      expect(snapshot(t)).toEqual(before);
      expect(countRows(t, `bottle_images WHERE bottle_id = ${bottleId}`)).toBe(0);
    };

    it("a text file named .png is refused with 415", async () => {
      await refused(
        () => upload(bottleId, [imageOf(Buffer.from("definitely not a picture\n".repeat(20)), "evil.png")]),
        415,
        ServerMessages.imageUnsupported,
      );
    });

    it("an SVG is refused with 415", async () => {
      const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`;
      await refused(
        () => upload(bottleId, [imageOf(Buffer.from(svg), "x.svg", "image/svg+xml")]),
        415,
        ServerMessages.imageUnsupported,
      );
    });

    it("a TIFF (a real image, not an accepted format) is refused with 415", async () => {
      const tiff = await solid(10, 10).tiff().toBuffer();
      await refused(() => upload(bottleId, [imageOf(tiff, "x.png")]), 415, ServerMessages.imageUnsupported);
    });

    it("a truncated JPEG (right magic bytes, broken body) is refused with 400", async () => {
      const jpeg = await solid(200, 200).jpeg().toBuffer();
      await refused(
        () => upload(bottleId, [imageOf(jpeg.subarray(0, 40), "x.jpg", "image/jpeg")]),
        400,
        ServerMessages.imageInvalid,
      );
    });

    it("a file over 10 MB is refused with 413", async () => {
      const big = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0);
      (await solid(10, 10).png().toBuffer()).copy(big);
      await refused(() => upload(bottleId, [imageOf(big)]), 413, ServerMessages.imageTooLarge);
    });

    it("a JSON body is refused with 415", async () => {
      await refused(
        () =>
          t.request({
            method: "POST",
            url: `/api/Bottles/UploadImage?bottleId=${bottleId}`,
            payload: { image: "data:image/png;base64,AAAA" },
            token,
          }),
        415,
        ServerMessages.imageMissing,
      );
    });

    it("a raw image body (not multipart) is refused with 415", async () => {
      const png = await solid(10, 10).png().toBuffer();
      await refused(
        () =>
          t.request({
            method: "POST",
            url: `/api/Bottles/UploadImage?bottleId=${bottleId}`,
            payload: png,
            headers: { "content-type": "image/png" },
            token,
          }),
        415,
        ServerMessages.imageMissing,
      );
    });

    it("multipart without an `image` file is refused with 400", async () => {
      const png = await solid(10, 10).png().toBuffer();
      await refused(
        () => upload(bottleId, [{ name: "file", filename: "x.png", contentType: "image/png", data: png }]),
        400,
        ServerMessages.imageMissing,
      );
      await refused(
        () => upload(bottleId, [{ name: "image", data: "just a text field" }]),
        400,
        ServerMessages.imageMissing,
      );
      await refused(() => upload(bottleId, []), 400, ServerMessages.imageMissing);
    });

    it("a multipart body that ends early is refused with 400", async () => {
      const png = await solid(10, 10).png().toBuffer();
      const { payload, headers } = multipart([imageOf(png)]);
      await refused(
        () =>
          t.request({
            method: "POST",
            url: `/api/Bottles/UploadImage?bottleId=${bottleId}`,
            payload: payload.subarray(0, payload.length - 60),
            headers,
            token,
          }),
        400,
        ServerMessages.imageMissing,
      );
    });

    it("no token is 401, an unknown bottle 404, a bad bottleId 400", async () => {
      const png = await solid(10, 10).png().toBuffer();
      await refused(() => upload(bottleId, [imageOf(png)], null), 401, ServerMessages.unauthorized);
      await refused(() => upload(999_999, [imageOf(png)]), 404, ServerMessages.bottleNotFound);
      await refused(() => upload("abc", [imageOf(png)]), 400, ServerMessages.validation);
      const { payload, headers } = multipart([imageOf(png)]);
      await refused(
        () => t.request({ method: "POST", url: "/api/Bottles/UploadImage", payload, headers, token }),
        400,
        ServerMessages.validation,
      );
    });
  });
});

describe("GET /api/Bottles/{id}/Image", () => {
  let bottleId: number;
  let version: string;
  beforeAll(async () => {
    bottleId = await newBottle(t, token, { name: "Served" });
    const res = await upload(bottleId, [imageOf(await solid(1000, 500).png().toBuffer())]);
    version = res.json<{ imageVersion: string }>().imageVersion;
  });

  it("serves the stored webp with ETag and cache headers", async () => {
    const res = await getImage(bottleId);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers.etag).toBe(`"${version}"`);
    expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(sniffImageType(res.rawPayload)).toBe("webp");
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1000, 500]);
  });

  it("answers 304 with no body when If-None-Match matches (strong, weak, list or *)", async () => {
    for (const header of [`"${version}"`, `W/"${version}"`, `"other", "${version}"`, "*"]) {
      const res = await getImage(bottleId, "", { "if-none-match": header });
      expect(res.statusCode).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(`"${version}"`);
      expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    }
    const stale = await getImage(bottleId, "", { "if-none-match": `"0123"` });
    expect(stale.statusCode).toBe(200);
  });

  it("serves the thumbnail for ?size=thumb with its own ETag", async () => {
    const res = await getImage(bottleId, "?size=thumb");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers.etag).toBe(`"${version}-thumb"`);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([IMAGE_THUMB_PX, IMAGE_THUMB_PX / 2]);
    expect(
      (await getImage(bottleId, "?size=thumb", { "if-none-match": `"${version}-thumb"` })).statusCode,
    ).toBe(304);
    expect((await getImage(bottleId, "?size=thumb", { "if-none-match": `"${version}"` })).statusCode).toBe(
      200,
    );
    // Cache-busting parameters the web app may add are ignored.
    expect((await getImage(bottleId, `?v=${version}`)).statusCode).toBe(200);
  });

  it("serves the medium variant for ?size=medium, and remakes it when it is missing", async () => {
    const res = await getImage(bottleId, "?size=medium");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers.etag).toBe(`"${version}-medium"`);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([800, 400]);
    expect(
      (await getImage(bottleId, "?size=medium", { "if-none-match": `"${version}-medium"` })).statusCode,
    ).toBe(304);
    // An image stored before the medium variant existed (or restored from an old backup).
    const file = join(t.dataDir, "images", `${version}-medium.webp`);
    expect(existsSync(file)).toBe(true);
    rmSync(file);
    const remade = await getImage(bottleId, "?size=medium");
    expect(remade.statusCode).toBe(200);
    expect((await sharp(remade.rawPayload).metadata()).width).toBe(800);
    expect(existsSync(file)).toBe(true);
  });

  it("answers 400 for an unknown size", async () => {
    expect((await getImage(bottleId, "?size=huge")).statusCode).toBe(400);
  });

  it("answers a JSON 404 when the bottle has no image or does not exist", async () => {
    const without = await newBottle(t, token, { name: "Imageless" });
    const none = await getImage(without);
    expect(none.statusCode).toBe(404);
    expect(none.headers["content-type"]).toMatch(/^application\/json/);
    expect(errorOf(none)).toEqual({ code: "NOT_FOUND", message: ServerMessages.imageNotFound });
    const unknown = await getImage(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toEqual({ code: "NOT_FOUND", message: ServerMessages.bottleNotFound });
    const bad = await t.request({ method: "GET", url: "/api/Bottles/abc/Image" });
    expect(bad.statusCode).toBe(400);
  });
});

describe("privacy: metadata is stripped", () => {
  it("an uploaded JPEG's EXIF (copyright, GPS) is not served back", async () => {
    const withExif = await solid(64, 48)
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret", Artist: "Someone" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    expect(withExif.includes(Buffer.from("secret"))).toBe(true);

    const bottleId = await newBottle(t, token, { name: "EXIF" });
    const res = await upload(bottleId, [imageOf(withExif, "photo.jpg", "image/jpeg")]);
    expect(res.statusCode).toBe(200);
    for (const query of ["", "?size=medium", "?size=thumb"]) {
      const served = await getImage(bottleId, query);
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from("secret"))).toBe(false);
    }
  });
});

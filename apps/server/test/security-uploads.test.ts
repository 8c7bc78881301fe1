import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { deflateSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages } from "@club/shared";
import { buildApp } from "../src/app/buildApp";
import { loadConfig } from "../src/config";
import { createTestApp, type TestApp } from "./helpers";
import {
  makeCtx,
  multipartBody,
  seedFixtures,
  snapshot,
  tinyPng,
  type EndpointCtx,
  type MultipartPart,
} from "./fuzz/endpoints";

let t: TestApp;
let c: EndpointCtx;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  c = makeCtx(t, await seedFixtures(t));
});
afterAll(() => t.close());

const upload = (parts: MultipartPart[], bottleId: string | number = c.f.bottleId) => {
  const body = multipartBody(parts);
  return t.request({
    method: "POST",
    url: `/api/Bottles/UploadImage?bottleId=${bottleId}`,
    payload: body.payload,
    headers: { "content-type": body.contentType },
    token: c.f.member.token,
  });
};
const image = (data: Buffer | string, filename = "bottle.png", contentType = "image/png"): MultipartPart => ({
  name: "image",
  filename,
  contentType,
  data,
});

// --- crafted files ---------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A well-formed PNG header that claims width × height pixels, with almost no pixel data. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(1024))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
/** A GIF header claiming a 65535 × 65535 canvas. */
const gifClaimingHuge = () =>
  Buffer.concat([
    Buffer.from("GIF89a", "latin1"),
    Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]),
    Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);

const SCRIPT = `<script>alert(document.cookie)</script>`;
const HTML = `<!doctype html><html><body>${SCRIPT}</body></html>`;
const SVG = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`;

describe("uploads that are not a plain raster image are refused, and change nothing", () => {
  const cases: { name: string; part: () => Promise<MultipartPart>; status: 415 | 400; message: string }[] = [
    {
      name: "an HTML page named .png",
      part: async () => image(HTML),
      status: 415,
      message: ServerMessages.imageUnsupported,
    },
    {
      name: "an HTML page sent as text/html",
      part: async () => image(HTML, "x.html", "text/html"),
      status: 415,
      message: ServerMessages.imageUnsupported,
    },
    {
      name: "an SVG disguised as image/png",
      part: async () => image(SVG, "bottle.png", "image/png"),
      status: 415,
      message: ServerMessages.imageUnsupported,
    },
    {
      name: "an SVG with leading whitespace",
      part: async () => image(`\n\n  ${SVG}`, "b.svg", "image/svg+xml"),
      status: 415,
      message: ServerMessages.imageUnsupported,
    },
    {
      name: "a PDF",
      part: async () => image("%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF", "b.pdf", "application/pdf"),
      status: 415,
      message: ServerMessages.imageUnsupported,
    },
    {
      name: "an empty file",
      part: async () => image(Buffer.alloc(0)),
      status: 415,
      message: ServerMessages.imageUnsupported,
    },
    {
      name: "a GIF/JavaScript polyglot (GIF89a/*...*/=alert(1))",
      part: async () => image(`GIF89a/*\x00\x00*/=alert(1);//${SCRIPT}`, "x.gif", "image/gif"),
      status: 400,
      message: ServerMessages.imageInvalid,
    },
    {
      name: "PNG magic bytes followed by HTML",
      part: async () =>
        image(
          Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(HTML)]),
        ),
      status: 400,
      message: ServerMessages.imageInvalid,
    },
    {
      name: "JPEG magic bytes followed by HTML",
      part: async () =>
        image(
          Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)]),
          "x.jpg",
          "image/jpeg",
        ),
      status: 400,
      message: ServerMessages.imageInvalid,
    },
    {
      name: "a RIFF/WEBP header followed by HTML",
      part: async () =>
        image(
          Buffer.concat([Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 ", "latin1"), Buffer.from(HTML)]),
          "x.webp",
          "image/webp",
        ),
      status: 400,
      message: ServerMessages.imageInvalid,
    },
    {
      name: "a truncated PNG",
      part: async () => {
        const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#123456" } })
          .png({ compressionLevel: 0 })
          .toBuffer();
        return image(png.subarray(0, Math.floor(png.length / 2)));
      },
      status: 400,
      message: ServerMessages.imageInvalid,
    },
    {
      name: "a truncated GIF",
      part: async () => {
        const gif = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#654321" } })
          .gif()
          .toBuffer();
        return image(gif.subarray(0, Math.floor(gif.length / 3)), "x.gif", "image/gif");
      },
      status: 400,
      message: ServerMessages.imageInvalid,
    },
    {
      name: "a truncated WebP",
      part: async () => {
        const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#abcdef" } })
          .webp({ lossless: true })
          .toBuffer();
        return image(webp.subarray(0, 40), "x.webp", "image/webp");
      },
      status: 400,
      message: ServerMessages.imageInvalid,
    },
    {
      name: "a PNG whose header claims 60000 × 60000 pixels (decompression bomb)",
      part: async () => image(pngClaiming(60_000, 60_000)),
      status: 400,
      message: ServerMessages.imageTooManyPixels,
    },
    {
      name: "a GIF whose header claims 65535 × 65535 pixels",
      part: async () => image(gifClaimingHuge(), "x.gif", "image/gif"),
      status: 400,
      message: ServerMessages.imageTooManyPixels,
    },
  ];

  it.each(cases)("$name: $status", async ({ part, status, message }) => {
    const before = snapshot(t);
    const started = Date.now();
    const res = await upload([await part()]);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ error: { message } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(snapshot(t)).toBe(before);
  });
});

describe("what is stored and served is a re-encoded image, never the uploaded bytes", () => {
  it("a valid PNG carrying an appended HTML payload is re-encoded: the payload is gone", async () => {
    const bottleId = (await t.caller(c.f.member.user).bottles.create({ name: "Polyglot target", abv: 40 }))
      .id;
    const png = await tinyPng();
    const res = await upload(
      [image(Buffer.concat([png, Buffer.from(HTML)]), "evil.html", "text/html")],
      bottleId,
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const size of ["", "?size=medium", "?size=thumb"]) {
      const served = await t.request({ method: "GET", url: `/api/Bottles/${bottleId}/Image${size}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(served.rawPayload.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(served.rawPayload.includes(Buffer.from("<script>"))).toBe(false);
    }
  });
});

describe("no path from a request reaches the file system outside DATA_DIR", () => {
  it("a multipart filename with ../ is ignored: files are named by content hash", async () => {
    const target = join(tmpdir(), `club-escape-${process.pid}.png`);
    const traversal = relative(t.app.deps.config.imagesDir, target);
    for (const filename of [
      traversal,
      `../../${"../".repeat(10)}tmp/escape.png`,
      "..\\..\\escape.png",
      "/etc/cron.d/x",
      "%2e%2e%2fx.png",
      "\u0000.png",
    ]) {
      const res = await upload([image(await tinyPng(), filename)], c.f.imageBottleId);
      expect(res.statusCode, filename).toBe(200);
    }
    expect(existsSync(target)).toBe(false);
    expect(existsSync(join(tmpdir(), "escape.png"))).toBe(false);
    for (const file of readdirSync(t.app.deps.config.imagesDir))
      expect(file).toMatch(/^[0-9a-f]{32}(-thumb|-medium)?\.webp$/);
  });

  it.each([
    "/api/Bottles/..%2F..%2F..%2Fetc%2Fpasswd/Image",
    "/api/Bottles/1%2F..%2F..%2Fclub.sqlite/Image",
    "/api/Bottles/..%5C..%5Cjwt-secret/Image",
    "/api/Bottles/1/Image?size=..%2F..%2Fjwt-secret",
    "/api/Bottles/1/Image?size=full%00",
    "/api/BottleComments/bottle/..%2F1",
    "/api/MonthlyMeetings/%2e%2e",
  ])("GET %s is a 4xx JSON error", async (url) => {
    const res = await t.request({ method: "GET", url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
  });

  it.each(["..%2F..%2Fetc", "1%2F..%2F2", "1.5", "abc", "", "-1"])(
    "UploadImage?bottleId=%s is a 400",
    async (bottleId) => {
      const before = snapshot(t);
      const res = await upload([image(await tinyPng())], bottleId);
      expect(res.statusCode).toBe(400);
      expect(snapshot(t)).toBe(before);
    },
  );

  describe("the web app's static files", () => {
    let app: FastifyInstance;
    let root: string;
    let port: number;
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), "club-static-"));
      const dist = join(root, "dist");
      mkdirSync(join(dist, "assets"), { recursive: true });
      writeFileSync(
        join(dist, "index.html"),
        "<!doctype html><title>club</title><script type=module src=/assets/app.js></script>",
      );
      writeFileSync(join(dist, "assets", "app.js"), "console.log('app')");
      writeFileSync(join(root, "secret.txt"), "TOP-SECRET-OUTSIDE-DIST");
      const config = loadConfig({
        DATA_DIR: join(root, "data"),
        DEMO_DATA: "false",
        APP_URL: "http://club.test",
        RATE_LIMIT: "false",
      });
      app = await buildApp({ config, webDistDir: dist });
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      port = typeof address === "object" && address ? address.port : 0;
    });
    afterAll(async () => {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    });

    /** Sends the request line verbatim (fetch and inject would normalise the path). */
    const raw = (path: string) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const socket = connect(port, "127.0.0.1", () => {
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: club.test\r\nAccept: text/html\r\nConnection: close\r\n\r\n`,
          );
        });
        let text = "";
        socket.on("data", (d: Buffer) => (text += d.toString("latin1")));
        socket.on("end", () => resolve({ status: Number(text.split(" ")[1]), text }));
        socket.on("error", reject);
      });

    it("serves the app with its CSP", async () => {
      const res = await raw("/");
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/content-security-policy: default-src 'self';/i);
      expect((await raw("/assets/app.js")).text).toContain("console.log('app')");
    });

    it.each([
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/%2E%2E%2Fsecret.txt",
      "/assets/../../secret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/assets/%2e%2e%2f%2e%2e%2fsecret.txt",
      "/..%5csecret.txt",
      "/assets/..%5c..%5csecret.txt",
      "/%252e%252e/secret.txt",
      "/..%c0%afsecret.txt",
      "/data/jwt-secret",
      "/../data/jwt-secret",
      "/../data/club.sqlite",
      "/assets/%00../../secret.txt",
    ])("%s does not leak a file outside the web build", async (path) => {
      const res = await raw(path);
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toContain("TOP-SECRET-OUTSIDE-DIST");
      expect(res.text).not.toMatch(/SQLite format/);
      expect(res.text).not.toMatch(/\r\n\r\n[A-Za-z0-9_-]{60,}$/); // the jwt-secret file's content
    });
  });
});

import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDataDir, startServer, type ServerProcess } from "../bench/serverProcess";
import { multipart, newBottle } from "./bottleFixtures";
import { createTestApp, type TestApp } from "./helpers";

/**
 * A security finding: club.sqlite and the outbox were world-readable (644/755) under the default
 * data folder. Now DATA_DIR, images/ and outbox/ are 700 and every file in them 600: explicit modes
 * where the server creates files (checked here in a process whose umask is the usual 022), and a
 * umask of 077 for the real server process.
 */

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every path under DATA_DIR with a mode that is not owner-only (folders 700, files 600). */
function notPrivate(dataDir: string): string[] {
  const wrong: string[] = [];
  const visit = (path: string) => {
    const isDir = statSync(path).isDirectory();
    if (modeOf(path) !== (isDir ? 0o700 : 0o600)) wrong.push(`${path} ${modeOf(path).toString(8)}`);
    if (isDir) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dataDir);
  return wrong;
}

const photo = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: "#8a5a2b" } })
    .jpeg()
    .toBuffer();

async function waitFor(check: () => boolean, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("in-process app (umask 022): explicit modes", () => {
  let t: TestApp;
  beforeAll(async () => {
    const oldDir = mkdtempSync(join(tmpdir(), "club-modes-"));
    rmSync(oldDir, { recursive: true });
    t = await createTestApp({ dataDir: oldDir }); // created by the app, not by mkdtemp (which makes 700)
  });
  afterAll(() => t.close());

  it("after start: DATA_DIR and images/ 700, the database and its -wal and -shm 600", async () => {
    expect(process.umask() & 0o077).not.toBe(0o077); // the modes below are the app's own doing
    const { dataDir, dbFile } = t.app.deps.config;
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, "images"))).toBe(0o700);
    for (const file of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) {
      expect(existsSync(file), file).toBe(true);
      expect(modeOf(file), file).toBe(0o600);
    }
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it("after an upload: the image files are 600", async () => {
    const { token } = await t.member();
    const bottleId = await newBottle(t, token, { name: "Private photo" });
    const { payload, headers } = multipart([
      { name: "image", filename: "p.jpg", contentType: "image/jpeg", data: await photo() },
    ]);
    const res = await t.request({
      method: "POST",
      url: `/api/Bottles/UploadImage?bottleId=${bottleId}`,
      payload,
      headers,
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(readdirSync(t.app.deps.config.imagesDir).length).toBeGreaterThanOrEqual(3);
    expect(notPrivate(t.app.deps.config.dataDir)).toEqual([]);
  });

  it("after an email to the outbox (no SMTP_URL): outbox/ 700 and the message 600", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/Register/register",
      payload: {
        email: "new.member@example.com",
        password: "a long enough password",
        firstName: "New",
        lastName: "Member",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.deps.mailer.flush();
    const { outboxDir, dataDir } = t.app.deps.config;
    await waitFor(() => existsSync(outboxDir) && readdirSync(outboxDir).length > 0, "the outbox file");
    expect(modeOf(outboxDir)).toBe(0o700);
    for (const name of readdirSync(outboxDir)) expect(modeOf(join(outboxDir, name))).toBe(0o600);
    expect(notPrivate(dataDir)).toEqual([]);
  });
});

describe("a data folder left world-readable by an older version", () => {
  it("is made private at start", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "club-oldmodes-"));
    const first = await createTestApp({ dataDir });
    await first.app.close();
    mkdirSync(join(dataDir, "outbox"), { recursive: true });
    writeFileSync(join(dataDir, "outbox", "000001.eml"), "Subject: old");
    writeFileSync(join(dataDir, "images", "0123456789abcdef0123456789abcdef.webp"), "old");
    writeFileSync(join(dataDir, "jwt-secret"), "old-secret");
    for (const [path, mode] of [
      [dataDir, 0o755],
      [join(dataDir, "images"), 0o755],
      [join(dataDir, "outbox"), 0o755],
      [join(dataDir, "club.sqlite"), 0o644],
      [join(dataDir, "outbox", "000001.eml"), 0o644],
      [join(dataDir, "images", "0123456789abcdef0123456789abcdef.webp"), 0o644],
      [join(dataDir, "jwt-secret"), 0o644],
    ] as const)
      chmodSync(path, mode);
    const again = await createTestApp({ dataDir });
    try {
      expect(notPrivate(dataDir)).toEqual([]);
    } finally {
      await again.close();
    }
  });
});

describe("the real server process (umask 077)", () => {
  let server: ServerProcess;
  let dataDir: string;
  let token: string;
  beforeAll(async () => {
    const prepared = await prepareDataDir(join(mkdtempSync(join(tmpdir(), "club-procmodes-")), "data"));
    dataDir = prepared.dataDir;
    token = prepared.token;
    server = await startServer(dataDir, { env: { REGISTRATION: "open" } });
  });
  afterAll(async () => {
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(join(dataDir, ".."), { recursive: true, force: true });
  });

  it("everything under DATA_DIR is owner-only after start, an upload and an email", async () => {
    expect(notPrivate(dataDir)).toEqual([]);
    const created = await fetch(`${server.baseUrl}/api/Bottles/NewBottle`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: "Process photo", abv: 40 }),
    });
    const { id } = (await created.json()) as { id: number };
    const body = new FormData();
    body.append("image", new Blob([new Uint8Array(await photo())], { type: "image/jpeg" }), "p.jpg");
    const uploaded = await fetch(`${server.baseUrl}/api/Bottles/UploadImage?bottleId=${id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body,
    });
    expect(uploaded.status).toBe(200);
    const registered = await fetch(`${server.baseUrl}/api/Register/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "proc.member@example.com",
        password: "a long enough password",
        firstName: "Proc",
        lastName: "Member",
      }),
    });
    expect(registered.status).toBe(201);
    const outbox = join(dataDir, "outbox");
    await waitFor(() => existsSync(outbox) && readdirSync(outbox).length > 0, "the outbox file");
    expect(existsSync(join(dataDir, "club.sqlite-wal"))).toBe(true);
    expect(notPrivate(dataDir)).toEqual([]);
  });
});

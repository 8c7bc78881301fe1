import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, openDb } from "@club/db";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { multipartBody, tinyPng } from "../../test/fuzz/endpoints";
import { createTestApp, type TestApp } from "../../test/helpers";

const SERVER_DIR = fileURLToPath(new URL("../..", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("../../../..", import.meta.url));
const OLD_PASSWORD = "correct horse battery"; // test/helpers.ts member()

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const run = (file: string, args: string[], cwd: string, env: Record<string, string>) =>
  new Promise<Run>((resolve) => {
    execFile(
      file,
      args,
      { cwd, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });

describe("admin command line (npm run admin)", () => {
  let t: TestApp;
  let scratch: string;
  let ann: Awaited<ReturnType<TestApp["member"]>>;
  let annPassword = OLD_PASSWORD;
  let imageHash = "";
  let bottleId = 0;

  /** The CLI as `npm run admin` starts it (tsx, from apps/server), on the test app's DATA_DIR. */
  const admin = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ["--import", "tsx", "src/admin/cli.ts", ...args], SERVER_DIR, {
      DATA_DIR: t.dataDir,
      ...env,
    });

  const login = (email: string, password: string) =>
    t.request({ method: "POST", url: "/login", payload: { email, password } });

  beforeAll(async () => {
    t = await createTestApp();
    scratch = mkdtempSync(join(tmpdir(), "club-admin-"));
    ann = await t.member("ann@example.org");
    const registered = await t.request({
      method: "POST",
      url: "/api/Register/register",
      payload: { email: "bob@example.org", password: "bob-password-1", firstName: "Bob", lastName: "Brown" },
    });
    expect(registered.statusCode).toBe(201);
    // An uploaded image, so the backup has files to copy.
    bottleId = (await t.caller(ann.user).bottles.create({ name: "Pictured", abv: 40 })).id;
    const upload = multipartBody([
      { name: "image", filename: "b.png", contentType: "image/png", data: await tinyPng() },
    ]);
    const res = await t.request({
      method: "POST",
      url: `/api/Bottles/UploadImage?bottleId=${bottleId}`,
      payload: upload.payload,
      headers: { "content-type": upload.contentType },
      token: ann.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    imageHash = res.json<{ imageVersion: string }>().imageVersion;
  });
  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("--help names every command, DATA_DIR and where it points", async () => {
    const r = await admin(["--help"]);
    expect(r.code).toBe(0);
    for (const word of ["members", "confirm <email>", "reset-password", "backup", "DATA_DIR", t.dataDir]) {
      expect(r.stdout).toContain(word);
    }
    const backupHelp = await admin(["backup", "--help"]);
    expect(backupHelp.stdout).toContain("Restore");
    expect(backupHelp.stdout).toContain("club.sqlite-wal");
  });

  it("members lists id, email, name and whether the address is confirmed", async () => {
    const r = await admin(["members"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Database: ${join(t.dataDir, "club.sqlite")}`);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toMatch(/^ID\s+EMAIL\s+NAME\s+CONFIRMED$/);
    expect(lines.find((l) => l.includes("ann@example.org"))).toMatch(
      /^\d+\s+ann@example\.org\s+Test Member\d*\s+yes \(\d{4}-\d{2}-\d{2}\)$/,
    );
    expect(lines.find((l) => l.includes("bob@example.org"))).toMatch(
      /^\d+\s+bob@example\.org\s+Bob Brown\s+no$/,
    );
    expect(r.stdout).toContain("1 member has not confirmed the email address");

    const json = await admin(["members", "--json"]);
    const rows = JSON.parse(json.stdout) as { email: string; emailConfirmedAt: string | null }[];
    expect(rows.find((m) => m.email === "bob@example.org")?.emailConfirmedAt).toBeNull();
    expect(rows.find((m) => m.email === "ann@example.org")?.emailConfirmedAt).toMatch(/^\d{4}-/);
  });

  it("confirm lets a member without the email log in", async () => {
    expect((await login("bob@example.org", "bob-password-1")).statusCode).toBe(403);
    const r = await admin(["confirm", " BOB@example.org "]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Confirmed bob@example.org (Bob Brown)");
    expect((await login("bob@example.org", "bob-password-1")).statusCode).toBe(200);

    const again = await admin(["confirm", "bob@example.org"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already confirmed");
  });

  it("an unknown or malformed email is a clear error with exit code 1", async () => {
    const unknown = await admin(["confirm", "nobody@example.org"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("error: No member with the email nobody@example.org");
    const malformed = await admin(["reset-password", "not-an-email"]);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('"not-an-email" is not a valid email address');
    const usage = await admin(["confirm"]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain("missing required argument 'email'");
  });

  it("reset-password --password sets it and logs the member out everywhere", async () => {
    const r = await admin(["reset-password", "ann@example.org", "--password", "a-brand-new-password"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Password of ann@example.org reset; 1 active session logged out.");
    expect(r.stdout).not.toContain("a-brand-new-password");
    expect((await login("ann@example.org", OLD_PASSWORD)).statusCode).toBe(401);
    expect((await login("ann@example.org", "a-brand-new-password")).statusCode).toBe(200);
    const refresh = await t.request({
      method: "POST",
      url: "/api/Register/refresh",
      payload: { refreshToken: ann.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    annPassword = "a-brand-new-password";
  });

  it("reset-password refuses a short password and changes nothing", async () => {
    const r = await admin(["reset-password", "ann@example.org", "--password", "short"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Use at least 8 characters.");
    expect((await login("ann@example.org", annPassword)).statusCode).toBe(200);
  });

  it("reset-password without --password generates a strong one and prints it", async () => {
    const r = await admin(["reset-password", "ann@example.org"]);
    expect(r.code, r.stderr).toBe(0);
    const generated = /New password: (\S+)/.exec(r.stdout)?.[1] ?? "";
    expect(generated).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
    expect((await login("ann@example.org", annPassword)).statusCode).toBe(401);
    expect((await login("ann@example.org", generated)).statusCode).toBe(200);
    annPassword = generated;
  });

  it("backup copies the open database and the images, consistently", async () => {
    const file = join(scratch, "backups", "club.sqlite");
    // The app keeps writing while the backup runs in the other process.
    let written = 0;
    const writer = setInterval(() => {
      void t.caller(ann.user).themes.create({ id: 0, description: `During backup ${written++}` });
    }, 2);
    const r = await admin(["backup", file]).finally(() => clearInterval(writer));
    expect(written).toBeGreaterThan(0);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Database copied to .*club\.sqlite \(\d+ KB, 2 members, integrity ok\)\./);
    expect(r.stdout).toContain(`Images copied to ${file}-images/ (3 files).`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(readdirSync(`${file}-images`).sort()).toEqual([
      `${imageHash}-medium.webp`,
      `${imageHash}-thumb.webp`,
      `${imageHash}.webp`,
    ]);

    const copy = openDb(file);
    try {
      const row = copy.$client
        .prepare("SELECT email, first_name FROM members WHERE email = ?")
        .get("ann@example.org");
      expect(row).toEqual({ email: "ann@example.org", first_name: "Test" });
      const bottle = copy.$client.prepare("SELECT name FROM bottles WHERE id = ?").get(bottleId);
      expect(bottle).toEqual({ name: "Pictured" });
    } finally {
      closeDb(copy);
    }

    const again = await admin(["backup", file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists. Choose another name or add --force");
    const forced = await admin(["backup", file, "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
  });

  it("a relative backup path is relative to where npm run was typed (INIT_CWD)", async () => {
    const r = await admin(["backup", "nested/relative.sqlite"], { INIT_CWD: scratch });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(scratch, "nested", "relative.sqlite"))).toBe(true);
    expect(existsSync(join(scratch, "nested", "relative.sqlite-images"))).toBe(true);
  });

  it("restores the way the README says: copy the file and the images into a DATA_DIR, start", async () => {
    const file = join(scratch, "restore-me.sqlite");
    expect((await admin(["backup", file])).code).toBe(0);
    const dataDir = join(scratch, "restored");
    mkdirSync(join(dataDir, "images"), { recursive: true });
    cpSync(file, join(dataDir, "club.sqlite"));
    rmSync(join(dataDir, "club.sqlite-wal"), { force: true });
    rmSync(join(dataDir, "club.sqlite-shm"), { force: true });
    cpSync(`${file}-images`, join(dataDir, "images"), { recursive: true });

    const config = loadConfig({
      DATA_DIR: dataDir,
      DEMO_DATA: "true",
      JWT_SECRET: "restore-secret-restore-secret-0123456789",
    });
    const restored = await buildApp({ config, webDistDir: join(dataDir, "no-web") });
    try {
      const loginRes = await restored.inject({
        method: "POST",
        url: "/login",
        payload: { email: "ann@example.org", password: annPassword },
      });
      expect(loginRes.statusCode).toBe(200);
      const image = await restored.inject({ method: "GET", url: `/api/Bottles/${bottleId}/Image` });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
      // Not a new database: no demo data was added on top of the restored club.
      const themes = await restored.inject({ method: "GET", url: "/api/MonthlyThemes/WithLastDate" });
      expect(themes.json<{ name: string }[]>().some((th) => th.name === "During backup 0")).toBe(true);
      expect((await restored.inject({ method: "GET", url: "/api/Bottles" })).json()).toEqual([
        { id: bottleId, name: "Pictured" },
      ]);
    } finally {
      await restored.close();
    }
  });

  it("refuses a DATA_DIR without a database, and creates nothing there", async () => {
    const empty = join(scratch, "empty");
    mkdirSync(empty);
    const r = await admin(["members"], { DATA_DIR: empty });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: No club database at ${join(empty, "club.sqlite")}`);
    expect(readdirSync(empty)).toEqual([]);
    const missing = join(scratch, "does-not-exist");
    const r2 = await admin(["members"], { DATA_DIR: missing });
    expect(r2.code).toBe(1);
    expect(r2.stderr).toContain(`DATA_DIR ${missing} does not exist`);
    expect(existsSync(missing)).toBe(false);
  });

  it("npm run admin and npm run backup work from the repository root", async () => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const list = await run(npm, ["run", "-s", "admin", "--", "members"], REPO_ROOT, { DATA_DIR: t.dataDir });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain("ann@example.org");
    const file = join(scratch, "via-npm.sqlite");
    const saved = await run(npm, ["run", "-s", "backup", "--", file], REPO_ROOT, { DATA_DIR: t.dataDir });
    expect(saved.code, saved.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);
  });
});

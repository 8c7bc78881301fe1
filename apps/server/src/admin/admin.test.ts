import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, members, openDb } from "@club/db";
import { buildApp } from "../app/buildApp";
import { loadConfig } from "../config";
import { hashPassword } from "../platform/passwords";
import { adminInProcess, adminProcess, runProcess } from "../../test/adminCli";
import { uploadTinyPng } from "../../test/fuzz/endpoints";
import { createTestApp, type TestApp } from "../../test/helpers";

const REPO_ROOT = fileURLToPath(new URL("../../../..", import.meta.url));
const OLD_PASSWORD = "correct horse battery"; // test/helpers.ts member()

describe("admin command line (npm run admin)", () => {
  let t: TestApp;
  let scratch: string;
  let ann: Awaited<ReturnType<TestApp["member"]>>;
  let annPassword = OLD_PASSWORD;
  let imageHash = "";
  let bottleId = 0;

  const admin = (args: string[], env: Record<string, string> = {}) =>
    adminInProcess(args, { DATA_DIR: t.dataDir, ...env });

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
    const res = await uploadTinyPng(t, bottleId, ann.token);
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
    for (const word of [
      "members",
      "approve <email>",
      "role <email> <role>",
      "deactivate <email>",
      "invite [email]",
      "confirm <email>",
      "reset-password",
      "backup",
      "DATA_DIR",
      t.dataDir,
    ]) {
      expect(r.stdout).toContain(word);
    }
    const backupHelp = await admin(["backup", "--help"]);
    expect(backupHelp.stdout).toContain("Restore");
    expect(backupHelp.stdout).toContain("club.sqlite-wal");
  });

  it("--version prints the release's version (package.json's)", async () => {
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
      version: string;
    };
    for (const flag of ["--version", "-V"]) {
      const r = await admin([flag]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
    }
  });

  it("members lists id, email, name and whether the address is confirmed", async () => {
    const r = await admin(["members"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Database: ${join(t.dataDir, "club.sqlite")}`);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toMatch(/^ID\s+EMAIL\s+NAME\s+ROLE\s+STATUS\s+CONFIRMED$/);
    expect(lines.find((l) => l.includes("ann@example.org"))).toMatch(
      /^\d+\s+ann@example\.org\s+Test Member\d*\s+member\s+active\s+yes \(\d{4}-\d{2}-\d{2}\)$/,
    );
    expect(lines.find((l) => l.includes("bob@example.org"))).toMatch(
      /^\d+\s+bob@example\.org\s+Bob Brown\s+\w+\s+unconfirmed\s+no$/,
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
    const r = await adminProcess(["backup", file], { DATA_DIR: t.dataDir }).finally(() =>
      clearInterval(writer),
    );
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

    const again = await adminProcess(["backup", file], { DATA_DIR: t.dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists. Choose another name or add --force");
    const forced = await adminProcess(["backup", file, "--force"], { DATA_DIR: t.dataDir });
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

  it("a relative DATA_DIR is the server's: relative to where npm run was typed (INIT_CWD)", async () => {
    // `npm start` and `npm run admin --` typed in the same folder, DATA_DIR left at ./data or set
    // to a relative path, work on the same database.
    const r = await admin(["members"], { DATA_DIR: basename(t.dataDir), INIT_CWD: dirname(t.dataDir) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Database: ${join(t.dataDir, "club.sqlite")}`);
    expect(r.stdout).toContain("ann@example.org");
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
    const list = await runProcess(npm, ["run", "-s", "admin", "--", "members"], REPO_ROOT, {
      DATA_DIR: t.dataDir,
    });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain("ann@example.org");
    const file = join(scratch, "via-npm.sqlite");
    const saved = await runProcess(npm, ["run", "-s", "backup", "--", file], REPO_ROOT, {
      DATA_DIR: t.dataDir,
    });
    expect(saved.code, saved.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);
  });
});

describe("admin command line: membership (approve, role, deactivate, invite)", () => {
  let t: TestApp;
  let ada: Awaited<ReturnType<TestApp["member"]>>;
  let cy: Awaited<ReturnType<TestApp["member"]>>;

  const admin = (args: string[]) =>
    adminInProcess(args, { DATA_DIR: t.dataDir, APP_URL: "http://club.test", REGISTRATION: "approval" });
  const login = (email: string, password: string) =>
    t.request({ method: "POST", url: "/login", payload: { email, password } });
  /** The activity log as the API shows it, newest first. */
  const activity = async () =>
    (await t.request({ method: "GET", url: "/api/Activity", token: ada.token })).json<
      { action: string; entity: string; member: { firstName: string } | null; after: unknown }[]
    >();

  beforeAll(async () => {
    t = await createTestApp({ env: { REGISTRATION: "approval" } });
    ada = await t.member("ada@example.org", { role: "admin" });
    cy = await t.member("cy@example.org");
    // A newcomer who confirmed the address and waits for approval.
    t.app.deps.db
      .insert(members)
      .values({
        email: "pat@example.org",
        passwordHash: await hashPassword(OLD_PASSWORD),
        firstName: "Pat",
        lastName: "Pending",
        emailConfirmedAt: new Date().toISOString(),
        status: "pending",
      })
      .run();
  });
  afterAll(async () => {
    await t.close();
  });

  it("members shows role and status, and who waits for approval", async () => {
    const r = await admin(["members"]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines.find((l) => l.includes("ada@example.org"))).toMatch(/\sadmin\s+active\s/);
    expect(lines.find((l) => l.includes("pat@example.org"))).toMatch(/\smember\s+pending\s/);
    expect(r.stdout).toContain("1 member waits for approval. Approve with: npm run admin -- approve EMAIL");
  });

  it("approve lets a pending member in, emails them, and is in the activity log by the first admin", async () => {
    const r = await admin(["approve", "PAT@example.org"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Approved pat@example.org (Pat Pending)");
    const pat = t.app.deps.db.$client
      .prepare("SELECT id, status FROM members WHERE email = ?")
      .get("pat@example.org") as { id: number; status: string };
    expect(pat.status).toBe("active");
    const mail = t.app.deps.db.$client
      .prepare('SELECT subject, text FROM outbox WHERE "to" = ?')
      .all("pat@example.org") as { subject: string; text: string }[];
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("http://club.test/login");
    const [last] = await activity();
    expect(last).toMatchObject({ action: "admin.approve", entity: "member", member: { firstName: "Test" } });
    expect(last!.after).toMatchObject({ status: "active" });

    const again = await admin(["approve", "pat@example.org"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("error: This member is not waiting for approval.");
  });

  it("role changes a member's role, keeps the last admin and refuses an unknown role", async () => {
    const r = await admin(["role", "cy@example.org", "Treasurer"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("cy@example.org is now treasurer.");
    const me = await t.request({ method: "GET", url: "/api/Account", token: cy.token });
    expect(me.json<{ role: string }>().role).toBe("treasurer");
    expect((await activity())[0]).toMatchObject({ action: "admin.role", after: { role: "treasurer" } });

    const lastAdmin = await admin(["role", "ada@example.org", "member"]);
    expect(lastAdmin.code).toBe(1);
    expect(lastAdmin.stderr).toContain("error: The club needs at least one admin");
    const unknown = await admin(["role", "cy@example.org", "boss"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('"boss" is not a role. Use one of: admin, treasurer, member.');
    const stillAdmin = await t.request({ method: "GET", url: "/api/Account", token: ada.token });
    expect(stillAdmin.json<{ role: string }>().role).toBe("admin");
  });

  it("deactivate ends the member's sessions at once and keeps them out", async () => {
    expect((await t.request({ method: "GET", url: "/api/Account", token: cy.token })).statusCode).toBe(200);
    const r = await admin(["deactivate", "cy@example.org"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Deactivated cy@example.org");
    expect((await t.request({ method: "GET", url: "/api/Account", token: cy.token })).statusCode).toBe(401);
    const refresh = await t.request({
      method: "POST",
      url: "/api/Register/refresh",
      payload: { refreshToken: cy.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const refused = await login("cy@example.org", OLD_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe("MEMBERSHIP_DEACTIVATED");
    expect((await activity())[0]).toMatchObject({
      action: "admin.deactivate",
      after: { status: "deactivated" },
    });

    const twice = await admin(["deactivate", "cy@example.org"]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("error: This member is not an active member.");
    const unknown = await admin(["deactivate", "nobody@example.org"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("error: No member with the email nobody@example.org");
  });

  it("invite prints a working link, bound to an address when one is given", async () => {
    const open = await admin(["invite"]);
    expect(open.code, open.stderr).toBe(0);
    const url = new URL(open.stdout.split("\n")[0]!);
    expect(`${url.origin}${url.pathname}`).toBe("http://club.test/register");
    expect(open.stdout).toContain("for anyone who has it");
    const registered = await t.request({
      method: "POST",
      url: "/api/Register/register",
      payload: {
        email: "dee@example.org",
        password: "dee-password-1",
        firstName: "Dee",
        lastName: "D",
        invite: url.searchParams.get("invite"),
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);

    const bound = await admin(["invite", "eve@example.org"]);
    expect(bound.code, bound.stderr).toBe(0);
    const boundUrl = new URL(bound.stdout.split("\n")[0]!);
    expect(boundUrl.searchParams.get("email")).toBe("eve@example.org");
    expect(bound.stdout).toContain("only for eve@example.org (emailed there)");
    const otherEmail = await t.request({
      method: "POST",
      url: "/api/Register/register",
      payload: {
        email: "mallory@example.org",
        password: "mallory-password-1",
        firstName: "M",
        lastName: "M",
        invite: boundUrl.searchParams.get("invite"),
      },
    });
    expect(otherEmail.statusCode).toBe(403);
    expect((await activity())[0]).toMatchObject({ action: "admin.invite", entity: "invite" });

    const malformed = await admin(["invite", "not-an-email"]);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('"not-an-email" is not a valid email address');
  });
});

describe("admin command line: member-since (the opening of a member's dues)", () => {
  let t: TestApp;
  let ada: Awaited<ReturnType<TestApp["member"]>>;
  let cy: Awaited<ReturnType<TestApp["member"]>>;
  const admin = (args: string[]) => adminInProcess(args, { DATA_DIR: t.dataDir });
  const statement = async () =>
    (await t.request({ method: "GET", url: `/api/Dues/Members/${cy.user.id}`, token: ada.token })).json<{
      standing: string;
      balance: number;
      memberSince: string;
      opening: {
        joiningFeePaid: boolean;
        openingBalance: number;
        recorded: boolean;
        firstChargedMonth: string;
      };
      entries: { kind: string; voided: boolean; reason: string | null }[];
    }>();

  beforeAll(async () => {
    t = await createTestApp();
    ada = await t.member("ada@example.org", { role: "admin" });
    cy = await t.member("cy@example.org");
    // The dues job enrols Cy as a newcomer of today: the joining fee and this month.
    expect((await t.request({ method: "GET", url: "/api/Dues/Me", token: cy.token })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("sets when a member joined, the joining fee paid then, and a balance brought forward", async () => {
    const r = await admin([
      "member-since",
      "cy@example.org",
      "2019-03-05",
      "--joining-fee-paid",
      "--balance",
      "24",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^Test Member\d+: member since March 5, 2019, joining fee paid before the app, dues charged from \w+ \d{4}, \$24\.00 owed brought forward\. Now: \$24\.00 behind\.\n$/,
    );
    const s = await statement();
    expect(s.memberSince).toBe("2019-03-05");
    expect(s.opening).toMatchObject({ joiningFeePaid: true, openingBalance: 24, recorded: true });
    expect(s.entries.find((e) => e.kind === "joining")).toMatchObject({ voided: true, reason: "opening" });
    const [entry] = (
      await t.request({ method: "GET", url: "/api/Activity?entity=duesOpening", token: ada.token })
    ).json<{ action: string; member: { firstName: string } }[]>();
    expect(entry).toMatchObject({ action: "admin.memberSince" });
    // Changed later: a credit (a negative amount after the option) and the fee charged after all.
    const again = await admin(["member-since", "cy@example.org", "2019-03-05", "--balance=-12"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("joining fee charged");
    expect((await statement()).opening).toMatchObject({ joiningFeePaid: false, openingBalance: -12 });
  });

  it("refuses a date in the future, a bad amount or an unknown member with a clear line, changing nothing", async () => {
    const before = JSON.stringify(await statement());
    const future = await admin(["member-since", "cy@example.org", "2999-01-01"]);
    expect(future.code).toBe(1);
    expect(future.stderr).toContain("memberSince:");
    const amount = await admin(["member-since", "cy@example.org", "2019-03-05", "--balance", "lots"]);
    expect(amount.code).toBe(1);
    expect(amount.stderr).toContain('"lots" is not an amount');
    const month = await admin(["member-since", "cy@example.org", "2019-03-05", "--first-month", "2019-13"]);
    expect(month.code).toBe(1);
    expect(month.stderr).toContain("firstChargedMonth:");
    const unknown = await admin(["member-since", "nobody@example.org", "2019-03-05"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No member with the email nobody@example.org");
    expect(JSON.stringify(await statement())).toBe(before);
  });
});

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app/buildApp";
import { ConfigError, loadConfig } from "../src/config";
import { loggerOptions } from "../src/platform/logger";
import { decodeQuotedPrintable, startSmtpSink } from "./helpers";

const serverDir = new URL("..", import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

describe("configuration", () => {
  it("names each bad variable on its own line", () => {
    const dir = mkdtempSync(join(tmpdir(), "club-cfg-"));
    try {
      expect(() => loadConfig({ DATA_DIR: dir, PORT: "eighty", DEMO_DATA: "maybe" })).toThrow(ConfigError);
      try {
        loadConfig({ DATA_DIR: dir, PORT: "eighty", DEMO_DATA: "maybe", APP_URL: "not a url" });
      } catch (error) {
        const lines = (error as Error).message.split("\n");
        expect(lines).toHaveLength(3);
        expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
        expect(lines.some((l) => l.startsWith("Invalid configuration: DEMO_DATA "))).toBe(true);
        expect(lines.some((l) => l.startsWith("Invalid configuration: APP_URL "))).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes .env.example as podman-compose passes it (quotes kept), and says to remove a stray quote", () => {
    const dir = mkdtempSync(join(tmpdir(), "club-cfg-"));
    try {
      // Each KEY=value line of .env.example, its value exactly as written in the file.
      const example = readFileSync(new URL("../../../.env.example", import.meta.url), "utf8");
      const env = Object.fromEntries(
        example
          .split("\n")
          .filter((line) => /^[A-Z_]+=/.test(line))
          .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
      );
      expect(env.BACKUP_SCHEDULE).toBe('"0 3 * * *"');
      const config = loadConfig({ ...env, DATA_DIR: dir });
      expect(config.backups.schedule).toBe("0 3 * * *");
      expect(config.mailFrom).toBe("Whiskey Club <club@example.org>");
      expect(loadConfig({ DATA_DIR: dir, BACKUP_SCHEDULE: "'30 1 * * 0'" }).backups.schedule).toBe(
        "30 1 * * 0",
      );
      expect(() => loadConfig({ DATA_DIR: dir, BACKUP_SCHEDULE: '"0 3 * * *' })).toThrow(
        /^Invalid configuration: BACKUP_SCHEDULE must be a cron schedule .* \(remove the quotes around the value\)$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps a generated JWT secret across restarts", () => {
    const dir = mkdtempSync(join(tmpdir(), "club-cfg-"));
    try {
      const a = loadConfig({ DATA_DIR: dir });
      const b = loadConfig({ DATA_DIR: dir });
      expect(Buffer.from(a.jwtSecret).toString()).toBe(Buffer.from(b.jwtSecret).toString());
      expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("logs", () => {
  it("never contain passwords or tokens", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const smtp = await startSmtpSink();
    const dir = mkdtempSync(join(tmpdir(), "club-log-"));
    const config = loadConfig({
      DATA_DIR: dir,
      DEMO_DATA: "false",
      APP_URL: "http://club.test",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    });
    const nodemailer = await import("nodemailer");
    const app = await buildApp({
      config,
      logger: { ...loggerOptions("trace"), stream },
      mailTransport: nodemailer.default.createTransport({
        host: "127.0.0.1",
        port: smtp.port,
        ignoreTLS: true,
      }),
    });
    try {
      const password = "super-secret-password-1";
      await app.inject({
        method: "POST",
        url: "/api/Register/register",
        payload: { email: "log@example.com", password, firstName: "L", lastName: "G" },
      });
      const raw = decodeQuotedPrintable(await smtp.waitForMessage("log@example.com"));
      const token = /token=([\w-]+)/.exec(raw)?.[1] ?? "";
      expect(token.length).toBeGreaterThan(20);
      await app.inject({
        method: "GET",
        url: `/api/Register/confirmemail?token=${token}&email=log%40example.com`,
      });
      const login = await app.inject({
        method: "POST",
        url: "/login",
        payload: { email: "log@example.com", password },
      });
      const { accessToken, refreshToken } = login.json<{ accessToken: string; refreshToken: string }>();
      await app.inject({
        method: "POST",
        url: "/api/Register/refresh",
        payload: { refreshToken },
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const all = lines.join("");
      expect(all).toContain("confirmemail?token=[redacted]");
      for (const secret of [password, token, accessToken, refreshToken]) expect(all).not.toContain(secret);
      expect(lines.every((l) => JSON.parse(l) !== null)).toBe(true);
      const requestLines = lines
        .map((l) => JSON.parse(l) as { reqId?: string; msg: string; outcome?: string })
        .filter((l) => l.reqId);
      // One line per request, and the login's own line for fail2ban (address, account, outcome).
      expect(requestLines.filter((l) => l.msg.startsWith("login ")).map((l) => l.outcome)).toEqual([
        "success",
      ]);
      expect(requestLines.filter((l) => !l.msg.startsWith("login ")).map((l) => l.msg)).toEqual(
        Array(4).fill("request completed"),
      );
      expect(new Set(requestLines.map((l) => l.reqId)).size).toBe(4);
    } finally {
      await app.close();
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the server process (its build, dist/server.js, as npm start runs it)", () => {
  it("stops at start with one clear line for a bad variable", async () => {
    const child = spawn(process.execPath, ["dist/server.js"], {
      cwd: serverDir,
      env: { ...process.env, PORT: "-5" },
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(
      stderr
        .trim()
        .split("\n")
        .filter((l) => l.startsWith("Invalid configuration")),
    ).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)]);
  });

  it("serves /healthz and exits 0 on SIGTERM", async () => {
    const dir = mkdtempSync(join(tmpdir(), "club-proc-"));
    const port = await freePort();
    const child = spawn(process.execPath, ["dist/server.js"], {
      cwd: serverDir,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, DEMO_DATA: "true" },
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    try {
      const deadline = Date.now() + 20_000;
      let ok = false;
      while (!ok && Date.now() < deadline) {
        ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ok) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ok).toBe(true);
      expect(out).toMatch(/Demo data loaded\. Log in as \S+@\S+ with password \S+/);
      // The build leaves zod's translations out (build.mjs): its English messages stay.
      const refused = await fetch(`http://127.0.0.1:${port}/api/Bottles/abc`);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: { issues: { fieldErrors: { id: ["Invalid input: expected number, received NaN"] } } },
      });
      const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

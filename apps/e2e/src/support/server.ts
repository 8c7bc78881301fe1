import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import nodemailer from "nodemailer";
import { members } from "@club/db";
import { buildApp, loadConfig, type Config, hashPassword, DEMO_LOGIN } from "@club/server";
import { WEB_SNAPSHOT_ENV } from "./globalSetup";

export { DEMO_LOGIN };

/** The web build the server serves (turbo builds it before `npm test` runs this package). */
export const webDist = fileURLToPath(new URL("../../../web/dist", import.meta.url));
const webPrerender = fileURLToPath(new URL("../../../web/dist-ssr", import.meta.url));

import { startSmtpSink, type SmtpSink } from "@club/testing";

export { decodeQuotedPrintable, startSmtpSink, type Mail, type SmtpSink } from "@club/testing";

export interface ApiResponse {
  status: number;
  body: unknown;
}

export interface Club {
  app: FastifyInstance;
  config: Config;
  /** http://127.0.0.1:PORT, also the server's APP_URL (links in emails point here). */
  baseUrl: string;
  /** The web build this server serves (the run's snapshot, or the club's own copy). */
  webDir: string;
  smtp: SmtpSink;
  /** A JSON call to the running server over real HTTP. */
  api: (method: string, path: string, body?: unknown, token?: string) => Promise<ApiResponse>;
  /** Like api(), but throws unless the status is 2xx; returns the body. */
  apiOk: <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ) => Promise<T>;
  /** A confirmed member (inserted directly) with a fresh token pair. */
  member: (opts?: { email?: string; firstName?: string; lastName?: string }) => Promise<Member>;
  /** A fresh token pair for an existing member (the demo member, say), without calling /login. */
  tokensFor: (email: string) => Promise<Member>;
  close: () => Promise<void>;
}

export interface Member {
  id: number;
  email: string;
  accessToken: string;
  refreshToken: string;
}

let memberCounter = 0;

/**
 * The argon2 hash of the test members' password, made once per test file: every member gets the
 * same (real) hash, so logging in with "correct horse battery" works, without ~19 MiB of hashing
 * per member (hundreds of members in a run).
 */
let passwordHash: Promise<string> | undefined;
const memberPasswordHash = () => (passwordHash ??= hashPassword("correct horse battery"));

/** The ports this process's clubs have listened on, in the order first used, and those in use now. */
const workerPorts: number[] = [];
const portsInUse = new Set<number>();

/**
 * Listens on 127.0.0.1 on the first port an earlier club of this test worker used that is free
 * again, else on a new one: a worker's files run one after another, so each file's club gets the
 * origin of the one before, and the browser contexts a file's sessions left fit the next file's
 * (support/browser.ts: a new page costs Chromium a renderer process). A port another process took
 * meanwhile is given up.
 */
async function listenOnWorkerPort(app: FastifyInstance): Promise<number> {
  for (const port of workerPorts.filter((p) => !portsInUse.has(p))) {
    try {
      await app.listen({ host: "127.0.0.1", port });
      portsInUse.add(port);
      return port;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      workerPorts.splice(workerPorts.indexOf(port), 1);
    }
  }
  await app.listen({ host: "127.0.0.1", port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  workerPorts.push(port);
  portsInUse.add(port);
  return port;
}

/**
 * The real server, in-process: buildApp on a temp DATA_DIR, listening on 127.0.0.1 (the port of an
 * earlier club of the worker when it is free: listenOnWorkerPort), serving
 * (a copy of) apps/web/dist, with its mail going to an SMTP sink. APP_URL is set to the real base URL once the
 * port is known (the mailer reads it when it builds a link).
 */
export async function startClub(opts: {
  demoData: boolean;
  env?: Record<string, string>;
  /**
   * A copy of the web build of the club's own, in its DATA_DIR, for a test that changes the build
   * (a new version deployed); the others share the run's read-only snapshot.
   */
  ownWebBuild?: boolean;
}): Promise<Club> {
  if (!existsSync(join(webDist, "index.html"))) {
    throw new Error(
      `No web build at ${webDist}: run \`npx vite build\` in apps/web (npm test does it through turbo).`,
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), "club-e2e-"));
  // Serve a snapshot of the build: a `vite build` running meanwhile replaces the hashed chunks.
  // The run's snapshot (support/globalSetup.ts) when there is one, so every server of a worker
  // loads the same prerender module once; else (a bench, say) a copy in this club's data dir.
  // The first pages' prerender (dist-ssr) sits beside dist, where the server looks for it.
  let webDir = opts.ownWebBuild ? "" : (process.env[WEB_SNAPSHOT_ENV] ?? "");
  if (!webDir || !existsSync(join(webDir, "index.html"))) {
    webDir = join(dataDir, "web", "dist");
    cpSync(webDist, webDir, { recursive: true });
    if (existsSync(webPrerender)) cpSync(webPrerender, join(dataDir, "web", "dist-ssr"), { recursive: true });
  }
  // The server loads the first pages' prerender module on the first public page it serves; a
  // worker loads it once (the same path: the run's snapshot) and it took over 20 s at a load of
  // 30, the first navigation's whole timeout. Loaded here, in the file's beforeAll, by the same
  // module runner, its cost leaves the test's first navigation (no request: the server's state
  // is untouched).
  const prerenderModule = join(webDir, "..", "dist-ssr", "prerender.js");
  if (existsSync(prerenderModule)) {
    await import(/* @vite-ignore */ pathToFileURL(prerenderModule).href).catch(() => undefined);
  }
  const smtp = await startSmtpSink();
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_DATA: opts.demoData ? "true" : "false",
    APP_URL: "http://127.0.0.1",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LOG_LEVEL: "silent",
    // The journeys register members freely; REGISTRATION=approval has its own test.
    REGISTRATION: "open",
    WRITE_BUDGET_PER_MINUTE: "100000",
    ...opts.env,
  });
  const mailTransport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  const originalLog = console.log;
  // The demo seed prints its login line when logging is silent: keep the test output clean.
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith("Demo data loaded")) return;
    originalLog(...args);
  };
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, mailTransport, webDistDir: webDir, mailBackoffMs: () => 200 });
  } finally {
    console.log = originalLog;
  }
  const port = await listenOnWorkerPort(app);
  // A real server makes the club's first pass of jobs (dues charges, reminders) a second after it
  // listens; the tests start from the state that pass leaves, not from a race with it.
  await app.clubJobs.run();
  const baseUrl = `http://127.0.0.1:${port}`;
  config.appUrl = baseUrl;

  const api: Club["api"] = async (method, path, body, token) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed };
  };

  const apiOk: Club["apiOk"] = async <T>(method: string, path: string, body?: unknown, token?: string) => {
    const res = await api(method, path, body, token);
    if (res.status < 200 || res.status > 299) {
      throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    return res.body as T;
  };

  const tokensFor: Club["tokensFor"] = async (email) => {
    const row = app.deps.db.$client.prepare("SELECT id FROM members WHERE email = ?").get(email) as
      { id: number } | undefined;
    if (!row) throw new Error(`no member ${email}`);
    const pair = await app.deps.tokens.issuePair({ id: row.id, email });
    return { id: row.id, email, ...pair };
  };

  const member: Club["member"] = async (o = {}) => {
    const n = ++memberCounter;
    const email = o.email ?? `member${n}@example.com`;
    const row = app.deps.db
      .insert(members)
      .values({
        email,
        passwordHash: await memberPasswordHash(),
        firstName: o.firstName ?? "Test",
        lastName: o.lastName ?? `Member${n}`,
        emailConfirmedAt: new Date().toISOString(),
      })
      .returning({ id: members.id })
      .get();
    const pair = await app.deps.tokens.issuePair({ id: row.id, email });
    return { id: row.id, email, ...pair };
  };

  return {
    app,
    config,
    baseUrl,
    webDir,
    smtp,
    api,
    apiOk,
    member,
    tokensFor,
    close: async () => {
      await app.close();
      portsInUse.delete(port);
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo club's next meeting (today or later, by UTC date): the night the guest tests use. */
export async function nextMeetingId(club: Pick<Club, "apiOk">): Promise<number> {
  const meetings = await club.apiOk<{ id: number; date: string }[]>(
    "GET",
    "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
  );
  const today = new Date().toISOString().slice(0, 10);
  return meetings.filter((m) => m.date >= today).sort((a, b) => a.date.localeCompare(b.date))[0]!.id;
}

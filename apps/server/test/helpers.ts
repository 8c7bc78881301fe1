import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import nodemailer from "nodemailer";
import { members } from "@club/db";
import { TEST_DB_TEMPLATE_ENV } from "./globalSetup";
import { buildApp } from "../src/app/buildApp";
import { loadConfig } from "../src/config";
import type { AuthUser, Role } from "../src/kernel/context";
import { hashPassword } from "../src/platform/passwords";
import { createCaller } from "../src/app/router";

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close: () => Promise<void>;
  /** app.inject, with a bearer header when `token` is given. */
  request: (opts: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  /** A confirmed, active member (role "member" unless said) and a valid access token for it. */
  member: (
    email?: string,
    opts?: { role?: Role },
  ) => Promise<{ user: AuthUser; token: string; refreshToken: string }>;
  /** A tRPC server-side caller as that user (or a visitor). */
  caller: (user?: AuthUser | null) => ReturnType<typeof createCaller>;
}

let memberCounter = 0;

/**
 * The argon2 hash of the test members' password, made once per test file: every member gets the
 * same (real) hash, so logging in with "correct horse battery" works, without ~19 MiB of hashing
 * per member (hundreds of members in a run).
 */
let passwordHash: Promise<string> | undefined;
const memberPasswordHash = () => (passwordHash ??= hashPassword("correct horse battery"));

export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    smtpPort?: number;
    /** An existing DATA_DIR (a generated club); a fresh temp dir otherwise. */
    dataDir?: string;
    onStatement?: (sql: string) => void;
    /** A built web app to serve; none by default. */
    webDistDir?: string;
    /** The server's clock (reminders, dues, the club's date). */
    now?: () => Date;
    /** Leave DATA_DIR in place on close (a restart test opens it again). */
    keepDataDir?: boolean;
    /** pino options (a test reading the log gives its own stream); silent by default. */
    logger?: object;
    /** The webhooks' retry delay (the outboxes' back-off by default). */
    webhookBackoffMs?: (attempts: number) => number;
  } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "club-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_DATA: "false",
    APP_URL: "http://club.test",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    // Tests register members freely; the approval, invite and closed modes are tested on their own.
    REGISTRATION: "open",
    // Tests write a lot as one member; the write budget is tested on its own.
    WRITE_BUDGET_PER_MINUTE: "1000000",
    // Likewise uploads (security-upload-limits.test.ts tests their limits).
    UPLOADS_PER_MINUTE: "1000000",
    // And imports (features/transfer/importLoad.test.ts tests their budget).
    IMPORTS_PER_MINUTE: "1000000",
    ...opts.env,
  });
  const mailTransport = opts.smtpPort
    ? nodemailer.createTransport({ host: "127.0.0.1", port: opts.smtpPort, secure: false, ignoreTLS: true })
    : undefined;
  // A new club without demo data starts from a copy of the run's migrated template (globalSetup.ts;
  // migrations were ~60 % of a test app's CPU, and meetings and themes make an app per test); a
  // club with demo data is seeded on its new database, which the server must see as new. Without
  // the template (a file run outside this package's config) the app migrates its own, as before.
  const template = process.env[TEST_DB_TEMPLATE_ENV];
  const fromTemplate = Boolean(template && !opts.dataDir && !config.demoData);
  if (fromTemplate) copyFileSync(template!, config.dbFile);
  if (opts.smtpPort) config.smtpUrl = `smtp://127.0.0.1:${opts.smtpPort}`;
  const app = await buildApp({
    config,
    mailTransport,
    webDistDir: opts.webDistDir ?? join(dataDir, "no-web"),
    onStatement: opts.onStatement,
    now: opts.now,
    repeatClubJobs: false,
    webhookBackoffMs: opts.webhookBackoffMs,
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  // What a migration makes at random per club (0009's calendar id) is made again for this club, as
  // its own migrations would have (before the app's first read). A new migration that makes random
  // per-club data adds its column here.
  if (fromTemplate)
    app.deps.db.$client.prepare("UPDATE club_identity SET calendar_id = lower(hex(randomblob(16)))").run();
  await app.ready();
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      if (!opts.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    request: ({ token, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    member: async (email, opts = {}) => {
      const address = email ?? `member${++memberCounter}@example.com`;
      const role = opts.role ?? "member";
      const row = app.deps.db
        .insert(members)
        .values({
          email: address,
          passwordHash: await memberPasswordHash(),
          firstName: "Test",
          lastName: `Member${memberCounter}`,
          emailConfirmedAt: new Date().toISOString(),
          role,
        })
        .returning({ id: members.id })
        .get();
      const user: AuthUser = { id: row.id, email: address, role };
      const pair = await app.deps.tokens.issuePair(user);
      return { user, token: pair.accessToken, refreshToken: pair.refreshToken };
    },
    caller: (user = null) => createCaller(app.deps, user),
  };
}

export { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from "@club/testing";

/**
 * A JWT whose signature is certainly wrong: its first character changed. Changing the last ones
 * is not enough: the last base64url character carries two unused bits, which decoders ignore, so
 * `token.slice(0, -2) + "xx"` still verified about once in a thousand tokens.
 */
export function forgedToken(jwt: string): string {
  const signatureStart = jwt.lastIndexOf(".") + 1;
  const first = jwt[signatureStart] === "A" ? "B" : "A";
  return `${jwt.slice(0, signatureStart)}${first}${jwt.slice(signatureStart + 1)}`;
}

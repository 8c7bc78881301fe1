import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "use true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DEMO_DATA: booleanString.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must look like smtp://user:pass@host:587")
    .optional(),
  MAIL_FROM: z.string().min(3).default("club <no-reply@localhost>"),
  APP_URL: z.url({ error: "must be an absolute URL like https://club.example.org" }).optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT: booleanString.default(true),
  RATE_LIMIT_AUTH_MAX: z.coerce
    .number({ error: "must be a whole number" })
    .int()
    .min(1)
    .max(1_000_000)
    .default(20),
  RATE_LIMIT_REFRESH_MAX: z.coerce
    .number({ error: "must be a whole number" })
    .int()
    .min(1)
    .max(1_000_000)
    .default(60),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int()
    .min(1)
    .max(86_400)
    .default(60),
  HSTS: booleanString.default(false),
  WRITE_BUDGET_PER_MINUTE: z.coerce
    .number({ error: "must be a whole number" })
    .int()
    .min(1)
    .max(1_000_000)
    .default(60),
  REGISTRATION: z
    .enum(["approval", "open", "invite", "closed"], { error: "use approval, open, invite or closed" })
    .default("approval"),
  READ_CACHE: booleanString.default(true),
  READ_CACHE_MB: z.coerce
    .number({ error: "must be a number of megabytes" })
    .int()
    .min(1)
    .max(4096)
    .default(64),
  CLUB_TIMEZONE: z
    .string()
    .refine(isTimeZone, "must be an IANA time zone such as Europe/London or America/Chicago")
    .optional(),
  TRUST_PROXY: z
    .union([booleanString, z.string().regex(/^[0-9a-fA-F:.,/ ]+$/)], {
      error: "use true, false or a comma-separated list of proxy addresses",
    })
    .default(false),
});

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  dbFile: string;
  imagesDir: string;
  outboxDir: string;
  demoData: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  jwtSecret: Uint8Array;
  logLevel: string;
  /** Per-IP limits on login, registration, confirmation and refresh (see plugins/security.ts). */
  rateLimit: { enabled: boolean; authMax: number; refreshMax: number; windowMs: number };
  /** Keep public read results until the database changes (lib/readCache.ts); false for benchmarks. */
  readCache: boolean;
  /** The club's time zone (CLUB_TIMEZONE, default the server's): local dates, the 7:00 PM meetings. */
  clubTimezone: string;
  /** The read cache's byte budget (READ_CACHE_MB). */
  readCacheBytes: number;
  /** Writes one member may make in a minute (platform/writeBudget.ts). */
  writeBudgetPerMinute: number;
  /** Who may join: approval (an admin approves), open, invite (invite links only), closed (admins add). */
  registration: "approval" | "open" | "invite" | "closed";
  /** Strict-Transport-Security: opt-in, only with an https APP_URL. */
  hsts: boolean;
  /** Fastify's trustProxy: true, false or the proxies' addresses (X-Forwarded-For is trusted from them). */
  trustProxy: boolean | string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once. Throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, v === "" ? undefined : v]),
  );
  const parsed = EnvSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `Invalid configuration: ${String(issue.path[0])} ${issue.message}`,
    );
    throw new ConfigError(lines.join("\n"));
  }
  const e = parsed.data;
  if (e.HSTS && !e.APP_URL?.startsWith("https://"))
    throw new ConfigError("Invalid configuration: HSTS needs an APP_URL that starts with https://");
  // npm runs workspace scripts inside the workspace; INIT_CWD is where `npm start` was typed.
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const imagesDir = join(dataDir, "images");
  const outboxDir = join(dataDir, "outbox");
  mkdirSync(imagesDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbFile: join(dataDir, "club.sqlite"),
    imagesDir,
    outboxDir,
    demoData: e.DEMO_DATA,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? loadOrCreateSecret(dataDir)),
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      enabled: e.RATE_LIMIT,
      authMax: e.RATE_LIMIT_AUTH_MAX,
      refreshMax: e.RATE_LIMIT_REFRESH_MAX,
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    readCache: e.READ_CACHE,
    readCacheBytes: e.READ_CACHE_MB * 1024 * 1024,
    clubTimezone: e.CLUB_TIMEZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    hsts: e.HSTS,
    writeBudgetPerMinute: e.WRITE_BUDGET_PER_MINUTE,
    registration: e.REGISTRATION,
    trustProxy: e.TRUST_PROXY,
  };
}

/** A signing key generated on first start and kept in DATA_DIR, so restarts keep sessions. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

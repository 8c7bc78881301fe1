import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { z } from "zod";
import { Cron } from "croner";
import {
  DEFAULT_CURRENCY,
  isCurrencyCode,
  LANGUAGES,
  matchLanguage,
  SOURCE_LANGUAGE,
  type Language,
} from "@club/shared";

const DEFAULT_SSO_LABEL = "Sign in with single sign-on";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "use true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * A whole-number setting from `min` to `max` (1 to 1,000,000 unless said), `fallback` when unset;
 * text that is not a number is refused with `error` ("must be a whole number" unless said).
 */
const wholeNumber = (
  fallback: number,
  {
    min = 1,
    max = 1_000_000,
    error = "must be a whole number",
  }: { min?: number; max?: number; error?: string } = {},
) => z.coerce.number({ error }).int().min(min).max(max).default(fallback);

const EnvSchema = z.object({
  PORT: wholeNumber(3000, { min: 0, max: 65535, error: "must be a port number" }),
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
  RATE_LIMIT_AUTH_MAX: wholeNumber(20),
  RATE_LIMIT_REFRESH_MAX: wholeNumber(60),
  RATE_LIMIT_WINDOW_SECONDS: wholeNumber(60, { max: 86_400, error: "must be a number of seconds" }),
  RATE_LIMIT_ACCOUNT_FAILURES: wholeNumber(10),
  RATE_LIMIT_MAIL_PER_HOUR: wholeNumber(5),
  HSTS: booleanString.default(false),
  WRITE_BUDGET_PER_MINUTE: wholeNumber(60),
  LIVE_STREAMS_PER_ADDRESS: wholeNumber(8),
  LIVE_STREAMS_PER_MEMBER: wholeNumber(4),
  LIVE_STREAMS_TOTAL: wholeNumber(2000),
  REGISTRATION: z
    .enum(["approval", "open", "invite", "closed"], { error: "use approval, open, invite or closed" })
    .default("approval"),
  READ_CACHE: booleanString.default(true),
  READ_CACHE_MB: wholeNumber(64, { max: 4096, error: "must be a number of megabytes" }),
  CLUB_TIMEZONE: z
    .string()
    .refine(isTimeZone, "must be an IANA time zone such as Europe/London or America/Chicago")
    .optional(),
  CLUB_PLACE: z.string().trim().max(200).optional(),
  CLUB_CURRENCY: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .refine(isCurrencyCode, "must be an ISO 4217 currency code such as USD, EUR, SEK or JPY")
    .default(DEFAULT_CURRENCY),
  CLUB_LANGUAGE: z
    .string()
    .transform((s, ctx) => {
      const language = matchLanguage(s);
      if (!language)
        ctx.addIssue({
          code: "custom",
          message: `must be one of the app's languages: ${LANGUAGES.join(", ")}`,
        });
      return language ?? SOURCE_LANGUAGE;
    })
    .default(SOURCE_LANGUAGE),
  TRUST_PROXY: z.string().default("false"),
  IMAGE_CONCURRENCY: wholeNumber(1, { max: 16 }),
  IMAGE_QUEUE_MAX: wholeNumber(4, { min: 0, max: 1000 }),
  IMPORTS_PER_MINUTE: wholeNumber(10),
  UPLOADS_PER_MINUTE: wholeNumber(10),
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .refine(
      (v) => v.toLowerCase() === "off" || isCron(v),
      "must be a cron schedule such as 0 3 * * * (minute hour day month weekday), or off",
    )
    .default("0 3 * * *"),
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a whole number of backups" })
    .int("must be a whole number of backups")
    .min(1, "must keep at least 1 backup")
    .max(1000)
    .default(14),
  OIDC_ISSUER: z.url({ error: "must be the provider's issuer URL, like https://id.example.org" }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_BUTTON_LABEL: z.string().min(1).max(60, "must be at most 60 characters").default(DEFAULT_SSO_LABEL),
  OIDC_ROLE_CLAIM: z
    .string()
    .regex(/^[\w:/-]+(\.[\w:/-]+)*$/, "must be a claim's name, or a dotted path such as realm_access.roles")
    .optional(),
  OIDC_ADMIN_GROUPS: z.string().optional(),
  OIDC_TREASURER_GROUPS: z.string().optional(),
  OIDC_AUTO_REDIRECT: booleanString.default(false),
  CORS_ORIGINS: z.string().default(""),
  WEBHOOKS_ALLOW_PRIVATE: booleanString.default(false),
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .regex(/^\S+$/, "must have no spaces")
    .optional(),
});

function isCron(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true });
    return true;
  } catch {
    return false;
  }
}

/** Single sign-on (features/sso): all three settings or none. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  buttonLabel: string;
  /**
   * The provider's groups mapped to a role at each sign-in (OIDC_ROLE_CLAIM, OIDC_ADMIN_GROUPS,
   * OIDC_TREASURER_GROUPS); null: roles are the club's own (the Members screen).
   */
  roles: { claim: string; admin: string[]; treasurer: string[] } | null;
  /** OIDC_AUTO_REDIRECT: the login screen goes straight to the provider (/login?local=1 does not). */
  autoRedirect: boolean;
}

const groupList = (raw: string | undefined) =>
  (raw ?? "")
    .split(",")
    .map((group) => group.trim())
    .filter((group) => group !== "");

function oidcConfig(e: z.infer<typeof EnvSchema>): OidcConfig | null {
  const set = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter((v) => v !== undefined);
  const admin = groupList(e.OIDC_ADMIN_GROUPS);
  const treasurer = groupList(e.OIDC_TREASURER_GROUPS);
  const mapsGroups = admin.length > 0 || treasurer.length > 0;
  if (set.length === 0) {
    if (e.OIDC_ROLE_CLAIM !== undefined || mapsGroups || e.OIDC_AUTO_REDIRECT)
      throw new ConfigError(
        "Invalid configuration: OIDC_ROLE_CLAIM, OIDC_ADMIN_GROUPS, OIDC_TREASURER_GROUPS and OIDC_AUTO_REDIRECT need single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET)",
      );
    return null;
  }
  if (e.OIDC_ROLE_CLAIM !== undefined && !mapsGroups)
    throw new ConfigError(
      "Invalid configuration: OIDC_ROLE_CLAIM needs OIDC_ADMIN_GROUPS or OIDC_TREASURER_GROUPS (the groups that give a role)",
    );
  if (e.OIDC_ROLE_CLAIM === undefined && mapsGroups)
    throw new ConfigError(
      "Invalid configuration: OIDC_ADMIN_GROUPS and OIDC_TREASURER_GROUPS need OIDC_ROLE_CLAIM (the claim that holds the groups, such as groups)",
    );
  if (set.length < 3 || !e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)
    throw new ConfigError(
      "Invalid configuration: single sign-on needs all three of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (or none of them)",
    );
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    buttonLabel: e.OIDC_BUTTON_LABEL,
    roles: e.OIDC_ROLE_CLAIM === undefined ? null : { claim: e.OIDC_ROLE_CLAIM, admin, treasurer },
    autoRedirect: e.OIDC_AUTO_REDIRECT,
  };
}

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
  /**
   * The path APP_URL names ("" at a host's root, "/club" for https://host/club): everything the
   * server answers is under it (app/basePath.ts), and every link it writes starts with it.
   */
  basePath: string;
  jwtSecret: Uint8Array;
  logLevel: string;
  /** Per-IP limits on login, registration, confirmation and refresh (see app/security.ts). */
  rateLimit: {
    enabled: boolean;
    authMax: number;
    refreshMax: number;
    windowMs: number;
    /** Failed logins of one account before each next try waits (features/auth/accountLimits.ts). */
    accountFailures: number;
    /** Account emails (confirmation, reset, "already registered") one address gets in an hour. */
    mailPerHour: number;
  };
  /** Keep public read results until the database changes (platform/readCache.ts); false for benchmarks. */
  readCache: boolean;
  /** The club's time zone (CLUB_TIMEZONE, default the server's): local dates, the 7:00 PM meetings. */
  clubTimezone: string;
  /** Where the club meets (CLUB_PLACE; null: not said): the calendar's place. */
  clubPlace: string | null;
  /** The club's currency (CLUB_CURRENCY, ISO 4217, default USD) until an admin chooses one in Club settings. */
  clubCurrency: string;
  /** The club's language (CLUB_LANGUAGE, a BCP 47 tag of the app's languages, default en) until an admin chooses one. */
  clubLanguage: Language;
  /** The read cache's byte budget (READ_CACHE_MB). */
  readCacheBytes: number;
  /** Writes one member may make in a minute (platform/writeBudget.ts). */
  writeBudgetPerMinute: number;
  /** CSV imports (dry runs too) and club restores one member may start in a minute (features/transfer/importBudget.ts). */
  importsPerMinute: number;
  /**
   * Open live streams (night.events, app/liveStreams.ts): a visitor's per client address, a
   * member's per member, and in all.
   */
  liveStreams: { perAddress: number; perMember: number; total: number };
  /** Who may join: approval (an admin approves), open, invite (invite links only), closed (admins add). */
  registration: "approval" | "open" | "invite" | "closed";
  /** Strict-Transport-Security: opt-in, only with an https APP_URL. */
  hsts: boolean;
  /**
   * Who may set the client's address with X-Forwarded-For: nobody (false), the number of proxies in
   * front (the first must connect from a loopback or private address), or the proxies' addresses.
   * Never everyone (parseTrustProxy); app/security.ts trustProxyOption() turns it into Fastify's.
   */
  trustProxy: false | number | string;
  /** Image decodes at once, uploads that may wait beyond them, uploads per member a minute (platform/images.ts). */
  images: { concurrency: number; maxQueued: number; uploadsPerMinute: number };
  /** Scheduled backups into `dir` (DATA_DIR/backups): a cron schedule in the club's time zone or null (off), how many to keep. */
  backups: { schedule: string | null; keep: number; dir: string };
  /** OpenID Connect sign-in beside the password (OIDC_*); null when not set up. */
  oidc: OidcConfig | null;
  /**
   * The club's websites (CORS_ORIGINS): origins that may call the public reads and token calls
   * across origins (app/cors.ts) and frame the embeddable pages. Empty: none.
   */
  corsOrigins: string[];
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); undefined: no metrics (a 404). */
  metricsToken: string | undefined;
  /**
   * WEBHOOKS_ALLOW_PRIVATE: webhooks and push endpoints may be on this server or its own network
   * (a home server's other services), and over http; refused otherwise (platform/publicAddress.ts).
   */
  webhooksAllowPrivate: boolean;
}

export class ConfigError extends Error {}

/**
 * A value wrapped in one pair of matching quotes, as an env file writes `BACKUP_SCHEDULE="0 3 * * *"`:
 * Docker Compose removes them, podman-compose 1.0 and systemd's EnvironmentFile= (for single quotes
 * inside a value) do not. No setting of ours can start and end with a quote, so they are removed
 * here and the same .env works everywhere.
 */
export function unquote(value: string): string {
  const m = /^\s*(["'])([\s\S]*)\1\s*$/.exec(value);
  return m ? (m[2] as string) : value;
}

/**
 * The folder a relative DATA_DIR (or a path on the admin command line) is taken from: npm runs
 * workspace scripts inside the workspace, and sets INIT_CWD to where `npm start` or
 * `npm run admin` was typed. The server and the admin CLI both resolve through this.
 */
export const settingsBaseDir = (env: NodeJS.ProcessEnv, cwd = process.cwd()): string => env.INIT_CWD ?? cwd;

/** The configuration as parsed, before DATA_DIR is made: `jwtSecret` null when JWT_SECRET is unset. */
export type ParsedConfig = Omit<Config, "jwtSecret"> & { jwtSecret: Uint8Array | null };

/**
 * Reads and validates the environment once, and makes what the server keeps in DATA_DIR: the
 * folder and its images folder (owner only: the database holds emails and password hashes;
 * platform/dataDir.ts tightens older folders), and the signing key when JWT_SECRET is unset.
 * Throws ConfigError with one line per bad variable, before anything is made.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseConfig(env);
  mkdirSync(parsed.dataDir, { recursive: true, mode: 0o700 });
  mkdirSync(parsed.imagesDir, { recursive: true, mode: 0o700 });
  // Assigned, not spread: a spread would read clubTimezone, which asks ICU only when first needed.
  return Object.assign(parsed, {
    jwtSecret: parsed.jwtSecret ?? new TextEncoder().encode(loadOrCreateSecret(parsed.dataDir)),
  });
}

/** The environment read and validated, nothing written. Throws ConfigError with one line per bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): ParsedConfig {
  const ours = EnvSchema.shape;
  const values = Object.fromEntries(
    Object.entries(env).map(([k, v]) => {
      const value = k in ours && v !== undefined ? unquote(v) : v;
      return [k, value === "" ? undefined : value];
    }),
  );
  const parsed = EnvSchema.safeParse(values);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const raw = values[name];
      const quoteHint =
        typeof raw === "string" && /^["']|["']$/.test(raw) ? " (remove the quotes around the value)" : "";
      return `Invalid configuration: ${name} ${issue.message}${quoteHint}`;
    });
    throw new ConfigError(lines.join("\n"));
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (e.HSTS && !e.APP_URL?.startsWith("https://"))
    throw new ConfigError("Invalid configuration: HSTS needs an APP_URL that starts with https://");
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const basePath = basePathOf(appUrl);
  const oidc = oidcConfig(e);
  const dataDir = resolve(settingsBaseDir(env), e.DATA_DIR);
  let serverZone: string | undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbFile: join(dataDir, "club.sqlite"),
    imagesDir: join(dataDir, "images"),
    outboxDir: join(dataDir, "outbox"),
    demoData: e.DEMO_DATA,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl,
    basePath,
    jwtSecret: e.JWT_SECRET === undefined ? null : new TextEncoder().encode(e.JWT_SECRET),
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      enabled: e.RATE_LIMIT,
      authMax: e.RATE_LIMIT_AUTH_MAX,
      refreshMax: e.RATE_LIMIT_REFRESH_MAX,
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
      accountFailures: e.RATE_LIMIT_ACCOUNT_FAILURES,
      mailPerHour: e.RATE_LIMIT_MAIL_PER_HOUR,
    },
    readCache: e.READ_CACHE,
    readCacheBytes: e.READ_CACHE_MB * 1024 * 1024,
    // Without CLUB_TIMEZONE, the server's own zone: asked of ICU when a date in the club's time is
    // first needed (the club's jobs, a second after the server listens), not at start, where it was
    // ~30 ms (its time zone data loading).
    get clubTimezone() {
      return e.CLUB_TIMEZONE ?? (serverZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
    },
    clubPlace: e.CLUB_PLACE || null,
    clubCurrency: e.CLUB_CURRENCY,
    clubLanguage: e.CLUB_LANGUAGE,
    hsts: e.HSTS,
    writeBudgetPerMinute: e.WRITE_BUDGET_PER_MINUTE,
    importsPerMinute: e.IMPORTS_PER_MINUTE,
    registration: e.REGISTRATION,
    liveStreams: {
      perAddress: e.LIVE_STREAMS_PER_ADDRESS,
      perMember: e.LIVE_STREAMS_PER_MEMBER,
      total: e.LIVE_STREAMS_TOTAL,
    },
    trustProxy,
    images: {
      concurrency: e.IMAGE_CONCURRENCY,
      maxQueued: e.IMAGE_QUEUE_MAX,
      uploadsPerMinute: e.UPLOADS_PER_MINUTE,
    },
    backups: {
      schedule: e.BACKUP_SCHEDULE.toLowerCase() === "off" ? null : e.BACKUP_SCHEDULE,
      keep: e.BACKUP_KEEP,
      dir: join(dataDir, "backups"),
    },
    oidc,
    corsOrigins: parseOrigins(e.CORS_ORIGINS),
    metricsToken: e.METRICS_TOKEN,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
  };
}

/**
 * CORS_ORIGINS: a comma-separated list of origins, each a scheme, a host and an optional port
 * (https://club.example.org, http://localhost:8080), exactly as a browser sends it in Origin: no
 * path, no trailing slash, no wildcard.
 */
export function parseOrigins(raw: string): string[] {
  const items = raw
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  for (const item of items) {
    let origin: string | undefined;
    try {
      const url = new URL(item);
      if (url.protocol === "http:" || url.protocol === "https:") origin = url.origin;
    } catch {
      origin = undefined;
    }
    if (origin !== item || item.includes("*"))
      throw new ConfigError(
        `Invalid configuration: CORS_ORIGINS "${item}" is not an origin; use a comma-separated list of scheme, host and optional port, like https://club.example.org,http://localhost:8080 (no path, no trailing slash, no *)`,
      );
  }
  return [...new Set(items)];
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, or an address/prefix narrower than "everyone" (a /0 would be TRUST_PROXY=true again). */
function isProxyAddress(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address = "", prefix, ...rest] = item.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= 1 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: false (or empty, 0, no), a hop count (1 for one proxy on the same host), or a
 * comma-separated list of proxy addresses and CIDR ranges. `true` trusted every X-Forwarded-For:
 * any client could choose its address and escape the per-address rate limits, so it stops the start.
 */
export function parseTrustProxy(raw: string): false | number | string {
  const value = raw.trim().toLowerCase();
  if (["false", "no", "0", ""].includes(value)) return false;
  if (["true", "yes"].includes(value))
    throw new ConfigError(
      "Invalid configuration: TRUST_PROXY=true would let any client choose its address with X-Forwarded-For; " +
        "set the number of proxies in front (TRUST_PROXY=1 for one proxy on the same host) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8)",
    );
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return hops;
  }
  const items = value.split(",").map((item) => item.trim());
  if (items.every(isProxyAddress)) return items.join(",");
  throw new ConfigError(
    "Invalid configuration: TRUST_PROXY use false, the number of proxies in front (1 to 10), or their addresses (e.g. 127.0.0.1,10.0.0.0/8)",
  );
}

/** A signing key generated on first start and kept in DATA_DIR, so restarts keep sessions. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * APP_URL's path, without its last "/" ("" for none): plain path segments only (letters, digits,
 * ".", "_", "~", "-"), and no query or fragment, since every link and route is this path and more.
 */
function basePathOf(appUrl: string): string {
  const url = new URL(appUrl);
  if (url.search || url.hash || appUrl.includes("?") || appUrl.includes("#"))
    throw new ConfigError(
      "Invalid configuration: APP_URL must not have a query or a fragment (a path like /club is fine)",
    );
  const path = url.pathname.replace(/\/+$/, "");
  if ((path && !/^(?:\/[\w.~-]+)+$/.test(path)) || /\/\.{1,2}(?:\/|$)/.test(path))
    throw new ConfigError(
      "Invalid configuration: APP_URL's path must be plain segments of letters, digits, '.', '_', '~' or '-' (like /club)",
    );
  return path;
}

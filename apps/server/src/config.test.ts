import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseConfig } from "./config";

const made: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "club-config-"));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const problems = (env: NodeJS.ProcessEnv): string[] => {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message.split("\n");
  }
  return [];
};

describe("configuration", () => {
  it("says what a number setting must be, whether it is not a number, not whole or out of range", () => {
    expect(
      problems({
        DATA_DIR: freshDir(),
        PORT: "eighty",
        RATE_LIMIT_AUTH_MAX: "lots",
        RATE_LIMIT_WINDOW_SECONDS: "1.5",
        LIVE_STREAMS_TOTAL: "2000000",
        READ_CACHE_MB: "0",
        IMAGE_QUEUE_MAX: "-1",
        BACKUP_KEEP: "0",
      }),
    ).toEqual([
      "Invalid configuration: PORT must be a port number",
      "Invalid configuration: RATE_LIMIT_AUTH_MAX must be a whole number",
      "Invalid configuration: RATE_LIMIT_WINDOW_SECONDS must be a number of seconds",
      "Invalid configuration: LIVE_STREAMS_TOTAL must be a whole number",
      "Invalid configuration: READ_CACHE_MB must be a number of megabytes",
      "Invalid configuration: IMAGE_QUEUE_MAX must be a whole number",
      "Invalid configuration: BACKUP_KEEP must keep at least 1 backup",
    ]);
  });

  it("takes each number setting's default when unset, and its bounds when set", () => {
    const dir = freshDir();
    const defaults = parseConfig({ DATA_DIR: dir });
    expect(defaults).toMatchObject({
      port: 3000,
      rateLimit: { authMax: 20, refreshMax: 60, windowMs: 60_000, accountFailures: 10, mailPerHour: 5 },
      writeBudgetPerMinute: 60,
      importsPerMinute: 10,
      liveStreams: { perAddress: 8, perMember: 4, total: 2000 },
      readCacheBytes: 64 * 1024 * 1024,
      images: { concurrency: 1, maxQueued: 4, uploadsPerMinute: 10 },
      backups: { keep: 14 },
    });
    const edges = parseConfig({ DATA_DIR: dir, PORT: "0", IMAGE_QUEUE_MAX: "0", IMAGE_CONCURRENCY: "16" });
    expect(edges).toMatchObject({ port: 0, images: { concurrency: 16, maxQueued: 0 } });
    expect(problems({ DATA_DIR: dir, IMAGE_CONCURRENCY: "17" })).toEqual([
      "Invalid configuration: IMAGE_CONCURRENCY must be a whole number",
    ]);
  });

  it("reads the settings without writing anything; loading them makes DATA_DIR, its images and the signing key", () => {
    const dir = join(freshDir(), "club");
    const parsed = parseConfig({ DATA_DIR: dir });
    expect(parsed.dataDir).toBe(dir);
    expect(parsed.jwtSecret).toBeNull();
    expect(existsSync(dir)).toBe(false);

    const loaded = loadConfig({ DATA_DIR: dir });
    expect(readdirSync(dir).sort()).toEqual(["images", "jwt-secret"]);
    expect(loaded.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("makes nothing when a setting is refused, even one checked after the variables", () => {
    const dir = join(freshDir(), "club");
    expect(() => loadConfig({ DATA_DIR: dir, PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, OIDC_ISSUER: "https://id.example.org" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: "true" })).toThrow(ConfigError);
    expect(existsSync(dir)).toBe(false);
  });

  it("keeps a JWT_SECRET given in the environment and writes no key file", () => {
    const dir = freshDir();
    const secret = "s".repeat(40);
    expect(Buffer.from(parseConfig({ DATA_DIR: dir, JWT_SECRET: secret }).jwtSecret ?? []).toString()).toBe(
      secret,
    );
    expect(Buffer.from(loadConfig({ DATA_DIR: dir, JWT_SECRET: secret }).jwtSecret).toString()).toBe(secret);
    expect(readdirSync(dir)).toEqual(["images"]);
  });
});

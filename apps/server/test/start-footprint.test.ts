import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  builtServerEntry,
  freePort,
  JWT_SECRET,
  serverDir,
  startServer,
  type ServerProcess,
} from "../bench/serverProcess";
import { loadConfig } from "../src/config";

/**
 * What the built server leaves for later (the start to healthy): reading Node's fetch
 * classes (`Response`, `Headers`...) loads their implementation, undici (~40 ms and ~7 MB), and
 * @fastify/compress asked every answer `instanceof Response`, so the first /healthz paid for it.
 * build.mjs patches that question; here the built server runs with a probe that reports the first
 * read of each of those globals, and answers health checks, REST reads, errors and compressed
 * bodies without one. tRPC's adapter, which does build fetch Requests, still reads them: that
 * proves the probe sees a read.
 */
const PROBE = `
for (const name of ["Response", "Request", "Headers", "FormData"]) {
  const lazy = Object.getOwnPropertyDescriptor(globalThis, name);
  if (!lazy?.get) throw new Error(name + " is no longer a lazy global: look at this test again");
  Object.defineProperty(globalThis, name, {
    configurable: true,
    enumerable: lazy.enumerable,
    get() {
      process.stderr.write("fetch class read: " + name + "\\n" + new Error().stack + "\\n");
      Object.defineProperty(globalThis, name, lazy);
      return globalThis[name];
    },
  });
}
process.stderr.write("fetch class probe ready\\n");
`;

let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "club-start-footprint-"));
  server = await startServer(dataDir, {
    nodeArgs: ["--import", `data:text/javascript,${encodeURIComponent(PROBE)}`],
  });
});
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the built server's start", () => {
  it("answers without loading Node's fetch classes, which tRPC's adapter alone needs", async () => {
    const ask = (path: string, init?: RequestInit) =>
      fetch(`${server.baseUrl}${path}`, {
        ...init,
        headers: { "accept-encoding": "br, gzip", ...init?.headers },
      });
    expect((await ask("/healthz")).status).toBe(200);
    const list = await ask("/api/Bottles/AllBottlesList");
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
    // A body over the compression threshold, compressed on the way: past the question's second half.
    const big = await ask("/api/openapi.json");
    expect(big.status).toBe(200);
    expect(big.headers.get("content-encoding")).toBe("br");
    expect((await big.json()) as object).toHaveProperty("openapi");
    const missing = await ask("/api/Bottles/abc");
    expect(missing.status).toBe(400);
    const notFound = await ask("/api/nothing-here");
    expect(notFound.status).toBe(404);
    const badJson = await ask("/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(badJson.status).toBe(400);
    expect(server.output()).toContain("fetch class probe ready");
    expect(server.output()).not.toContain("fetch class read");

    await ask("/trpc/no.suchProcedure");
    await expect.poll(() => server.output()).toContain("fetch class read");
  });

  it("is built without glob, which @fastify/static loads for `wildcard: false` only", () => {
    builtServerEntry();
    const chunks = join(serverDir, "dist", "chunks");
    const bundle = readdirSync(chunks)
      .filter((name) => name.endsWith(".js"))
      .map((name) => readFileSync(join(chunks, name), "utf8"))
      .join("\n");
    // glob's own classes, present in every glob since v9, and the message of build.mjs's stand-in.
    expect(bundle).toContain("server build leaves out");
    expect(bundle).not.toMatch(/\bGlobStream\b|\bPathScurry\b/);
  });

  it("loads argon2 after it listens: an install where argon2 cannot load still stops at start", async () => {
    // A module hook that fails to resolve argon2, as a missing or broken native addon would.
    const hook = `export async function resolve(specifier, context, next) {
      if (specifier === "argon2") throw new Error("argon2 is missing here (start-footprint.test.ts)");
      return next(specifier, context);
    }`;
    const register = `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
    const dir = mkdtempSync(join(tmpdir(), "club-start-argon2-"));
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ["--import", `data:text/javascript,${encodeURIComponent(register)}`, builtServerEntry()],
      {
        cwd: serverDir,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dir,
          DEMO_DATA: "false",
          JWT_SECRET,
          APP_URL: `http://127.0.0.1:${port}`,
          LOG_LEVEL: "info",
          SMTP_URL: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    rmSync(dir, { recursive: true, force: true });
    expect(code, out).toBe(1);
    expect(out).toContain("Whiskey club is running");
    expect(out).toContain("argon2 (password hashing) could not be loaded: stopping");
    expect(out).toContain("argon2 is missing here");
  });

  it("asks ICU for the server's time zone when a club date first needs it, not while reading the configuration", () => {
    const dir = mkdtempSync(join(tmpdir(), "club-start-zone-"));
    const made = vi.spyOn(Intl, "DateTimeFormat");
    try {
      const config = loadConfig({ DATA_DIR: dir });
      expect(made).not.toHaveBeenCalled();
      made.mockRestore();
      expect(config.clubTimezone).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(config.clubTimezone).toBe(config.clubTimezone);
      expect(loadConfig({ DATA_DIR: dir, CLUB_TIMEZONE: "Europe/London" }).clubTimezone).toBe(
        "Europe/London",
      );
      expect({ ...config }.clubTimezone).toBe(config.clubTimezone);
    } finally {
      made.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

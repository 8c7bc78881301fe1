import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { closeDb, members, openDb, runMigrations, themes } from "@club/db";
import { TokenService } from "../src/platform/tokens";

/**
 * The real server as a child process (`node dist/server.js`, the build `npm start` runs), on
 * loopback, a free port and a temp DATA_DIR: for the crash, shutdown and load tests. The build is
 * made by `npm run build`, and by the server's vitest global setup before the tests.
 */

export const serverDir = fileURLToPath(new URL("..", import.meta.url));
export const builtServer = join(serverDir, "dist/server.js");

/** The path of the built server; a clear error when there is none yet. */
export function builtServerEntry(): string {
  if (!existsSync(builtServer))
    throw new Error(`${builtServer} is missing: build the server first (npm run build)`);
  return builtServer;
}
export const JWT_SECRET = "process-test-secret-process-test-secret-0123456789";

/** An access token (15 minutes) of the first active member of a club in `dataDir` (a generated one). */
export async function firstMemberToken(dataDir: string): Promise<string> {
  const db = openDb(join(dataDir, "club.sqlite"));
  try {
    const login = db.$client
      .prepare("SELECT id, email FROM members WHERE status = 'active' ORDER BY id LIMIT 1")
      .get() as { id: number; email: string };
    return await new TokenService(db, new TextEncoder().encode(JWT_SECRET)).signAccessToken(login);
  } finally {
    closeDb(db);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface PreparedData {
  dataDir: string;
  dbFile: string;
  /** A confirmed member and a valid access token (15 minutes) for it. */
  member: { id: number; email: string };
  token: string;
  /** Themes that meetings can use. */
  themeIds: number[];
}

/** A migrated database with one confirmed member and a few themes, before the server starts. */
export async function prepareDataDir(
  dataDir = mkdtempSync(join(tmpdir(), "club-proc-")),
): Promise<PreparedData> {
  mkdirSync(dataDir, { recursive: true });
  const dbFile = join(dataDir, "club.sqlite");
  const db = openDb(dbFile);
  try {
    runMigrations(db);
    const member = db
      .insert(members)
      .values({
        email: "bench@example.com",
        passwordHash: "not-used",
        firstName: "Bench",
        lastName: "Member",
        emailConfirmedAt: new Date().toISOString(),
      })
      .returning({ id: members.id, email: members.email })
      .get();
    const themeIds = ["Islay", "Speyside", "Bourbon", "Rye", "Japanese"].map(
      (description) => db.insert(themes).values({ description }).returning({ id: themes.id }).get().id,
    );
    const token = await new TokenService(db, new TextEncoder().encode(JWT_SECRET)).signAccessToken(member);
    return { dataDir, dbFile, member, token, themeIds };
  } finally {
    closeDb(db);
  }
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the server and resolves once /healthz answers 200. */
export async function startServer(
  dataDir: string,
  opts: {
    port?: number;
    env?: Record<string, string>;
    timeoutMs?: number;
    nodeArgs?: string[];
    /** Another build's server.js (a before/after comparison); the default is this checkout's. */
    entry?: string;
  } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), opts.entry ?? builtServerEntry()], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_DATA: "false",
      JWT_SECRET,
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      SMTP_URL: "",
      // The crash and load tests write far more than one member may in a minute.
      WRITE_BUDGET_PER_MINUTE: "1000000",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server exited during start:\n${out}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, baseUrl, output: () => out, exited };
}

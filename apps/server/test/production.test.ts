import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The Dockerfile's recipe, run outside Docker (no engine on our machines): its stages are read
 * from the Dockerfile itself and their COPY lists, RUN commands, ENV, CMD and HEALTHCHECK are
 * carried out on a copy of the repository, in temp dirs.
 *
 * - build: the repository's files (`COPY . .`), `npm run build` (the web app and the server's
 *   JavaScript build). The one shortcut: its `npm ci` is replaced by a link to the already
 *   installed node_modules.
 * - prod-deps (FROM build): a REAL `npm prune --omit=dev` (with --prefer-offline: the npm cache
 *   is warm) on a copy of the installed node_modules (hard links where the file system allows:
 *   the prune only unlinks).
 * - runtime: the COPY lines, then CMD (`node apps/server/dist/server.js`: no TypeScript source,
 *   no tsx) with the image's ENV and DATA_DIR on a temp dir;
 *   /healthz, the HEALTHCHECK command, the web page and its immutable assets, a clean SIGTERM.
 */

const REPO = fileURLToPath(new URL("../../..", import.meta.url));
const APP = "/app"; // the image's WORKDIR

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

/** The Dockerfile as stages of instructions (comments dropped, continuation lines joined). */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const logical = text
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  for (const line of logical) {
    const [, keyword = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === "FROM") {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      stages.push({ from: m?.[1] ?? "", name: m?.[2] ?? String(stages.length), instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: upper, args: args.replace(/\s+/g, " ") });
    }
  }
  return stages;
}

const stageNamed = (stages: Stage[], name: string) => {
  const stage = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`Dockerfile has no stage ${name}`);
  return stage;
};
const runsOf = (stage: Stage) => stage.instructions.filter((i) => i.keyword === "RUN").map((i) => i.args);

/** COPY [--from=stage] <src>... <dest>, dest relative to /app. */
function copiesOf(stage: Stage) {
  return stage.instructions
    .filter((i) => i.keyword === "COPY")
    .map((i) => {
      const words = i.args.split(" ");
      const from = words[0]?.startsWith("--from=") ? words.shift()?.slice("--from=".length) : undefined;
      const dest = words.pop() ?? "";
      return { from, sources: words, dest };
    });
}

/** A Docker destination (relative to WORKDIR or absolute under /app) inside a stage directory. */
const inStage = (root: string, path: string) => join(root, path.startsWith("/") ? relative(APP, path) : path);

/** Docker's COPY: a directory's contents into dest; a file into dest, or into dest/ when it ends with a slash. */
function dockerCopy(sources: string[], dest: string, fromDir: string, stageDir: string, fromIsImage = false) {
  const destPath = inStage(stageDir, dest);
  for (const source of sources) {
    const src = fromIsImage ? inStage(fromDir, source) : join(fromDir, source);
    if (readdirSafe(src) !== null) {
      // A directory of an earlier stage (the production node_modules: ~10,000 files) is linked,
      // not copied: the same files, without writing them all again (nothing writes into them).
      if (fromIsImage && !existsSync(destPath)) {
        mkdirSync(dirname(destPath), { recursive: true });
        copyTree(src, destPath);
      } else {
        mkdirSync(destPath, { recursive: true });
        cpSync(src, destPath, { recursive: true });
      }
    } else {
      const intoDir = dest.endsWith("/") || dest === "." || sources.length > 1;
      const target = intoDir ? join(destPath, basename(src)) : destPath;
      mkdirSync(dirname(target), { recursive: true });
      cpSync(src, target);
    }
  }
}

/** A copy of a big tree: hard links when on the same file system (instant), else a real copy. */
function copyTree(src: string, dest: string) {
  try {
    execFileSync("cp", ["-al", src, dest], { stdio: "pipe" });
  } catch {
    rmSync(dest, { recursive: true, force: true });
    cpSync(src, dest, { recursive: true, verbatimSymlinks: true });
  }
}

/** rm -rf, else Node's own removal. */
function removeTree(path: string) {
  try {
    execFileSync("rm", ["-rf", path], { stdio: "pipe" });
  } catch {
    rmSync(path, { recursive: true, force: true });
  }
}

function readdirSafe(path: string): string[] | null {
  try {
    return readdirSync(path);
  } catch {
    return null;
  }
}

/** ENV a=b c="d e" (one or more pairs). */
function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of stage.instructions.filter((x) => x.keyword === "ENV")) {
    for (const m of i.args.matchAll(/(\w+)=("([^"]*)"|\S+)/g)) env[m[1] ?? ""] = m[3] ?? m[2] ?? "";
  }
  return env;
}

/** The exec form ["a", "b"] of CMD or of HEALTHCHECK ... CMD. */
function execForm(args: string): string[] {
  const json = args.slice(args.indexOf("["));
  return JSON.parse(json) as string[];
}

/** The environment of a child: ours without turbo's (we may be running under `turbo run test`). */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("TURBO_")));
  delete env.INIT_CWD;
  delete env.NODE_ENV;
  return { ...env, TURBO_TELEMETRY_DISABLED: "1", ...extra };
}

const sh = (command: string, cwd: string, env: NodeJS.ProcessEnv = childEnv()) =>
  execFileSync("sh", ["-c", command], {
    cwd,
    env,
    stdio: "pipe",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 480_000,
  });

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

async function waitForHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no healthy answer from ${url} within ${timeoutMs} ms:\n${output()}`);
}

describe("the Dockerfile's recipe, outside Docker", () => {
  const dockerfile = readFileSync(join(REPO, "Dockerfile"), "utf8");
  const stages = parseDockerfile(dockerfile);
  const work = mkdtempSync(join(tmpdir(), "club-production-"));
  let server: ChildProcess | undefined;
  // Removing the copies (tens of thousands of files) takes a while on a busy machine: `rm -rf`
  // spends half the CPU of Node 20's rmSync on them (its recursive removal runs in JavaScript).
  afterAll(() => {
    if (server && server.exitCode === null) server.kill("SIGKILL");
    removeTree(work);
  }, 300_000);

  it("is a conventional multi-stage Dockerfile", () => {
    expect(stages.map((s) => s.name)).toEqual(["toolchain", "build", "prod-deps", "runtime"]);
    const runtime = stageNamed(stages, "runtime");
    expect(runtime.from).toMatch(/^node:20-bookworm-slim$/);
    const keywords = runtime.instructions.map((i) => i.keyword);
    expect(keywords).toEqual(expect.arrayContaining(["USER", "VOLUME", "EXPOSE", "HEALTHCHECK", "CMD"]));
    expect(runtime.instructions.find((i) => i.keyword === "USER")?.args).toBe("node");
    expect(runtime.instructions.find((i) => i.keyword === "VOLUME")?.args).toBe("/data");
    expect(envOf(runtime)).toMatchObject({ DATA_DIR: "/data", PORT: "3000" });
    // The runtime image has no compilers: it starts from the plain node image, not the toolchain.
    expect(runtime.from).not.toBe("toolchain");
    expect(stageNamed(stages, "prod-deps").from).toBe("build");
    expect(runsOf(stageNamed(stages, "prod-deps")).some((r) => /npm prune .*--omit=dev/.test(r))).toBe(true);
    // A failed install fails the build even when npm exits 0 after it (scripts/check-install.mjs).
    expect(runsOf(stageNamed(stages, "build"))).toEqual(
      expect.arrayContaining([
        "npm ci --no-audit --no-fund && node scripts/check-install.mjs",
        "npm run build",
      ]),
    );
    expect(copiesOf(stageNamed(stages, "build")).flatMap((c) => c.sources)).toContain(
      "scripts/check-install.mjs",
    );
  });

  it("labels the image with package.json's version (and where its source and commit come from)", () => {
    const runtime = stageNamed(stages, "runtime");
    const { version } = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string };
    const args = Object.fromEntries(
      runtime.instructions
        .filter((i) => i.keyword === "ARG")
        .map((i) => i.args.split("=") as [string, string | undefined]),
    );
    expect(args.VERSION, "the Dockerfile's ARG VERSION default").toBe(version);
    const labels = runtime.instructions
      .filter((i) => i.keyword === "LABEL")
      .map((i) => i.args)
      .join(" ");
    for (const [label, arg] of [
      ["version", "VERSION"],
      ["source", "SOURCE"],
      ["revision", "REVISION"],
    ])
      expect(labels).toContain(`org.opencontainers.image.${label}="$${arg}"`);
  });

  it("is not x86-only: every native package the lockfile has for linux-x64 it has for linux-arm64", () => {
    // The base image (node:20-bookworm-slim) is multi-arch; the Dockerfile names no architecture;
    // the native modules come as per-platform optional packages (esbuild, sharp, rollup, ...),
    // prebuilt addons (argon2) or sources built in the toolchain stage (better-sqlite3).
    expect(dockerfile).not.toMatch(/amd64|x86_64|x64|--platform/);
    const lock = JSON.parse(readFileSync(join(REPO, "package-lock.json"), "utf8")) as {
      packages: Record<string, { os?: string[]; cpu?: string[] }>;
    };
    const paths = Object.keys(lock.packages);
    const x64 = paths.filter((p) => {
      const entry = lock.packages[p]!;
      return entry.os?.includes("linux") && entry.cpu?.includes("x64") && !entry.cpu.includes("arm64");
    });
    expect(x64.length).toBeGreaterThan(3);
    const withoutArm64 = x64.filter((p) => {
      const twin = p.replace(/x64|x86_64|64(?=$|-)/, "arm64");
      return !paths.includes(twin);
    });
    expect(withoutArm64, "linux-x64 packages without a linux-arm64 twin").toEqual([]);
  });

  it("docker-compose.yml caps the logs, keeps the data (backups too) in one volume, and has the loopback alternative", () => {
    const compose = readFileSync(join(REPO, "docker-compose.yml"), "utf8");
    expect(compose).toMatch(/^\s+- club-data:\/data$/m);
    expect(compose).toMatch(/^\s+driver: json-file$/m);
    expect(compose).toMatch(/^\s+max-size: "\d+m"$/m);
    expect(compose).toMatch(/^\s+max-file: "\d+"$/m);
    expect(compose).toContain('# - "127.0.0.1:${PORT:-3000}:3000"');
    expect(compose).toContain("/data/backups");
  });

  it("copies every workspace's package.json before npm ci (the lockfile needs them all)", () => {
    const rootPkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { workspaces: string[] };
    const manifests = rootPkg.workspaces.flatMap((pattern) => {
      const base = pattern.replace(/\/\*$/, "");
      return (readdirSafe(join(REPO, base)) ?? [])
        .filter((name) => existsSync(join(REPO, base, name, "package.json")))
        .map((name) => `${base}/${name}/package.json`);
    });
    expect(manifests.length).toBeGreaterThanOrEqual(5);
    for (const stageName of ["build", "runtime"]) {
      const copied = copiesOf(stageNamed(stages, stageName)).flatMap((c) => c.sources);
      for (const manifest of manifests) expect(copied, `${stageName} stage`).toContain(manifest);
    }
  });

  it("builds, installs production dependencies only, and serves the app from a temp DATA_DIR", async () => {
    const timings: Record<string, number> = {};
    const time = <T>(label: string, fn: () => T): T => {
      const start = Date.now();
      try {
        return fn();
      } finally {
        timings[label] = Math.round((Date.now() - start) / 100) / 10;
      }
    };

    // The build context: the repository's files (git ls-files, tracked or new, not ignored).
    const context = join(work, "context");
    time("context", () => {
      const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
        cwd: REPO,
      })
        .toString()
        .split("\0")
        .filter((f) => f && existsSync(join(REPO, f)));
      for (const file of files) {
        mkdirSync(dirname(join(context, file)), { recursive: true });
        cpSync(join(REPO, file), join(context, file));
      }
    });

    // ---- stage build: COPY . . ; (npm ci -> the installed node_modules) ; npm run build
    const build = join(work, "build");
    const buildStage = stageNamed(stages, "build");
    time("build", () => {
      cpSync(context, build, { recursive: true });
      symlinkSync(join(REPO, "node_modules"), join(build, "node_modules"), "dir");
      // And the workspaces' own node_modules (versions that differ from the root's), as npm ci
      // lays them out: the install check after npm ci looks for them too. Copies, not links:
      // nothing the build does may write into the repository's.
      for (const parent of ["apps", "packages"])
        for (const name of readdirSafe(join(REPO, parent)) ?? [])
          if (existsSync(join(REPO, parent, name, "node_modules")) && existsSync(join(build, parent, name)))
            cpSync(join(REPO, parent, name, "node_modules"), join(build, parent, name, "node_modules"), {
              recursive: true,
            });
      // turbo reads the repository's own cache, never writes it: a task whose inputs hash the same
      // as a build already made (npm test builds the web app and the server before any test) is
      // restored, not built again (~25 s of a worker); a missing or changed input is a new hash
      // and a real build. The hash covers every input file, so the COPY lines are still tested.
      const turboCache = { TURBO_CACHE_DIR: join(REPO, ".turbo", "cache"), TURBO_CACHE: "local:r" };
      const env = childEnv({
        ...envOf(stageNamed(stages, "toolchain")),
        ...envOf(buildStage),
        ...turboCache,
      });
      for (const command of runsOf(buildStage)) {
        // npm ci itself is the linked node_modules; what follows it (the install check) runs.
        if (command.startsWith("npm ci")) {
          const after = command.split(" && ").slice(1).join(" && ");
          if (after) sh(after, build, env);
          continue;
        }
        sh(command, build, env);
      }
    });
    expect(existsSync(join(build, "apps/web/dist/index.html")), "npm run build made apps/web/dist").toBe(
      true,
    );
    expect(existsSync(join(build, "apps/server/dist/server.js")), "npm run build made apps/server/dist").toBe(
      true,
    );

    // ---- stage prod-deps, FROM build: the build's files and node_modules, its RUN npm prune for real
    const prodDir = join(work, "prod-deps");
    const prodStage = stageNamed(stages, "prod-deps");
    time("prod-deps", () => {
      // No node_modules of the build (links to the repository's): the prune must not reach them.
      cpSync(build, prodDir, { recursive: true, filter: (src) => basename(src) !== "node_modules" });
      copyTree(join(REPO, "node_modules"), join(prodDir, "node_modules"));
      // npm rewrites its record of the tree: a file of this copy's own, not a link to the original.
      rmSync(join(prodDir, "node_modules/.package-lock.json"), { force: true });
      const env = childEnv({ ...envOf(stageNamed(stages, "toolchain")), ...envOf(prodStage) });
      for (const command of runsOf(prodStage)) sh(`${command} --prefer-offline`, prodDir, env);
    });

    // ---- stage runtime: its COPY lines, from the context or from the stages above
    const runtimeDir = join(work, "app");
    mkdirSync(runtimeDir);
    const runtime = stageNamed(stages, "runtime");
    for (const c of copiesOf(runtime)) {
      if (c.from === "prod-deps") dockerCopy(c.sources, c.dest, prodDir, runtimeDir, true);
      else if (c.from === "build") dockerCopy(c.sources, c.dest, build, runtimeDir, true);
      else if (c.from === undefined) dockerCopy(c.sources, c.dest, context, runtimeDir);
      else throw new Error(`unexpected COPY --from=${c.from}`);
    }

    // Production dependencies only: no bundler, test runner, type checker, tsx or turbo.
    const installed = readdirSync(join(runtimeDir, "node_modules"));
    for (const devOnly of [
      "tsx",
      "esbuild",
      "vite",
      "vitest",
      "typescript",
      "turbo",
      "drizzle-kit",
      "smtp-server",
      "playwright-core",
    ]) {
      expect(installed, devOnly).not.toContain(devOnly);
    }
    expect(installed).toEqual(expect.arrayContaining(["fastify", "better-sqlite3", "argon2", "sharp"]));
    expect(
      existsSync(join(runtimeDir, "node_modules/better-sqlite3/build/Release/better_sqlite3.node")),
    ).toBe(true);

    // The server runs from its build: no TypeScript sources in the image.
    expect(existsSync(join(runtimeDir, "apps/server/src")), "apps/server/src in the image").toBe(false);
    expect(existsSync(join(runtimeDir, "packages/db/src")), "packages/db/src in the image").toBe(false);

    // ---- start CMD with the image's ENV; DATA_DIR and PORT are ours
    const dataDir = join(work, "data");
    const port = await freePort();
    const env = childEnv({ ...envOf(runtime), DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" });
    const [command = "node", ...args] = execForm(
      runtime.instructions.find((i) => i.keyword === "CMD")?.args ?? "",
    );
    let output = "";
    const started = Date.now();
    server = spawn(command, args, { cwd: runtimeDir, env, stdio: ["ignore", "pipe", "pipe"] });
    server.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    server.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    const base = `http://127.0.0.1:${port}`;
    await waitForHealthy(`${base}/healthz`, server, () => output);
    timings["start to healthy"] = Math.round((Date.now() - started) / 100) / 10;

    // The HEALTHCHECK command, as Docker would run it inside the container.
    const healthcheck = execForm(runtime.instructions.find((i) => i.keyword === "HEALTHCHECK")?.args ?? "");
    expect(healthcheck[0]).toBe("node");
    execFileSync(process.execPath, healthcheck.slice(1), { env, stdio: "pipe", timeout: 10_000 });

    // The web page: HTML with the app's module script, its assets cached for good. (The public
    // pages the server renders first carry the same script, which hydrates their markup; a member's
    // page such as /login is the plain page.)
    const home = await fetch(`${base}/`, { headers: { accept: "text/html" } });
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    expect(homeHtml).toContain("data-prerendered");
    expect(homeHtml).toMatch(/<script type="module"[^>]*src="\/assets\/[^"]+\.js"/);
    const page = await fetch(`${base}/login`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    const script = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    const asset = await fetch(`${base}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    await asset.arrayBuffer();
    // A client-side route gets the same page.
    const deepLink = await fetch(`${base}/library-bottles`, { headers: { accept: "text/html" } });
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain(script);

    // The API, its documentation, and the database in DATA_DIR.
    const meetings = await fetch(`${base}/api/MonthlyMeetings/GetMonthlyMeetingsWithNames`);
    expect(meetings.status).toBe(200);
    expect(Array.isArray(await meetings.json())).toBe(true);
    expect((await fetch(`${base}/api/openapi.json`)).status).toBe(200);
    expect((await fetch(`${base}/docs`, { headers: { accept: "text/html" } })).status).toBe(200);
    expect(existsSync(join(dataDir, "club.sqlite"))).toBe(true);

    // Logs: JSON lines, each request with its id.
    const requestLogs = output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } });
    expect(requestLogs.some((l) => l.reqId && l.req?.url === "/healthz")).toBe(true);

    // The admin command line as README says to run it in the container (`docker compose exec club npm run admin`).
    const members = execFileSync("npm", ["run", "-s", "admin", "--", "members"], {
      cwd: runtimeDir,
      env,
      stdio: "pipe",
      timeout: 60_000,
    });
    expect(members.toString()).toMatch(/^ID\s+EMAIL\s+NAME\s+ROLE\s+STATUS\s+CONFIRMED/);

    // docker stop sends SIGTERM: a clean exit.
    const exited = new Promise<number | null>((resolve) => server?.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);

    console.log(`production recipe timings (s): ${JSON.stringify(timings)}`);
  }, 600_000);
});

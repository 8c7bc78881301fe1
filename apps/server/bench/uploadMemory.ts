/**
 * npm run bench:uploads: peak memory of the server while it decodes hostile and ordinary uploads
 * (a security finding: a 10000 x 10000 progressive JPEG took +593 MB, four in parallel 1.9 GB).
 *
 * For each scenario it starts the real server (`node dist/server.js`, its build, temp DATA_DIR,
 * default settings), reads its resident memory once idle (VmRSS), sends the uploads (in parallel
 * when there are several, each from its own member) and reads the process's peak resident memory
 * (VmHWM of /proc). A fresh process per scenario, so each peak is that scenario's own.
 * Prints a markdown table. BENCH_SCENARIOS=name,name picks scenarios; exit 0 always.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { closeDb, members, openDb } from "@club/db";
import { TokenService } from "../src/platform/tokens";
import { JWT_SECRET, prepareDataDir, startServer } from "./serverProcess";

interface Scenario {
  name: string;
  width: number;
  height: number;
  progressive: boolean;
  parallel: number;
}

const SCENARIOS: Scenario[] = [
  { name: "12 MP phone photo (4000x3000)", width: 4000, height: 3000, progressive: false, parallel: 1 },
  { name: "24 MP camera photo (6000x4000)", width: 6000, height: 4000, progressive: true, parallel: 1 },
  { name: "40 MP progressive (7300x5470)", width: 7300, height: 5470, progressive: true, parallel: 1 },
  { name: "4 x 40 MP progressive in parallel", width: 7300, height: 5470, progressive: true, parallel: 4 },
  { name: "100 MP progressive (10000x10000)", width: 10_000, height: 10_000, progressive: true, parallel: 1 },
  {
    name: "4 x 100 MP progressive in parallel",
    width: 10_000,
    height: 10_000,
    progressive: true,
    parallel: 4,
  },
];

const CACHE_DIR = join(tmpdir(), "club-bench-upload-images");

const procKb = (pid: number, field: "VmRSS" | "VmHWM") =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
const mb = (kb: number) => (kb / 1024).toFixed(0);

/** A JPEG of the size, with a gradient and some shapes (content does not change a decoder's buffers). */
async function jpeg(s: Scenario): Promise<Buffer> {
  const file = join(CACHE_DIR, `${s.width}x${s.height}${s.progressive ? "-progressive-444" : ""}.jpg`);
  if (existsSync(file)) return readFileSync(file);
  mkdirSync(CACHE_DIR, { recursive: true });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${s.width}" height="${s.height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#7a4a1c"/><stop offset="1" stop-color="#e8c07a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${s.width / 2}" cy="${s.height / 2}" r="${s.height / 3}" fill="#3b2410" opacity="0.6"/></svg>`;
  const data = await sharp(Buffer.from(svg), { limitInputPixels: false })
    // Progressive with full-resolution colour (4:4:4): the decoder's largest buffers, as an attacker sends.
    .jpeg({ quality: 85, progressive: s.progressive, chromaSubsampling: s.progressive ? "4:4:4" : "4:2:0" })
    .toBuffer();
  writeFileSync(file, data);
  return data;
}

/** Members (one per parallel upload: the per-member upload limit is not what is measured) and their tokens. */
async function membersWithTokens(dbFile: string, count: number): Promise<string[]> {
  const db = openDb(dbFile);
  try {
    const tokens = new TokenService(db, new TextEncoder().encode(JWT_SECRET));
    const result: string[] = [];
    for (let i = 0; i < count; i++) {
      const member = db
        .insert(members)
        .values({
          email: `uploader${i}@example.com`,
          passwordHash: "not-used",
          firstName: "Up",
          lastName: `Loader${i}`,
          emailConfirmedAt: new Date().toISOString(),
        })
        .returning({ id: members.id, email: members.email })
        .get();
      result.push(await tokens.signAccessToken(member));
    }
    return result;
  } finally {
    closeDb(db);
  }
}

async function run(s: Scenario) {
  const image = await jpeg(s);
  const data = await prepareDataDir();
  const tokens = await membersWithTokens(data.dbFile, s.parallel);
  const server = await startServer(data.dataDir, { env: { WRITE_BUDGET_PER_MINUTE: "60" } });
  const pid = server.child.pid as number;
  try {
    const created = await fetch(`${server.baseUrl}/api/Bottles/NewBottle`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${data.token}` },
      body: JSON.stringify({ name: "Bench bottle", abv: 40 }),
    });
    const { id } = (await created.json()) as { id: number };
    await new Promise((r) => setTimeout(r, 1000));
    const idleKb = procKb(pid, "VmRSS");
    const started = Date.now();
    const statuses = await Promise.all(
      tokens.map(async (token) => {
        const body = new FormData();
        body.append("image", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "photo.jpg");
        const res = await fetch(`${server.baseUrl}/api/Bottles/UploadImage?bottleId=${id}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body,
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const peakKb = procKb(pid, "VmHWM");
    return { idleKb, peakKb, seconds, statuses, fileMb: image.length / 1024 / 1024 };
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(data.dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const wanted = process.env.BENCH_SCENARIOS?.split(",").map((s) => s.trim());
  const rows: string[] = [];
  for (const s of SCENARIOS.filter((s) => !wanted || wanted.some((w) => s.name.includes(w)))) {
    const r = await run(s);
    const answers = [...new Set(r.statuses)].map(
      (st) => `${r.statuses.filter((x) => x === st).length}x${st}`,
    );
    rows.push(
      `| ${s.name} | ${r.fileMb.toFixed(1)} | ${mb(r.idleKb)} | ${mb(r.peakKb)} | +${mb(r.peakKb - r.idleKb)} | ${answers.join(" ")} | ${r.seconds.toFixed(1)} |`,
    );
    console.log(rows.at(-1));
  }
  console.log("\n| upload | file MB | idle RSS MB | peak RSS MB | growth MB | answers | seconds |");
  console.log("| --- | ---: | ---: | ---: | ---: | --- | ---: |");
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

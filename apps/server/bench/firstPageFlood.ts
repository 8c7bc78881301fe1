/**
 * A flood of first pages at new URLs (`/stats?r=<random>`, 8 clients) against a member's JSON read
 * measured beside it, on the built server with the demo club: how much of the API's time a run of
 * new URLs can take (app/prerender.ts's render budget and key). Prints the read's latency
 * alone and under the flood (median and p95, ms), and how many flood pages came prerendered.
 * Usage: `npm run bench:flood -w @club/server`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { builtServerEntry, freePort } from "./serverProcess";

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 15);
const PATHS = (process.env.FLOOD_PATHS ?? "/stats,/library-bottles?q=").split(",");

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "club-flood-"));
const child = spawn(process.execPath, [builtServerEntry()], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), APP_URL: baseUrl, LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${baseUrl}/healthz`).catch(() => null))?.ok) break;
    if (i > 200) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
  const read = async () => {
    const t = performance.now();
    const res = await fetch(`${baseUrl}/api/Bottles`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`read ${res.status}`);
    return performance.now() - t;
  };
  const sample = async (ms: number) => {
    const times: number[] = [];
    const end = Date.now() + ms;
    while (Date.now() < end) {
      times.push(await read());
      await new Promise((r) => setTimeout(r, 20));
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    return { n: times.length, median: at(0.5), p95: at(0.95) };
  };
  for (const path of PATHS) await (await fetch(`${baseUrl}${path.replace(/=$/, "")}`)).arrayBuffer();
  console.log("alone", await sample(5000));
  for (const path of PATHS) {
    let prerendered = 0;
    let pages = 0;
    const flood = autocannon({
      url: baseUrl,
      connections: 8,
      duration: SECONDS,
      headers: { accept: "text/html" },
      requests: [
        {
          setupRequest: (req: { path: string }) => {
            const sep = path.includes("?") ? "" : "?r=";
            req.path = `${path}${sep}${Math.random().toString(36).slice(2)}`;
            return req;
          },
          onResponse: (_status: number, body: string) => {
            pages++;
            if (body.includes(`<div id="root" data-prerendered`)) prerendered++;
          },
        },
      ],
    } as never);
    await new Promise((r) => setTimeout(r, 1000));
    const under = await sample((SECONDS - 2) * 1000);
    const result = (await flood) as unknown as { requests: { average: number }; non2xx: number };
    console.log(
      path,
      "flood",
      { reqPerSec: result.requests.average, non2xx: result.non2xx, pages, prerendered },
      "read",
      under,
    );
  }
} finally {
  child.kill("SIGTERM");
}

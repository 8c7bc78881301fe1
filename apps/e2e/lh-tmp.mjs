import http from "node:http";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const strip = (process.env.STRIP ?? "cross-origin-opener-policy").split(",");
http.createServer((req, res) => {
  const up = http.request({ host: "127.0.0.1", port: 3925, path: req.url, method: req.method, headers: req.headers }, (r) => {
    const h = { ...r.headers }; for (const s of strip) delete h[s];
    res.writeHead(r.statusCode, h); r.pipe(res);
  });
  req.pipe(up);
}).listen(3926);
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"], logLevel: "error" });
const out = {};
for (let run = 0; run < 3; run++) for (const path of ["/about", "/monthlymeeting/1"]) for (const port of [3925, 3926]) {
  const r = await lighthouse(`http://127.0.0.1:${port}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const a = r.lhr.audits; const k = `${path} ${port === 3925 ? "with COOP" : "without"}`;
  (out[k] ??= []).push(`${Math.round(r.lhr.categories.performance.score * 100)}/${Math.round(a["total-blocking-time"].numericValue)}ms/${Math.round(a["largest-contentful-paint"].numericValue)}`);
}
for (const [k, v] of Object.entries(out)) console.log(k, v.join("  "));
await chrome.kill(); process.exit(0);

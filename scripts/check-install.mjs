#!/usr/bin/env node
// Checks that node_modules holds every package package-lock.json lists, at its version: the
// Dockerfile runs it right after `npm ci`, because npm can print "Exit handler never called!" and
// exit 0 after a failed install, and the build would go on (and be cached) with half a tree.
// Usage: node scripts/check-install.mjs [--omit=dev]
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const omitDev = process.argv.includes("--omit=dev");
const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const missing = [];
let checked = 0;
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  if (!path.includes("node_modules/") || entry.link) continue;
  // Optional packages (another platform's binaries) and, after a prune, dev ones may be absent.
  if (entry.optional || entry.devOptional || (omitDev && entry.dev)) continue;
  if (entry.os && !entry.os.includes(process.platform)) continue;
  if (entry.cpu && !entry.cpu.includes(process.arch)) continue;
  checked += 1;
  const manifest = join(path, "package.json");
  if (!existsSync(manifest)) {
    missing.push(`${path} (not installed)`);
    continue;
  }
  const { version } = JSON.parse(readFileSync(manifest, "utf8"));
  if (entry.version && version !== entry.version)
    missing.push(`${path} (${version}, lockfile ${entry.version})`);
}
if (missing.length > 0) {
  console.error(`npm ci left an incomplete node_modules: ${missing.length} of ${checked} packages wrong:`);
  for (const line of missing.slice(0, 20)) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`node_modules matches package-lock.json (${checked} packages).`);

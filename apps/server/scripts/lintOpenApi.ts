/**
 * npm run lint (the server's part): writes the OpenAPI document, as the server serves it, to a temp
 * file and runs Redocly's linter on it with the project's rules (redocly.yaml at the repo root:
 * the recommended set; each rule turned off there says why). Exits non-zero on any error.
 * `--out FILE` only writes the document.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "../src/app/openapi";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const doc = buildOpenApiDocument({ appUrl: "https://club.example.org" });
const outAt = process.argv.indexOf("--out");
if (outAt !== -1) {
  writeFileSync(process.argv[outAt + 1] ?? "openapi.json", JSON.stringify(doc, null, 2));
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), "club-openapi-"));
try {
  const file = join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(doc, null, 2));
  const cli = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
  const result = spawnSync(
    process.execPath,
    [cli, "lint", file, "--config", join(root, "redocly.yaml"), "--format", "codeframe"],
    {
      stdio: "inherit",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

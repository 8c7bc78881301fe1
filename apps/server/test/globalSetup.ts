import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * The tests that start the server as a process run its build (dist/server.js, as `npm start`
 * does): build it once before any test file runs, from the current sources (esbuild: ~1 s).
 */
export default function buildServer() {
  execFileSync(process.execPath, ["build.mjs"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    stdio: "inherit",
  });
}

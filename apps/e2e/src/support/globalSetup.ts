import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the run's snapshot of the web build is (read by startClub in every worker). */
export const WEB_SNAPSHOT_ENV = "E2E_WEB_SNAPSHOT";

/**
 * One snapshot of the web build for the whole run (a `vite build` running meanwhile replaces the
 * hashed chunks, so the servers never serve apps/web/dist itself). Every server of the run serves
 * the same directory (the server only reads it), so a worker loads the first pages' prerender
 * module (dist-ssr/prerender.js, ~330 KB through vitest's transform) once instead of once per
 * file: a copy per file had a new path each time, and the first public page of every file waited
 * ~3 s for it.
 */
export default function snapshotWebBuild(): () => void {
  const webDist = fileURLToPath(new URL("../../../web/dist", import.meta.url));
  const webPrerender = fileURLToPath(new URL("../../../web/dist-ssr", import.meta.url));
  // No build: startClub says so in each file, as before.
  if (!existsSync(join(webDist, "index.html"))) return () => undefined;
  const root = mkdtempSync(join(tmpdir(), "club-e2e-web-"));
  cpSync(webDist, join(root, "dist"), { recursive: true });
  if (existsSync(webPrerender)) cpSync(webPrerender, join(root, "dist-ssr"), { recursive: true });
  process.env[WEB_SNAPSHOT_ENV] = join(root, "dist");
  return () => rmSync(root, { recursive: true, force: true });
}

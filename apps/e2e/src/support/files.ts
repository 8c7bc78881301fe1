import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let dir: string | undefined;

/**
 * Writes `data` to a file called `name` in this process's temp folder and returns its path, for
 * setInputFiles. Chromium reads a path straight from disk; a buffer is sent through the DevTools
 * protocol as base64 first, which for a photo of several megabytes outlasts the 10 s action time
 * limit on a busy machine (validation-phone's oversized file did).
 */
export function fileOnDisk(name: string, data: Buffer | string): string {
  dir ??= mkdtempSync(join(tmpdir(), "club-e2e-files-"));
  const sub = mkdtempSync(join(dir, "f-"));
  const path = join(sub, name);
  writeFileSync(path, data);
  return path;
}

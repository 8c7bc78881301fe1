import { statfsSync } from "node:fs";
import type { Db } from "@club/db";
import { diskFullError } from "../kernel/errors";

/** Below this much free space under DATA_DIR, a disk that refused a write is still full. */
const LOW_SPACE_BYTES = 1024 * 1024;

/** The databases whose disk refused a write and has not been seen to take one since. */
const refused = new WeakSet<Db>();

/** A write was refused for a full disk (kernel/restErrors.ts, the tRPC error hook). */
export const markDiskFull = (db: Db): void => {
  refused.add(db);
};

class ProbeDone extends Error {}

/**
 * Whether the disk under DATA_DIR is full now: only asked after a write was refused for it, then
 * checked each time (little free space left, or a trial write, rolled back, that SQLite refuses),
 * until it takes writes again.
 */
export function diskIsFull(db: Db, dataDir: string): boolean {
  if (!refused.has(db)) return false;
  try {
    const { bavail, bsize } = statfsSync(dataDir);
    if (bavail * bsize < LOW_SPACE_BYTES) return true;
  } catch {
    // No statfs here: the trial write alone says it.
  }
  try {
    db.$client.transaction(() => {
      db.$client.exec(
        "CREATE TABLE health_probe (x BLOB); INSERT INTO health_probe VALUES (zeroblob(65536))",
      );
      throw new ProbeDone();
    })();
  } catch (error) {
    if (!(error instanceof ProbeDone)) {
      if (diskFullError(error)) return true;
      throw error;
    }
  }
  refused.delete(db);
  return false;
}

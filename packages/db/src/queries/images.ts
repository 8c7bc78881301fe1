import { sql } from "drizzle-orm";
import type { Db } from "../client";

/**
 * Which image files (named by content hash in DATA_DIR/images) something still refers to: a
 * bottle's image now, or an activity entry whose undo would bring the image row back.
 */

/** Hashes of the images bottles show now. */
export const listBottleImageHashes = (db: Db): string[] =>
  db.all<{ hash: string }>(sql`SELECT DISTINCT hash FROM bottle_images`).map((r) => r.hash);

/**
 * Hashes an undo could restore: an image entry's "before" (a replaced image) and the image rows a
 * deleted bottle's snapshot carries, in entries made at or after `sinceIso` that are neither undone
 * nor undos themselves (those cannot be undone). An undo only ever writes "before" back.
 */
export function listRestorableImageHashes(db: Db, sinceIso: string): string[] {
  const rows = db.all<{ hash: string | null }>(sql`
    WITH live AS (
      SELECT entity, "before" FROM activity
      WHERE at >= ${sinceIso} AND undone_at IS NULL AND undo_of IS NULL AND entity IN ('image', 'bottle')
    )
    SELECT json_extract("before", '$.hash') AS hash FROM live WHERE entity = 'image'
    UNION SELECT json_extract(child.value, '$.hash')
      FROM live, json_each(live."before", '$._children.bottleImages') AS child
      WHERE live.entity = 'bottle' AND json_valid(live."before")`);
  return rows.flatMap((r) => (typeof r.hash === "string" ? [r.hash] : []));
}

/** Every hash whose files must stay: shown now, or restorable by an undo made since `sinceIso`. */
export const referencedImageHashes = (db: Db, sinceIso: string): Set<string> =>
  new Set([...listBottleImageHashes(db), ...listRestorableImageHashes(db, sinceIso)]);

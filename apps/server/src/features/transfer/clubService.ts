import { dumpTables, type TableDump } from "@club/db";
import {
  CLUB_EXPORT_FORMAT,
  CLUB_EXPORT_VERSION,
  TransferMessages,
  type ClubImportResult,
} from "@club/shared";
import type { AuthedCtx, Deps } from "../../kernel/context";
import { BadRequestError } from "../../kernel/errors";
import { runWorker } from "../../platform/workers";
import type { RestoreOutcome, RestoreRequest } from "./clubRestore";

export interface ClubExport {
  format: typeof CLUB_EXPORT_FORMAT;
  version: typeof CLUB_EXPORT_VERSION;
  exportedAt: string;
  /** The image files stay out of the file (backups keep them); bottle_images rows name them. */
  images: "not included";
  tables: Record<string, TableDump>;
}

/** GET /api/Club/Export: every table of the club's data (admin). */
export const exportClub = (deps: Deps): ClubExport =>
  deps.db.transaction(() => ({
    format: CLUB_EXPORT_FORMAT,
    version: CLUB_EXPORT_VERSION,
    exportedAt: deps.now().toISOString(),
    images: "not included" as const,
    tables: dumpTables(deps.db),
  }));

/**
 * POST /api/Club/Import: replaces every table of the club with the file's, in one transaction
 * (admin, after typing REPLACE). Refresh tokens are not restored: everyone logs in again with the
 * file's accounts once their access token expires.
 * Image rows whose files this server does not have are left out.
 */
export async function importClub(ctx: AuthedCtx, data: Buffer): Promise<ClubImportResult> {
  const request: RestoreRequest = {
    dbFile: ctx.config.dbFile,
    imagesDir: ctx.config.imagesDir,
    data,
    actor: { memberId: ctx.user.id, action: ctx.action, requestId: ctx.requestId },
  };
  // The file's own memory goes to the worker when it is a buffer of its own (no copy).
  const own = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  // Writes wait it out (503 with Retry-After: platform/maintenance.ts); reads go on meanwhile.
  const outcome = await ctx.maintenance.during(() =>
    runWorker<RestoreOutcome>("clubRestore", request, own ? [data.buffer as ArrayBuffer] : []),
  );
  // Another connection wrote: the read cache would notice within 100 ms; it is told at once.
  ctx.reads.clear();
  if (outcome.ok) return { tables: outcome.tables };
  if (outcome.problem === "noAdmin") throw new BadRequestError(TransferMessages.clubNoAdmin);
  if (outcome.problem === "badData") throw new BadRequestError(TransferMessages.clubBadData(outcome.detail));
  throw new BadRequestError(TransferMessages.clubBadFile);
}

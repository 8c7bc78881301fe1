import { BrokenReferencesError, dumpTables, insertActivity, restoreTables, type TableDump } from "@club/db";
import {
  CLUB_EXPORT_FORMAT,
  CLUB_EXPORT_VERSION,
  TransferMessages,
  type ClubImportResult,
} from "@club/shared";
import { z } from "zod";
import type { AuthedCtx, Deps } from "../../api/context";
import { BadRequestError } from "../../api/errors";

const hasImageFile = (ctx: AuthedCtx, hash: unknown) =>
  typeof hash === "string" && /^[0-9a-f]{32}$/.test(hash) && ctx.images.exists(hash, "full");

const CellSchema = z.union([z.string(), z.number(), z.null()]);

/** A club export: versioned, one entry per table, each as its column names and rows of values. */
const ClubFileSchema = z.object({
  format: z.literal(CLUB_EXPORT_FORMAT),
  version: z.literal(CLUB_EXPORT_VERSION),
  exportedAt: z.string(),
  tables: z.record(
    z.string(),
    z.object({ columns: z.array(z.string().max(100)).max(100), rows: z.array(z.array(CellSchema)) }),
  ),
});

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

function parseClubFile(data: Buffer) {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(data));
  } catch {
    throw new BadRequestError(TransferMessages.clubBadFile);
  }
  const parsed = ClubFileSchema.safeParse(value);
  if (!parsed.success) throw new BadRequestError(TransferMessages.clubBadFile);
  return parsed.data;
}

interface TokenHolder {
  id: number;
  email: string;
  tokenVersion: number;
}

const currentMembers = (ctx: AuthedCtx) =>
  ctx.db.$client
    .prepare("SELECT id, email, token_version AS tokenVersion FROM members")
    .all() as TokenHolder[];

/**
 * Access tokens name a member by id and token version. After a restore, a token this server issued
 * must not open the account that now has its id unless it is the same person (same email), and a
 * "log out everywhere" done since the export must still hold: the version becomes the higher of
 * the two, one higher when the id now belongs to someone else.
 */
function keepTokensHonest(ctx: AuthedCtx, before: TokenHolder[]): void {
  const update = ctx.db.$client.prepare("UPDATE members SET token_version = ? WHERE id = ?");
  const now = new Map(currentMembers(ctx).map((m) => [m.id, m]));
  for (const old of before) {
    const restored = now.get(old.id);
    if (!restored) continue;
    const same = restored.email.toLowerCase() === old.email.toLowerCase();
    const version = Math.max(old.tokenVersion, restored.tokenVersion) + (same ? 0 : 1);
    if (version !== restored.tokenVersion) update.run(version, old.id);
  }
}

/** Whether the file's members include an active, confirmed admin (someone can manage the club). */
function hasActiveAdmin(members: TableDump | undefined): boolean {
  if (!members) return false;
  const at = (name: string) => members.columns.indexOf(name);
  const [role, status, confirmed] = [at("role"), at("status"), at("email_confirmed_at")];
  return members.rows.some((r) => r[role] === "admin" && r[status] === "active" && r[confirmed] != null);
}

/**
 * POST /api/Club/Import: replaces every table of the club with the file's, in one transaction
 * (admin, after typing REPLACE). Refresh tokens are not restored: everyone logs in again with the
 * file's accounts once their access token expires.
 * Image rows whose files this server does not have are left out.
 */
export function importClub(ctx: AuthedCtx, data: Buffer): ClubImportResult {
  const file = parseClubFile(data);
  if (!hasActiveAdmin(file.tables.members)) throw new BadRequestError(TransferMessages.clubNoAdmin);
  try {
    return ctx.db.transaction(() => {
      const tokenHolders = currentMembers(ctx);
      const tables = restoreTables(ctx.db, file.tables, (table, row) =>
        table === "bottle_images" ? hasImageFile(ctx, row.hash) : true,
      );
      keepTokensHonest(ctx, tokenHolders);
      // The importing admin may not be in the file: the entry names no member then.
      const stillThere = ctx.db.$client.prepare("SELECT 1 FROM members WHERE id = ?").get(ctx.user.id);
      insertActivity(ctx.db, {
        memberId: stillThere ? ctx.user.id : null,
        action: ctx.action,
        entity: "club",
        entityId: "import",
        before: null,
        after: { exportedAt: file.exportedAt, tables },
        requestId: ctx.requestId,
      });
      return { tables };
    });
  } catch (error) {
    if (error instanceof BrokenReferencesError)
      throw new BadRequestError(TransferMessages.clubBadData(error.message));
    if (error instanceof Error && error.name === "SqliteError")
      throw new BadRequestError(TransferMessages.clubBadData(error.message), error);
    throw error;
  }
}

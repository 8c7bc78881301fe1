import {
  BrokenReferencesError,
  insertActivity,
  openDb,
  restoreTables,
  type Db,
  type TableDump,
} from "@club/db";
import { CLUB_EXPORT_FORMAT, CLUB_EXPORT_VERSION } from "@club/shared";
import { z } from "zod";
import { ImageStore } from "../../platform/images";
import { isPasswordHash } from "../../platform/passwords";

/**
 * The club restore (POST /api/Club/Import) as one job on its own database connection: it runs in a
 * worker thread (clubRestoreWorker.ts), so that parsing a file of up to 50 MB and replacing every
 * table in one transaction never holds the server's event loop (no request holds it
 * for more than 50 ms). The request's checks (admin, budget, REPLACE) stay with the route.
 */
export interface RestoreRequest {
  dbFile: string;
  imagesDir: string;
  /** The uploaded file's bytes. */
  data: Uint8Array;
  /** Who restores, for the activity entry. */
  actor: { memberId: number; action: string; requestId: string | null };
}

export type RestoreOutcome =
  | { ok: true; tables: Record<string, number> }
  | { ok: false; problem: "badFile" | "noAdmin" }
  | { ok: false; problem: "badData"; detail: string };

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
type ClubFile = z.infer<typeof ClubFileSchema>;

function parseClubFile(data: Uint8Array): ClubFile | undefined {
  try {
    return ClubFileSchema.safeParse(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(data))).data;
  } catch {
    return undefined;
  }
}

interface TokenHolder {
  id: number;
  email: string;
  tokenVersion: number;
}

const currentMembers = (db: Db) =>
  db.$client.prepare("SELECT id, email, token_version AS tokenVersion FROM members").all() as TokenHolder[];

/**
 * Access tokens name a member by id and token version. After a restore, a token this server issued
 * must not open the account that now has its id unless it is the same person (same email), and a
 * "log out everywhere" done since the export must still hold: the version becomes the higher of
 * the two, one higher when the id now belongs to someone else.
 */
function keepTokensHonest(db: Db, before: TokenHolder[]): void {
  const update = db.$client.prepare("UPDATE members SET token_version = ? WHERE id = ?");
  const now = new Map(currentMembers(db).map((m) => [m.id, m]));
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
 * A member's password hash the app would not make (other argon2 parameters: `m=4000000,t=4000`
 * would take gigabytes and minutes at the first login); undefined when every one is the app's or
 * is no hash at all ("!", a member without a password login).
 */
function foreignPasswordHash(members: TableDump | undefined): string | undefined {
  if (!members) return undefined;
  const at = members.columns.indexOf("password_hash");
  if (at < 0) return undefined;
  for (const row of members.rows) {
    const hash = row[at];
    if (typeof hash === "string" && hash.startsWith("$") && !isPasswordHash(hash))
      return "a member's password hash is not one this app makes";
  }
  return undefined;
}

/**
 * Replaces every table of the club with the file's, in one transaction on a connection of its own.
 * Image rows whose files this server does not have are left out.
 */
export function restoreClub(request: RestoreRequest): RestoreOutcome {
  const file = parseClubFile(request.data);
  if (!file) return { ok: false, problem: "badFile" };
  if (!hasActiveAdmin(file.tables.members)) return { ok: false, problem: "noAdmin" };
  const foreign = foreignPasswordHash(file.tables.members);
  if (foreign) return { ok: false, problem: "badData", detail: foreign };
  const images = new ImageStore(request.imagesDir);
  const hasImageFile = (hash: unknown) =>
    typeof hash === "string" && /^[0-9a-f]{32}$/.test(hash) && images.exists(hash, "full");
  const db = openDb(request.dbFile);
  try {
    const tables = db.transaction(
      () => {
        const tokenHolders = currentMembers(db);
        const restored = restoreTables(db, file.tables, (table, row) =>
          table === "bottle_images" ? hasImageFile(row.hash) : true,
        );
        keepTokensHonest(db, tokenHolders);
        // The importing admin may not be in the file: the entry names no member then.
        const { memberId, action, requestId } = request.actor;
        const stillThere = db.$client.prepare("SELECT 1 FROM members WHERE id = ?").get(memberId);
        insertActivity(db, {
          memberId: stillThere ? memberId : null,
          action,
          entity: "club",
          entityId: "import",
          before: null,
          after: { exportedAt: file.exportedAt, tables: restored },
          requestId,
        });
        return restored;
        // IMMEDIATE: the write lock first. A deferred transaction that read and then wrote while the
        // server's own connection had written meanwhile failed at once with "database is locked"
        // (SQLite's busy wait cannot help an older snapshot); this one waits its turn.
      },
      { behavior: "immediate" },
    );
    return { ok: true, tables };
  } catch (error) {
    if (error instanceof BrokenReferencesError)
      return { ok: false, problem: "badData", detail: error.message };
    if (error instanceof Error && error.name === "SqliteError")
      return { ok: false, problem: "badData", detail: error.message };
    throw error;
  } finally {
    // Not closeDb: its PRAGMA optimize may write statistics, a commit that a refused restore
    // must not make (the server's own connection keeps the database's statistics).
    db.$client.close();
  }
}

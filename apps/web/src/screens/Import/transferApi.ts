import type { ImportMapping, ImportReport } from "@club/shared";
import { authFetch } from "../../lib/appSession";
import { saveDownload } from "../../lib/authDownload";
import { ApiError } from "../../lib/errors";

async function failed(response: Response): Promise<ApiError> {
  return ApiError.fromBody(response.status, await response.json().catch(() => null));
}

/** POST /api/Bottles/Import: the per-row report; with dryRun nothing is written. */
export async function importBottles(
  file: File,
  mapping: ImportMapping,
  dryRun: boolean,
): Promise<ImportReport> {
  const form = new FormData();
  form.append("mapping", JSON.stringify(mapping));
  form.append("file", file, file.name);
  const response = await authFetch(`/api/Bottles/Import?dryRun=${dryRun}`, { method: "POST", body: form });
  if (!response.ok) throw await failed(response);
  return (await response.json()) as ImportReport;
}

/** GET /api/Club/Export with the admin's token. */
export const downloadClubExport = async () =>
  saveDownload(await authFetch("/api/Club/Export", { method: "GET" }), "club.json");

/** POST /api/Club/Import: replaces the whole club; answers the rows restored per table. */
export async function restoreClub(file: File): Promise<{ tables: Record<string, number> }> {
  const form = new FormData();
  form.append("confirm", "REPLACE");
  form.append("file", file, file.name);
  const response = await authFetch("/api/Club/Import", { method: "POST", body: form });
  if (!response.ok) throw await failed(response);
  return (await response.json()) as { tables: Record<string, number> };
}

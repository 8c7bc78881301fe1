import { downloadWithToken } from "../../lib/authDownload";

/**
 * The dues CSVs (treasurer, admins): GET /api/Dues/Export by default; the report's CSV is
 * GET /api/Dues/Report?...&format=csv.
 */
export async function downloadDuesCsv(path = "/api/Dues/Export"): Promise<void> {
  await downloadWithToken(path, "dues.csv");
}

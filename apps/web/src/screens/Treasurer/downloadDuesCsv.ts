import { authFetch } from "../../lib/appSession";
import { ApiError } from "../../lib/errors";

/**
 * The dues CSVs need the bearer token, so a plain link cannot fetch them: fetch with the session's
 * token and save through a blob URL under the server's file name. GET /api/Dues/Export by
 * default; the report's CSV is GET /api/Dues/Report?...&format=csv.
 */
export async function downloadDuesCsv(path = "/api/Dues/Export"): Promise<void> {
  const response = await authFetch(path, { method: "GET" });
  if (!response.ok) throw ApiError.fromBody(response.status, await response.json().catch(() => null));
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "dues.csv";
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the URL is not needed after this task.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

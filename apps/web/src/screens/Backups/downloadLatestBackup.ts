import { authFetch } from "../../lib/appSession";
import { ApiError } from "../../lib/errors";

/**
 * GET /api/Backups/Latest needs the bearer token, so a plain link cannot fetch it: fetch it with
 * the session's token and save it through a blob URL under the server's file name.
 */
export async function downloadLatestBackup(): Promise<string> {
  const response = await authFetch("/api/Backups/Latest", { method: "GET" });
  if (!response.ok) throw ApiError.fromBody(response.status, await response.json().catch(() => null));
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "club-backup.tar.gz";
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
  return fileName;
}

import { authFetch } from "./appSession";
import { ApiError } from "./errors";

/**
 * A file the server gives members only (the results CSV, issue 21): a plain link cannot send the
 * bearer token, so fetch it with the session's token and save it through a blob URL under the
 * server's file name (as the dues CSV does).
 */
export async function downloadWithToken(path: string, fallbackName: string): Promise<void> {
  const response = await authFetch(path, { method: "GET" });
  if (!response.ok) throw ApiError.fromBody(response.status, await response.json().catch(() => null));
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
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

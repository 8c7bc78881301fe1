import { authFetch } from "./appSession";
import { ApiError } from "./errors";

/**
 * Saves a response under the server's file name (Content-Disposition) through a blob URL; a
 * refusal throws the server's error. Answers the file name.
 */
export async function saveDownload(response: Response, fallbackName: string): Promise<string> {
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
  return fileName;
}

/**
 * A file the server gives members only (the results and dues CSVs, the latest backup): a plain
 * link cannot send the bearer token, so fetch it with the session's token and save it.
 */
export async function downloadWithToken(path: string, fallbackName: string): Promise<string> {
  return saveDownload(await authFetch(path, { method: "GET" }), fallbackName);
}

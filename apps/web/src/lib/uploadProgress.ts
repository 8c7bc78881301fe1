import { ApiError } from "./errors";
import { withBase } from "./basePath";
import type { Session } from "./session";

/** Bytes of the request body sent so far, and the total (when the browser knows it). */
export type OnProgress = (sent: number, total: number) => void;

interface Answer {
  status: number;
  body: unknown;
}

function sendOnce(
  url: string,
  body: FormData,
  token: string | null,
  onProgress: OnProgress,
  signal: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException("Upload cancelled", "AbortError"));
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    signal.addEventListener("abort", abort, { once: true });
    request.open("POST", withBase(url));
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.addEventListener("progress", (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : 0),
    );
    request.addEventListener("load", () => {
      signal.removeEventListener("abort", abort);
      let parsed: unknown = null;
      try {
        parsed = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        // not JSON: ApiError.fromBody gives a generic message
      }
      resolve({ status: request.status, body: parsed });
    });
    request.addEventListener("error", () => {
      signal.removeEventListener("abort", abort);
      reject(new TypeError("Network error while uploading"));
    });
    request.addEventListener("abort", () => reject(new DOMException("Upload cancelled", "AbortError")));
    request.send(body);
  });
}

/**
 * A multipart POST with upload progress (XMLHttpRequest: fetch cannot report an upload's
 * progress), cancelled by the signal. Like lib/authFetch.ts: the bearer token, and on a 401 one
 * refresh through the session's single-flight refresh and one retry.
 */
export async function postWithProgress(
  session: Pick<Session, "accessToken" | "refresh">,
  url: string,
  body: FormData,
  onProgress: OnProgress,
  signal: AbortSignal,
): Promise<unknown> {
  const tokenUsed = session.accessToken();
  let answer = await sendOnce(url, body, tokenUsed, onProgress, signal);
  if (answer.status === 401) {
    const current = session.accessToken();
    const ok = current && current !== tokenUsed ? true : await session.refresh();
    if (ok) answer = await sendOnce(url, body, session.accessToken(), onProgress, signal);
  }
  if (answer.status < 200 || answer.status > 299) throw ApiError.fromBody(answer.status, answer.body);
  return answer.body;
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

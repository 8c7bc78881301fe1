/**
 * A failed REST call (lib/authApi.ts): the HTTP status and the server's JSON error
 * `{ error: { code, message, issues? } }`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: unknown;

  constructor(status: number, code: string, message: string, issues?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
  }

  /** The error a failed response carries, from its parsed JSON body (anything else gets a generic message). */
  static fromBody(status: number, body: unknown): ApiError {
    const error = (body as { error?: { code?: unknown; message?: unknown; issues?: unknown } } | null)?.error;
    const code = typeof error?.code === "string" ? error.code : `HTTP_${status}`;
    const message =
      typeof error?.message === "string" ? error.message : `Request failed with HTTP ${status}.`;
    return new ApiError(status, code, message, error?.issues);
  }
}

/** The HTTP status of a failed tRPC or REST call, if the server answered. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  const data = (error as { data?: { httpStatus?: unknown } } | null)?.data;
  return typeof data?.httpStatus === "number" ? data.httpStatus : undefined;
}

export const isNotFound = (error: unknown) => httpStatusOf(error) === 404;

/**
 * A 503 the server gave with a reason, in words for members (a club restore pausing changes, the
 * uploads or imports queue full): shown like a refusal, not hidden like a fault. A proxy's 503
 * (no JSON, or no reason) is a fault.
 */
export function isPausedByServer(error: unknown): boolean {
  if (httpStatusOf(error) !== 503) return false;
  const reason =
    error instanceof ApiError ? error.code : (error as { data?: { reason?: unknown } } | null)?.data?.reason;
  return typeof reason === "string" && reason !== "SERVICE_UNAVAILABLE" && !reason.startsWith("HTTP_");
}

/** Whether the server refused the call in words for members: a 4xx, or a 503 with a reason. */
export const isRefusal = (status: number | undefined, error: unknown): boolean =>
  status !== undefined && ((status >= 400 && status < 500) || isPausedByServer(error));

/** The server refused the call for now (rate limit): code TOO_MANY_REQUESTS, HTTP 429. */
export function isRateLimited(error: unknown): boolean {
  const code =
    error instanceof ApiError ? error.code : (error as { data?: { code?: unknown } } | null)?.data?.code;
  return code === "TOO_MANY_REQUESTS" || httpStatusOf(error) === 429;
}

/** Parses a route parameter as a database id; null when it cannot be one (the screen shows not found). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The first message of zod's flattened issues ({ formErrors, fieldErrors }), as the server sends them. */
function firstIssue(issues: unknown): string | null {
  const flat = issues as { formErrors?: unknown; fieldErrors?: Record<string, unknown> } | null;
  const lists: unknown[] = [flat?.formErrors, ...Object.values(flat?.fieldErrors ?? {})];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const message of list as unknown[])
      if (typeof message === "string" && message !== "") return message;
  }
  return null;
}

/**
 * The server's reason for refusing a call, to show under the floor's message (e.g. "A theme with
 * this name already exists."): the first validation issue, else the error's message. Null when the
 * server did not answer with a 4xx (a network failure or a server fault says nothing useful).
 */
export function serverReason(error: unknown): string | null {
  if (!error) return null;
  const status = httpStatusOf(error);
  if (!isRefusal(status, error)) return null;
  const issues =
    error instanceof ApiError ? error.issues : (error as { data?: { zodError?: unknown } }).data?.zodError;
  const message = (error as { message?: unknown }).message;
  return firstIssue(issues) ?? (typeof message === "string" && message.trim() !== "" ? message : null);
}

/** A failed save for SubmitForm's alerts: the floor's message, and the error whose reason goes under it. */
export interface Failure {
  message: string;
  error: unknown;
}

/** The alert of a failed call, or null while it has not failed. */
export const failure = (message: string, error: unknown): Failure | null =>
  error ? { message, error } : null;

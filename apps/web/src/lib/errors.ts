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

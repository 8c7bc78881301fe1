/** The HTTP status of a failed tRPC call, if the server answered. */
export function httpStatusOf(error: unknown): number | undefined {
  const data = (error as { data?: { httpStatus?: unknown } } | null)?.data;
  return typeof data?.httpStatus === "number" ? data.httpStatus : undefined;
}

export const isNotFound = (error: unknown) => httpStatusOf(error) === 404;

/** The server refused the call for now (rate limit): tRPC code TOO_MANY_REQUESTS, HTTP 429. */
export function isRateLimited(error: unknown): boolean {
  const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
  return code === "TOO_MANY_REQUESTS" || httpStatusOf(error) === 429;
}

/** Parses a route parameter as a database id; null when it cannot be one (the screen shows not found). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

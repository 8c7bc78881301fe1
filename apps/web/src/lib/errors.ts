/** The HTTP status of a failed tRPC call, if the server answered. */
export function httpStatusOf(error: unknown): number | undefined {
  const data = (error as { data?: { httpStatus?: unknown } } | null)?.data;
  return typeof data?.httpStatus === "number" ? data.httpStatus : undefined;
}

export const isNotFound = (error: unknown) => httpStatusOf(error) === 404;

/** Parses a route parameter as a database id; null when it cannot be one (the screen shows not found). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

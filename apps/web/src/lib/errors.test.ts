import { describe, expect, it } from "vitest";
import { httpStatusOf, isRateLimited, parseId } from "./errors";

describe("tRPC error helpers", () => {
  it("recognises a rate-limited call by its tRPC code or its HTTP status", () => {
    expect(isRateLimited({ data: { code: "TOO_MANY_REQUESTS", httpStatus: 429 } })).toBe(true);
    expect(isRateLimited({ data: { httpStatus: 429 } })).toBe(true);
    expect(isRateLimited({ data: { code: "UNAUTHORIZED", httpStatus: 401 } })).toBe(false);
    expect(isRateLimited(new Error("network"))).toBe(false);
    expect(isRateLimited(null)).toBe(false);
  });

  it("reads the HTTP status and parses route ids", () => {
    expect(httpStatusOf({ data: { httpStatus: 403 } })).toBe(403);
    expect(httpStatusOf({})).toBeUndefined();
    expect(parseId("12")).toBe(12);
    expect(parseId("0")).toBeNull();
    expect(parseId("1e3")).toBeNull();
  });
});

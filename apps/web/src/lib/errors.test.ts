import { describe, expect, it } from "vitest";
import { ApiError, httpStatusOf, isRateLimited, parseId } from "./errors";

describe("call error helpers", () => {
  it("recognises a rate-limited call by its code or its HTTP status", () => {
    expect(isRateLimited({ data: { code: "TOO_MANY_REQUESTS", httpStatus: 429 } })).toBe(true);
    expect(isRateLimited({ data: { httpStatus: 429 } })).toBe(true);
    expect(isRateLimited({ data: { code: "UNAUTHORIZED", httpStatus: 401 } })).toBe(false);
    expect(isRateLimited(new ApiError(429, "TOO_MANY_REQUESTS", "Too many requests."))).toBe(true);
    expect(isRateLimited(new ApiError(401, "UNAUTHORIZED", "Invalid email or password."))).toBe(false);
    expect(isRateLimited(new Error("network"))).toBe(false);
    expect(isRateLimited(null)).toBe(false);
  });

  it("reads the HTTP status of tRPC and REST errors, and parses route ids", () => {
    expect(httpStatusOf({ data: { httpStatus: 403 } })).toBe(403);
    expect(httpStatusOf(new ApiError(403, "FORBIDDEN", "Confirm first."))).toBe(403);
    expect(httpStatusOf({})).toBeUndefined();
    expect(parseId("12")).toBe(12);
    expect(parseId("0")).toBeNull();
    expect(parseId("1e3")).toBeNull();
  });

  it("reads the server's JSON error body, and survives any other body", () => {
    const body = { error: { code: "FORBIDDEN", message: "Please confirm.", issues: [{ path: ["email"] }] } };
    expect(ApiError.fromBody(403, body)).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      message: "Please confirm.",
      issues: [{ path: ["email"] }],
    });
    expect(ApiError.fromBody(502, "<html>")).toMatchObject({ status: 502, code: "HTTP_502" });
    expect(ApiError.fromBody(500, null).message).toBe("Request failed with HTTP 500.");
  });
});

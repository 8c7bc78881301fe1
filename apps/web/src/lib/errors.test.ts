import { describe, expect, it } from "vitest";
import { ServerMessages } from "@club/shared";
import { ApiError, failure, httpStatusOf, isRateLimited, parseId, serverReason } from "./errors";
import { failureMessage } from "./failure";

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

  it("gives the server's reason for a refused call, not for a fault or a network failure", () => {
    const conflict = {
      message: "A theme with this name already exists.",
      data: { httpStatus: 409, zodError: null },
    };
    expect(serverReason(conflict)).toBe("A theme with this name already exists.");
    const invalid = {
      message: "The request is not valid.",
      data: {
        httpStatus: 400,
        zodError: { formErrors: [], fieldErrors: { purchasePrice: ["The price must be more than $0."] } },
      },
    };
    expect(serverReason(invalid)).toBe("The price must be more than $0.");
    const rest = new ApiError(413, "PAYLOAD_TOO_LARGE", "The image is larger than 10 MB.");
    expect(serverReason(rest)).toBe("The image is larger than 10 MB.");
    expect(serverReason({ message: "Internal server error", data: { httpStatus: 500 } })).toBeNull();
    expect(serverReason(new TypeError("Failed to fetch"))).toBeNull();
    expect(serverReason(null)).toBeNull();
    // A 503 the server gave with a reason (a club restore) is told; a bare 503 (a proxy's) is not.
    const paused = ServerMessages.restoring;
    expect(serverReason({ message: paused, data: { httpStatus: 503, reason: "MAINTENANCE" } })).toBe(paused);
    expect(serverReason(new ApiError(503, "MAINTENANCE", paused))).toBe(paused);
    expect(
      serverReason({ message: "Service unavailable", data: { httpStatus: 503, reason: null } }),
    ).toBeNull();
    expect(serverReason(ApiError.fromBody(503, "<html>Bad gateway</html>"))).toBeNull();
    expect(failureMessage(new ApiError(503, "MAINTENANCE", paused), "Failed to add theme.")).toBe(paused);
    expect(failureMessage(ApiError.fromBody(503, null), "Failed to add theme.")).toBe("Failed to add theme.");
    expect(failure("Failed to add theme.", null)).toBeNull();
    expect(failure("Failed to add theme.", conflict)).toEqual({
      message: "Failed to add theme.",
      error: conflict,
    });
  });
});

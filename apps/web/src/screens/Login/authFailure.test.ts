import { describe, expect, it } from "vitest";
import { ServerMessages, ValidationMessages } from "@club/shared";
import { ApiError } from "../../lib/errors";
import { serverReason } from "../../lib/serverReason";
import { loginFailure } from "./authFailure";

const UNREACHABLE = ValidationMessages.unreachable;

const refused = (status: number, code: string, message = "server words") =>
  new ApiError(status, code, message);

describe("loginFailure", () => {
  it("wrong credentials: the floor's message alone", () => {
    expect(loginFailure(refused(401, "UNAUTHORIZED", ServerMessages.invalidCredentials))).toEqual({
      kind: "refused",
      reason: null,
    });
  });

  it("a membership waiting for approval or deactivated says so in plain words, and only that", () => {
    expect(loginFailure(refused(403, "MEMBERSHIP_PENDING"))).toEqual({
      kind: "membership",
      message: ServerMessages.membershipPending,
      waiting: true,
    });
    expect(loginFailure(refused(403, "MEMBERSHIP_DEACTIVATED"))).toEqual({
      kind: "membership",
      message: ServerMessages.membershipDeactivated,
      waiting: false,
    });
    expect(loginFailure(refused(403, "FORBIDDEN", "Something else."))).toEqual({
      kind: "refused",
      reason: "Something else.",
    });
  });

  it("an unconfirmed address keeps the resend flow", () => {
    expect(loginFailure(refused(403, "EMAIL_NOT_CONFIRMED", ServerMessages.emailNotConfirmed))).toEqual({
      kind: "notConfirmed",
      reason: ServerMessages.emailNotConfirmed,
    });
  });

  it("a rate limit is not a wrong password; no answer at all is said too", () => {
    expect(loginFailure(refused(429, "TOO_MANY_REQUESTS", "Slow down."))).toEqual({
      kind: "rateLimited",
      message: "Slow down.",
    });
    expect(loginFailure(new TypeError("Failed to fetch"))).toEqual({ kind: "refused", reason: UNREACHABLE });
  });
});

describe("serverReason", () => {
  it("gives the server's reason for a refusal (REST or tRPC), none for a server error", () => {
    expect(serverReason(refused(403, "REGISTRATION_CLOSED", ServerMessages.registrationClosed))).toBe(
      ServerMessages.registrationClosed,
    );
    expect(serverReason(refused(400, "BAD_REQUEST", ServerMessages.inviteInvalid))).toBe(
      ServerMessages.inviteInvalid,
    );
    expect(serverReason(refused(500, "INTERNAL", "Something went wrong."))).toBeNull();
    expect(serverReason(new TypeError("Failed to fetch"))).toBe(UNREACHABLE);
    const trpcError = Object.assign(new Error(ServerMessages.lastAdmin), {
      data: { httpStatus: 409, code: "CONFLICT", reason: "LAST_ADMIN" },
    });
    expect(serverReason(trpcError)).toBe(ServerMessages.lastAdmin);
  });
});

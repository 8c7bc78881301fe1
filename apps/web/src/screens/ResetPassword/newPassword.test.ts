import { describe, expect, it } from "vitest";
import { PASSWORD_MIN_LENGTH } from "@club/shared";
import { newPasswordError, PASSWORDS_DIFFER, repeatError } from "./newPassword";

describe("a new password typed twice", () => {
  it("follows the server's rule: at least 8 characters", () => {
    expect(newPasswordError("short")).toBe(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
    expect(newPasswordError("")).toBe(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
    expect(newPasswordError("long enough")).toBeNull();
  });

  it("must be the same both times", () => {
    expect(repeatError("long enough", "long enough")).toBeNull();
    expect(repeatError("long enougH", "long enough")).toBe(PASSWORDS_DIFFER);
    expect(repeatError("", "long enough")).toBe(PASSWORDS_DIFFER);
  });
});

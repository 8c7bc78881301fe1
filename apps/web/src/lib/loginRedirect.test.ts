import { describe, expect, it } from "vitest";
import { loginPath, nextFromLocation, safeNextPath } from "./loginRedirect";

describe("safeNextPath: where a login may send the member", () => {
  it("keeps a path of this app, with its query and hash", () => {
    expect(safeNextPath("/bottle/3")).toBe("/bottle/3");
    expect(safeNextPath("/library-bottles?sort=abv&dir=desc&page=2")).toBe(
      "/library-bottles?sort=abv&dir=desc&page=2",
    );
    expect(safeNextPath("/monthlymeeting/4#bottles")).toBe("/monthlymeeting/4#bottles");
    expect(safeNextPath("/members")).toBe("/members");
  });

  it("falls back to / when there is none", () => {
    expect(safeNextPath(null)).toBe("/");
    expect(safeNextPath(undefined)).toBe("/");
    expect(safeNextPath("")).toBe("/");
  });

  it("never leaves the site", () => {
    for (const raw of [
      "https://evil.example/",
      "http://evil.example",
      "//evil.example/path",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\\/evil.example",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "evil.example",
      "bottle/3",
      "/\t/evil.example",
      "/\n/evil.example",
      " /bottle/3",
      "/bottle/3\u0000",
      `/${"a".repeat(3000)}`,
    ]) {
      expect(safeNextPath(raw), raw).toBe("/");
    }
  });

  it("normalises dot segments and does not send back to the session's own screens", () => {
    expect(safeNextPath("/a/../bottle/3")).toBe("/bottle/3");
    expect(safeNextPath("/login")).toBe("/");
    expect(safeNextPath("/login?next=/bottle/3")).toBe("/");
    expect(safeNextPath("/register/")).toBe("/");
    expect(safeNextPath("/reset-password?token=x&email=y")).toBe("/");
    expect(safeNextPath("/x/../login")).toBe("/");
  });
});

describe("nextFromLocation and loginPath", () => {
  const at = (pathname: string, search = "", hash = "") => ({ pathname, search, hash });

  it("remembers the page a visitor is on, except Home and the session's screens", () => {
    expect(nextFromLocation(at("/bottle/3"))).toBe("/bottle/3");
    expect(nextFromLocation(at("/library-bottles", "?page=2", "#top"))).toBe("/library-bottles?page=2#top");
    expect(nextFromLocation(at("/"))).toBeNull();
    expect(nextFromLocation(at("/login", "?next=/bottle/3"))).toBeNull();
    expect(nextFromLocation(at("/confirm-email", "?token=t&email=e"))).toBeNull();
  });

  it("builds /login with the email and the page to come back to", () => {
    expect(loginPath()).toBe("/login");
    expect(loginPath({ next: null, email: null })).toBe("/login");
    expect(loginPath({ next: "/bottle/3" })).toBe("/login?next=%2Fbottle%2F3");
    expect(loginPath({ email: "ann+club@example.org" })).toBe("/login?email=ann%2Bclub%40example.org");
    expect(loginPath({ next: "/", email: "a@b.c" })).toBe("/login?email=a%40b.c");
    expect(loginPath({ next: "https://evil.example" })).toBe("/login");
    // What the login screen reads back.
    const params = new URL(loginPath({ next: "/bottle/3?x=1&y=2", email: "a@b.c" }), "http://h").searchParams;
    expect(safeNextPath(params.get("next"))).toBe("/bottle/3?x=1&y=2");
    expect(params.get("email")).toBe("a@b.c");
  });
});

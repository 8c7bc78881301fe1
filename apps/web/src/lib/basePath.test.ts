import { afterEach, describe, expect, it } from "vitest";
import { basePath, setBasePath, withBase, withoutBase } from "./basePath";
import { parseTrpcBatch } from "../../sw/trpcOffline";

describe("the club's path", () => {
  afterEach(() => setBasePath(""));

  it("is the root in the tests and `vite dev` (the modules come from /src/)", () => {
    expect(basePath()).toBe("");
    expect(withBase("/api/Bottles")).toBe("/api/Bottles");
    expect(withoutBase("/bottle/12")).toBe("/bottle/12");
  });

  it("goes before the app's own paths, and only those", () => {
    setBasePath("/club/");
    expect(basePath()).toBe("/club");
    expect(withBase("/api/Bottles?x=1")).toBe("/club/api/Bottles?x=1");
    expect(withBase("/")).toBe("/club/");
    // Not another site's address, nor a relative one.
    expect(withBase("//cdn.example.org/x.js")).toBe("//cdn.example.org/x.js");
    expect(withBase("https://example.org/")).toBe("https://example.org/");
    expect(withBase("icons/a.png")).toBe("icons/a.png");
  });

  it("comes off what the browser shows", () => {
    setBasePath("/club");
    expect(withoutBase("/club/bottle/12")).toBe("/bottle/12");
    expect(withoutBase("/club")).toBe("/");
    expect(withoutBase("/clubhouse/x")).toBe("/clubhouse/x");
  });

  it("is where the service worker finds the club's tRPC batches", () => {
    const url = new URL(
      "https://host/club/trpc/bottles.byId?batch=1&input=%7B%220%22%3A%7B%22id%22%3A7%7D%7D",
    );
    expect(parseTrpcBatch(url, "/club")).toEqual({ procedures: ["bottles.byId"], inputs: ['{"id":7}'] });
    expect(parseTrpcBatch(url)).toBeNull();
    expect(parseTrpcBatch(new URL("https://host/trpc/bottles.byId?batch=1"), "/club")).toBeNull();
  });
});

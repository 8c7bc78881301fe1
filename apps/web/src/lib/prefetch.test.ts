import { afterEach, describe, expect, it, vi } from "vitest";
import { prefetchingFetch } from "./prefetch";

const host = globalThis as unknown as {
  __clubPrefetch?: Record<string, { at: number; answer: Promise<unknown> }>;
};

describe("prefetchingFetch", () => {
  afterEach(() => {
    delete host.__clubPrefetch;
    vi.restoreAllMocks();
  });

  it("answers the first matching GET from the boot script's prefetch, once", async () => {
    const network = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("[]"));
    host.__clubPrefetch = {
      "/trpc/a?batch=1": { at: Date.now(), answer: Promise.resolve([{ result: { data: 1 } }]) },
    };
    const first = await prefetchingFetch("/trpc/a?batch=1", { method: "GET" });
    expect(await first.json()).toEqual([{ result: { data: 1 } }]);
    expect(network).not.toHaveBeenCalled();
    await prefetchingFetch("/trpc/a?batch=1", { method: "GET" });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it("goes to the network with a bearer token, after a failure, or when the prefetch is old", async () => {
    const network = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("[]"));
    const entry = () => ({ at: Date.now(), answer: Promise.resolve([]) });
    host.__clubPrefetch = {
      "/a": entry(),
      "/b": { at: Date.now(), answer: Promise.reject(new Error("x")) },
      "/c": { at: 0, answer: Promise.resolve([]) },
    };
    await prefetchingFetch("/a", { method: "GET", headers: { Authorization: "Bearer t" } });
    await prefetchingFetch("/b", { method: "GET" });
    await prefetchingFetch("/c", { method: "GET" });
    await prefetchingFetch("/d", { method: "GET" });
    expect(network).toHaveBeenCalledTimes(4);
  });
});

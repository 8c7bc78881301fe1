import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getQueryKey } from "@trpc/react-query";
import { readKey, seedPageData } from "./pageData";
import { trpc } from "./trpc";

describe("the prerendered page's reads go into the cache under the screens' keys", () => {
  it("makes the key trpc.<procedure>.useQuery(input) makes", () => {
    expect(readKey("search.bottles", {})).toEqual(getQueryKey(trpc.search.bottles, {}, "query"));
    expect(readKey("bottles.byId", { id: 12 })).toEqual(getQueryKey(trpc.bottles.byId, { id: 12 }, "query"));
    expect(readKey("meetings.list", undefined)).toEqual(getQueryKey(trpc.meetings.list, undefined, "query"));
  });
});

describe("the page's reads are a visitor's", () => {
  afterEach(() => vi.unstubAllGlobals());
  const page = (reads: unknown[]) =>
    vi.stubGlobal("document", { getElementById: () => ({ textContent: JSON.stringify({ reads }) }) });
  const read = { procedure: "night.rsvps", input: { id: 1 }, data: [{ member: null, status: "going" }] };

  it.each([
    {
      signedIn: false,
      stale: false,
      who: "a visitor's app takes them as the answers: fresh, asked again by no screen",
    },
    {
      signedIn: true,
      stale: true,
      who: "a member's app shows them until its own answers come: stale, asked again",
    },
  ])("$who", ({ signedIn, stale }) => {
    page([read]);
    const queryClient = seedPageData(new QueryClient(), signedIn);
    const query = queryClient.getQueryCache().find({ queryKey: readKey("night.rsvps", { id: 1 }) });
    expect(query?.state.data).toEqual(read.data);
    expect(query?.isStaleByTime(15_000)).toBe(stale);
  });
});

import { describe, expect, it } from "vitest";
import { getQueryKey } from "@trpc/react-query";
import { readKey } from "./pageData";
import { trpc } from "./trpc";

describe("the prerendered page's reads go into the cache under the screens' keys", () => {
  it("makes the key trpc.<procedure>.useQuery(input) makes", () => {
    expect(readKey("search.bottles", {})).toEqual(getQueryKey(trpc.search.bottles, {}, "query"));
    expect(readKey("bottles.byId", { id: 12 })).toEqual(getQueryKey(trpc.bottles.byId, { id: 12 }, "query"));
    expect(readKey("meetings.list", undefined)).toEqual(getQueryKey(trpc.meetings.list, undefined, "query"));
  });
});

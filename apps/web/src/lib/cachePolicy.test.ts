import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { changesOf, refreshAfter, WRITE_CHANGES, writeKey, writeOf } from "./cachePolicy";

/** A client holding one cached read in each of a few namespaces, keyed as tRPC's hooks key them. */
function clientWithReads(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const path of [
    "bottles.byId",
    "bottles.favourites",
    "meetings.list",
    "comments.forBottle",
    "themes.list",
    "activity.list",
    "stats.get",
  ]) {
    client.setQueryData([path.split("."), { input: { id: 1 }, type: "query" }], { path });
  }
  return client;
}

/** The namespaces whose cached reads are now stale. */
function staleNamespaces(client: QueryClient): string[] {
  const stale = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => String((query.queryKey[0] as string[])[0]));
  return [...new Set(stale)].sort();
}

describe("cachePolicy", () => {
  it("a write without a line makes its own namespace's reads stale, the log's and the stats', and only those", async () => {
    expect(Object.hasOwn(WRITE_CHANGES, "bottles.setFavourite")).toBe(false);
    expect(changesOf("bottles.setFavourite")).toEqual(["bottles", "activity", "stats"]);
    const client = clientWithReads();
    await refreshAfter(client, writeOf(writeKey("bottles.setFavourite")));
    expect(staleNamespaces(client)).toEqual(["activity", "bottles", "stats"]);
  });

  it("a write with a line follows it instead of the default", async () => {
    const client = clientWithReads();
    await refreshAfter(client, writeOf(writeKey("bottles.delete")));
    expect(staleNamespaces(client)).toEqual(["activity", "bottles", "comments", "meetings", "stats"]);

    const afterThemeRename = clientWithReads();
    await refreshAfter(afterThemeRename, "themes.update");
    expect(staleNamespaces(afterThemeRename)).toEqual(["activity", "meetings", "stats", "themes"]);
  });

  it("an empty line marks only the log and the stats stale; the screen's own rule and a mutation that is no procedure, nothing", async () => {
    const afterEmptyLine = clientWithReads();
    await refreshAfter(afterEmptyLine, "reminders.rsvpByLink");
    expect(staleNamespaces(afterEmptyLine)).toEqual(["activity", "stats"]);
    for (const write of ["bottles.mergeInto", null]) {
      const client = clientWithReads();
      await refreshAfter(client, write);
      expect(staleNamespaces(client), String(write)).toEqual([]);
    }
    expect(writeOf(undefined)).toBeNull();
    expect(writeOf(["login"])).toBeNull();
  });

  it("an undo marks everything stale", async () => {
    const client = clientWithReads();
    await refreshAfter(client, "activity.undo");
    expect(staleNamespaces(client)).toEqual([
      "activity",
      "bottles",
      "comments",
      "meetings",
      "stats",
      "themes",
    ]);
  });

  it("a line is kept only where it differs from the default", () => {
    const sameAsDefault = Object.entries(WRITE_CHANGES).filter(
      ([write, changes]) => JSON.stringify(changes) === JSON.stringify([write.split(".")[0]]),
    );
    expect(sameAsDefault).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "@club/shared";
import { NO_FILTERS, pageCount, PAGE_SIZE, readView, searchInput, writeView } from "./libraryView";

describe("library view in the URL", () => {
  it("defaults to name ascending, page 1, no search, writes nothing and asks for {}", () => {
    const view = readView(new URLSearchParams(""));
    expect(view).toEqual({
      sort: { key: "name", direction: "asc" },
      page: 1,
      query: "",
      filters: NO_FILTERS,
    });
    expect(writeView(view).toString()).toBe("");
    expect(searchInput(view)).toEqual({});
  });

  it("round-trips search, filters, sort, direction and page", () => {
    const params = new URLSearchParams(
      "q=islay&type=7&region=16&status=open&abvMin=40&abvMax=50.5&photo=yes&poured=no&scoreMin=80&sort=type&dir=desc&page=3",
    );
    const view = readView(params);
    expect(view.sort).toEqual({ key: "drinkType", direction: "desc" });
    expect(view.filters).toMatchObject({
      type: "7",
      region: "16",
      status: "open",
      hasPhoto: "yes",
      poured: "no",
    });
    expect(readView(writeView(view))).toEqual(view);
    expect(searchInput(view)).toEqual({
      q: "islay",
      type: 7,
      region: 16,
      status: "open",
      abvMin: 40,
      abvMax: 50.5,
      hasPhoto: "yes",
      poured: "no",
      scoreMin: 80,
      sort: "type",
      dir: "desc",
      page: 3,
    });
  });

  it("reads exactly the query parameters the route table declares (the server keeps a first page by them)", () => {
    const everything = readView(
      new URLSearchParams(
        "q=islay&type=7&country=2&region=16&status=open&abvMin=40&abvMax=50.5&priceMin=1&priceMax=90&photo=yes&poured=no&scoreMin=80&scoreMax=95&sort=type&dir=desc&page=3",
      ),
    );
    const written = [...writeView(everything).keys()].sort();
    const declared = ROUTE_TABLE.find((route) => route.path === "/library-bottles")?.query;
    expect(written).toEqual([...(declared ?? [])].sort());
  });

  it("sorts by relevance while searching unless a column is chosen", () => {
    const searching = readView(new URLSearchParams("q=lagavulin"));
    expect(searching.sort.key).toBeNull();
    expect(searchInput(searching)).toEqual({ q: "lagavulin" });
    expect(writeView(searching).toString()).toBe("q=lagavulin");
    const byName = { ...searching, sort: { key: "name" as const, direction: "asc" as const } };
    expect(writeView(byName).toString()).toBe("q=lagavulin&sort=name");
    expect(searchInput(byName)).toEqual({ q: "lagavulin", sort: "name" });
  });

  it("ignores malformed values and drops a lower bound above the upper one", () => {
    expect(
      readView(new URLSearchParams("sort=password&dir=up&page=-2&type=x&status=gone&abvMin=-1")),
    ).toEqual(readView(new URLSearchParams("")));
    for (const page of ["0", "abc", "1.5", "9999999", ""]) {
      expect(readView(new URLSearchParams({ page })).page, page).toBe(1);
    }
    expect(searchInput(readView(new URLSearchParams("abvMin=60&abvMax=40")))).toEqual({ abvMin: 60 });
  });

  it("counts pages, at least one", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(PAGE_SIZE)).toBe(1);
    expect(pageCount(PAGE_SIZE + 1)).toBe(2);
    expect(pageCount(10_000)).toBe(Math.ceil(10_000 / PAGE_SIZE));
  });
});

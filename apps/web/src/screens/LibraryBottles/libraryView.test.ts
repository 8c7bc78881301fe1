import { describe, expect, it } from "vitest";
import { pageCount, PAGE_SIZE, readView, writeView } from "./libraryView";

describe("library view in the URL", () => {
  it("defaults to name ascending, page 1, no search, and writes nothing for the defaults", () => {
    const view = readView(new URLSearchParams(""));
    expect(view).toEqual({ sort: { key: "name", direction: "asc" }, page: 1, query: "" });
    expect(writeView(view).toString()).toBe("");
  });

  it("round-trips sort, direction, page and search", () => {
    const params = new URLSearchParams("sort=type&dir=desc&page=3&q=islay");
    const view = readView(params);
    expect(view).toEqual({ sort: { key: "drinkType", direction: "desc" }, page: 3, query: "islay" });
    expect(readView(writeView(view))).toEqual(view);
    expect(writeView({ ...view, sort: { key: "name", direction: "desc" } }).get("sort")).toBe("name");
  });

  it("ignores malformed values", () => {
    expect(readView(new URLSearchParams("sort=password&dir=up&page=-2"))).toEqual(
      readView(new URLSearchParams("")),
    );
    for (const page of ["0", "abc", "1.5", "9999999", ""]) {
      expect(readView(new URLSearchParams({ page })).page, page).toBe(1);
    }
  });

  it("counts pages, at least one", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(PAGE_SIZE)).toBe(1);
    expect(pageCount(PAGE_SIZE + 1)).toBe(2);
    expect(pageCount(10_000)).toBe(Math.ceil(10_000 / PAGE_SIZE));
  });
});

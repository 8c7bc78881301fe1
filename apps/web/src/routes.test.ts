import { describe, expect, it } from "vitest";
import { matchPath } from "react-router-dom";
import { ROUTE_TABLE, routePattern } from "@club/shared";
import { OFFLINE_READS } from "../sw/publicReads";

describe("the route table (routeTable.ts) feeds the router, the server, the menus and the worker", () => {
  it("gives each path one pattern, which the server matches where the router does, with integer ids", () => {
    expect(routePattern("/")).toBe("^/$");
    expect(routePattern("/library-bottles")).toBe("^/library-bottles/?$");
    expect(routePattern("/meeting/:meetingId/score/:pour")).toBe(
      "^/meeting/[1-9]\\d{0,8}/score/[1-9]\\d{0,8}/?$",
    );
    const bottle = new RegExp(routePattern("/bottle/:bottleId"));
    for (const [path, matches] of [
      ["/bottle/12/", true],
      ["/bottle/0", false],
      ["/bottle/abc", false],
      ["/bottle/1234567890", false],
    ] as const)
      expect(bottle.test(path), path).toBe(matches);
    expect(new Set(ROUTE_TABLE.map((route) => route.path)).size).toBe(ROUTE_TABLE.length);
    // Plain segments match themselves (no character of a pattern in them), so each sample path
    // (ids as 12) is the route's own for the server as for the router, and no other route's.
    for (const route of ROUTE_TABLE) {
      expect(route.path).toMatch(/^\/[\w/:-]*$/);
      const sample = route.path.replace(/:\w+/g, "12");
      const server = ROUTE_TABLE.filter((r) => new RegExp(routePattern(r.path)).test(sample));
      const router = ROUTE_TABLE.filter((r) => matchPath(r.path, sample));
      expect(server, sample).toEqual([route]);
      expect(router, sample).toEqual([route]);
    }
  });

  it("lists the menus' links in their order, and the reads kept offline once each", () => {
    const links = (members: boolean) =>
      ROUTE_TABLE.filter((r) => r.nav && (r.nav.members === true) === members).map((r) => r.nav?.label);
    expect(links(false)).toEqual(["Home", "Library Bottles", "Shelf", "Theme Ideas", "Stats", "About"]);
    expect(links(true)).toEqual(["Journal", "Wishlist", "Activity"]);
    expect(new Set(OFFLINE_READS).size).toBe(OFFLINE_READS.length);
    expect([...OFFLINE_READS].sort()).toEqual(
      [
        "bottles.list",
        "bottles.options",
        "bottles.byId",
        "comments.byBottle",
        "meetings.list",
        "meetings.byId",
        "themes.list",
        "lookups.brands",
        "lookups.drinkTypes",
        "lookups.countries",
        "lookups.states",
        "night.bottlePours",
        "night.clubScores",
        "search.bottles",
        "search.everything",
        "cellar.shelf",
        "stats.get",
      ].sort(),
    );
  });
});

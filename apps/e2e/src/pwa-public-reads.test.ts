import { describe, expect, it } from "vitest";
import { endpoints } from "@club/server";
import { OFFLINE_READS } from "@club/web/testing";

/**
 * The service worker keeps answers for offline use only for OFFLINE_READS: each must be a public
 * cached read (the same answer for every caller), never a member-only or caller-dependent read,
 * or one member's data could be shown to the next person using the phone.
 */
describe("the reads the service worker keeps offline", () => {
  it("are public cached reads of the router, served at /trpc", () => {
    const byPath = new Map(endpoints().map((e) => [e.path, e]));
    for (const path of OFFLINE_READS) {
      const endpoint = byPath.get(path);
      expect(endpoint, path).toBeDefined();
      expect(endpoint?.type, path).toBe("query");
      expect(endpoint?.trpc, path).toBe(true);
      expect(endpoint?.meta.access, path).toBe("public");
      expect(endpoint?.meta.cache, path).toBe("public");
    }
  });

  it("cover the library, meetings and bottle pages", () => {
    expect(OFFLINE_READS).toEqual(
      expect.arrayContaining([
        "bottles.list",
        "bottles.byId",
        "meetings.list",
        "meetings.byId",
        "comments.byBottle",
      ]),
    );
  });
});

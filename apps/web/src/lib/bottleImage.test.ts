import { describe, expect, it } from "vitest";
import { IMAGE_MAX_DIMENSION_PX, IMAGE_PREVIEW_MAX_PX } from "@club/shared";
import { bottleImageSources, FULL_PX, PREVIEW_PX } from "./bottleImage";

describe("bottle image sources", () => {
  it("uses the shared limits", () => {
    expect(FULL_PX).toBe(IMAGE_MAX_DIMENSION_PX);
    expect(PREVIEW_PX).toBe(IMAGE_PREVIEW_MAX_PX);
  });

  it("offers the thumbnail and the full image, cache-busted by the version", () => {
    expect(bottleImageSources(7, "ab12")).toEqual({
      src: "/api/Bottles/7/Image?v=ab12",
      srcSet: "/api/Bottles/7/Image?size=thumb&v=ab12 320w, /api/Bottles/7/Image?v=ab12 1600w",
    });
  });
});

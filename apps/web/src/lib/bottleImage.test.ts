import { describe, expect, it } from "vitest";
import { IMAGE_MAX_DIMENSION_PX, IMAGE_MEDIUM_PX, IMAGE_PREVIEW_MAX_PX, IMAGE_THUMB_PX } from "@club/shared";
import { bottleImageSources, FULL_PX, MEDIUM_PX, PREVIEW_PX, THUMB_PX } from "./bottleImage";

describe("bottle image sources", () => {
  it("uses the shared limits", () => {
    expect(FULL_PX).toBe(IMAGE_MAX_DIMENSION_PX);
    expect(PREVIEW_PX).toBe(IMAGE_PREVIEW_MAX_PX);
    expect(MEDIUM_PX).toBe(IMAGE_MEDIUM_PX);
    expect(THUMB_PX).toBe(IMAGE_THUMB_PX);
  });

  it("offers the thumbnail, the medium and the full image, cache-busted by the version", () => {
    expect(bottleImageSources(7, "ab12")).toEqual({
      src: "/api/Bottles/7/Image?v=ab12",
      srcSet:
        "/api/Bottles/7/Image?size=thumb&v=ab12 320w, /api/Bottles/7/Image?size=medium&v=ab12 800w, /api/Bottles/7/Image?v=ab12 1600w",
    });
  });
});

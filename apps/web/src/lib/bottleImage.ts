import { withBase } from "./basePath";
// No imports: plain numbers, which
// bottleImage.test.ts checks against @club/shared.

/** The server's thumbnail bounds the longer side to this (GET ...?size=thumb). */
export const THUMB_PX = 320;
/** The medium variant bounds the longer side to this (GET ...?size=medium). */
export const MEDIUM_PX = 800;
/** The stored full image bounds the longer side to this (IMAGE_MAX_DIMENSION_PX). */
export const FULL_PX = 1600;
/** docs/product.md: the preview is at most 400 x 400 px (IMAGE_PREVIEW_MAX_PX). */
export const PREVIEW_PX = 400;

/**
 * How wide the square preview frame is: the card's width on a phone (viewport minus the page's
 * 16 px and the card's 20 px padding and 1 px border, each side), the 5/12 column on a
 * medium screen until it reaches 400 px, and 400 px otherwise.
 */
export const BOTTLE_IMAGE_SIZES = [
  "(max-width: 474px) calc(100vw - 74px)",
  "(min-width: 62em) and (max-width: 1240px) calc((100vw - 40px) * 5 / 12 - 52px)",
  `${PREVIEW_PX}px`,
].join(", ");

/**
 * The preview's URLs: the three stored variants, cache-busted by the image's content hash. Each
 * bounds the photo's longer side (320, 800 and 1600 px), and in the square frame the longer side
 * spans the frame, so "320w" / "800w" / "1600w" with sizes = the frame's width are the true pixel
 * densities whatever the photo's shape. A phone takes the 800 px one (a third of the bytes). (The boot script builds the same URLs to preload the photo: routes.test.ts.)
 */
export function bottleImageSources(bottleId: number, imageVersion: string | null) {
  const v = encodeURIComponent(imageVersion ?? "0");
  const full = withBase(`/api/Bottles/${bottleId}/Image?v=${v}`);
  const thumb = withBase(`/api/Bottles/${bottleId}/Image?size=thumb&v=${v}`);
  const medium = withBase(`/api/Bottles/${bottleId}/Image?size=medium&v=${v}`);
  return { src: full, srcSet: `${thumb} ${THUMB_PX}w, ${medium} ${MEDIUM_PX}w, ${full} ${FULL_PX}w` };
}

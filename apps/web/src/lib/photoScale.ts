import { FULL_PX } from "./bottleImage";

/** The longest side a photo is sent with: the largest variant the server stores anyway. */
export const PHOTO_MAX_SIDE_PX = FULL_PX;
/** Encoder quality of a scaled photo (JPEG or WebP). */
export const PHOTO_QUALITY = 0.85;

/** The size a photo is scaled to (longest side PHOTO_MAX_SIDE_PX), or null when it is small enough already. */
export function scaledSize(
  width: number,
  height: number,
  maxSide = PHOTO_MAX_SIDE_PX,
): { width: number; height: number } | null {
  const longest = Math.max(width, height);
  if (longest <= maxSide || width <= 0 || height <= 0) return null;
  const factor = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * factor)),
    height: Math.max(1, Math.round(height * factor)),
  };
}

/** A JPEG stays a JPEG; PNG and WebP become WebP (it keeps transparency). */
export const scaledType = (type: string) => (type === "image/jpeg" ? "image/jpeg" : "image/webp");

const EXTENSIONS: Record<string, string> = { "image/jpeg": ".jpg", "image/webp": ".webp" };

export const renamedFor = (name: string, type: string) =>
  `${name.replace(/\.[^./\\]*$/, "") || "photo"}${EXTENSIONS[type] ?? ""}`;

async function encode(
  bitmap: ImageBitmap,
  size: { width: number; height: number },
  type: string,
): Promise<Blob | null> {
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.convertToBlob({ type, quality: PHOTO_QUALITY });
  }
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return new Promise((resolve) => canvas.toBlob(resolve, type, PHOTO_QUALITY));
}

/**
 * A phone photo scaled down in the browser before it is uploaded: the longest side at most
 * 1600 px, the camera's orientation (EXIF) applied, JPEG or WebP at quality 0.85. A photo that is
 * small already, a GIF (it may be animated), a photo the browser cannot decode or encode, or a
 * result that is not smaller is sent as chosen: the server validates and re-encodes everything.
 */
export async function scalePhoto(file: File): Promise<File> {
  if (file.type === "image/gif" || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const size = scaledSize(bitmap.width, bitmap.height);
    if (!size) return file;
    const type = scaledType(file.type);
    const blob = await encode(bitmap, size, type).catch(() => null);
    if (!blob || blob.type !== type || blob.size >= file.size) return file;
    return new File([blob], renamedFor(file.name, type), { type });
  } finally {
    bitmap.close();
  }
}

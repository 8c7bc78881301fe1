import { IMAGE_MAX_BYTES, ServerMessages } from "@club/shared";

/** The image types the server accepts (it checks the bytes too). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

/** The file input's accept attribute: the same types, and their extensions for pickers that go by name. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, ".jpg", ".jpeg", ".png", ".webp", ".gif"].join(",");

const EXTENSION = /\.(jpe?g|png|webp|gif)$/i;

/**
 * Why the server would refuse this file, checked before any upload starts: the type (JPEG, PNG,
 * WebP or GIF) and the 10 MB limit. Null when it may be sent. A file without a type (some
 * systems do not know .webp) is judged by its extension.
 */
export function imageFileProblem(file: Pick<File, "name" | "size" | "type">): string | null {
  const typeOk = file.type
    ? (IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())
    : EXTENSION.test(file.name);
  if (!typeOk) return ServerMessages.imageUnsupported;
  if (file.size > IMAGE_MAX_BYTES) return ServerMessages.imageTooLarge;
  if (file.size === 0) return ServerMessages.imageInvalid;
  return null;
}

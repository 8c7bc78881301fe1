import { createHash, randomUUID } from "node:crypto";
import { existsSync, renameSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import pLimit from "p-limit";
import sharp, { type OutputInfo } from "sharp";
import { IMAGE_MAX_DIMENSION_PX, IMAGE_MEDIUM_PX, IMAGE_THUMB_PX } from "@club/shared";

export type ImageVariant = "full" | "medium" | "thumb";

/** How each smaller variant is made from the full image: longer side bound and webp quality. */
const VARIANTS: Record<Exclude<ImageVariant, "full">, { px: number; quality: number }> = {
  medium: { px: IMAGE_MEDIUM_PX, quality: 78 },
  thumb: { px: IMAGE_THUMB_PX, quality: 75 },
};

const resized = (full: Buffer, variant: Exclude<ImageVariant, "full">) =>
  sharp(full)
    .resize(VARIANTS[variant].px, VARIANTS[variant].px, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: VARIANTS[variant].quality })
    .toBuffer();
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);

/** Magic numbers of the accepted formats: the content decides, never the file name. */
export function sniffImageType(bytes: Buffer): "jpeg" | "png" | "webp" | "gif" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return "png";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString("latin1"))) return "gif";
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "webp";
  return null;
}

export type ImageProcessingResult =
  | { ok: true; hash: string; width: number; height: number; bytes: number; contentType: string }
  | { ok: false; reason: "unsupported" | "invalid" };

const IMAGE_JOBS = Math.max(1, Math.min(4, availableParallelism()));
const imageJobs = pLimit(IMAGE_JOBS);

/**
 * Stores re-encoded images in DATA_DIR/images as {hash}.webp plus {hash}-medium.webp and
 * {hash}-thumb.webp.
 * Re-encoding drops every metadata block (EXIF, GPS, XMP) and bounds the size.
 */
export class ImageStore {
  constructor(private readonly dir: string) {}

  /**
   * Re-encodes and stores an image. At most IMAGE_JOBS run at once: a decoded phone photo takes
   * tens of MB, and on a small home server more parallel jobs only cost memory, not time.
   */
  save(input: Buffer): Promise<ImageProcessingResult> {
    return imageJobs(() => this.process(input));
  }

  private async process(input: Buffer): Promise<ImageProcessingResult> {
    const sniffed = sniffImageType(input);
    if (!sniffed) return { ok: false, reason: "unsupported" };
    let full: { data: Buffer; info: OutputInfo };
    let medium: Buffer;
    let thumb: Buffer;
    try {
      const meta = await sharp(input, { failOn: "error" }).metadata();
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || meta.format !== sniffed)
        return { ok: false, reason: "unsupported" };
      const base = () => sharp(input, { failOn: "error", limitInputPixels: 100_000_000 }).rotate();
      full = await base()
        .resize(IMAGE_MAX_DIMENSION_PX, IMAGE_MAX_DIMENSION_PX, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      // From the re-encoded image: decoding 1600 px is far cheaper than the original again.
      [medium, thumb] = await Promise.all([resized(full.data, "medium"), resized(full.data, "thumb")]);
    } catch {
      return { ok: false, reason: "invalid" };
    }
    const hash = createHash("sha256").update(full.data).digest("hex").slice(0, 32);
    this.writeAtomically(this.pathFor(hash, "full"), full.data);
    this.writeAtomically(this.pathFor(hash, "medium"), medium);
    this.writeAtomically(this.pathFor(hash, "thumb"), thumb);
    return {
      ok: true,
      hash,
      width: full.info.width,
      height: full.info.height,
      bytes: full.data.length,
      contentType: "image/webp",
    };
  }

  /** Only ever a hex hash from our own database reaches the file system. */
  pathFor(hash: string, variant: ImageVariant): string {
    if (!/^[0-9a-f]{32}$/.test(hash)) throw new Error("invalid image hash");
    return join(this.dir, variant === "full" ? `${hash}.webp` : `${hash}-${variant}.webp`);
  }

  exists(hash: string, variant: ImageVariant): boolean {
    return existsSync(this.pathFor(hash, variant));
  }

  /**
   * True when the variant is on disk, making a smaller one from the full image when it is missing
   * (images stored before that variant existed, or restored from an older backup).
   */
  async ensure(hash: string, variant: ImageVariant): Promise<boolean> {
    if (this.exists(hash, variant)) return true;
    if (variant === "full" || !this.exists(hash, "full")) return false;
    return imageJobs(async () => {
      if (this.exists(hash, variant)) return true;
      try {
        const data = await resized(await readFile(this.pathFor(hash, "full")), variant);
        this.writeAtomically(this.pathFor(hash, variant), data);
        return true;
      } catch {
        return false;
      }
    });
  }

  private writeAtomically(path: string, data: Buffer): void {
    if (existsSync(path)) return;
    const tmp = `${path}.${process.pid}.${randomUUID()}.tmp`;
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  }
}

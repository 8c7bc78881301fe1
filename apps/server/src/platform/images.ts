import { createHash, randomUUID } from "node:crypto";
import { existsSync, renameSync, utimesSync, writeFileSync } from "node:fs";
import { readdir, readFile, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { nextTurn } from "./longJobs";
import pLimit, { type LimitFunction } from "p-limit";
import type { OutputInfo, default as Sharp } from "sharp";
import { IMAGE_MAX_DIMENSION_PX, IMAGE_MAX_PIXELS, IMAGE_MEDIUM_PX, IMAGE_THUMB_PX } from "@club/shared";

export type ImageVariant = "full" | "medium" | "thumb";

/** How each smaller variant is made from the full image: longer side bound and webp quality. */
const VARIANTS: Record<Exclude<ImageVariant, "full">, { px: number; quality: number }> = {
  medium: { px: IMAGE_MEDIUM_PX, quality: 78 },
  thumb: { px: IMAGE_THUMB_PX, quality: 75 },
};

let sharpLoaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips: ~28 MB of memory and a slower start) is loaded with the first image processed,
 * not at start: most of a server's life serves stored files. Every image is decoded once, so
 * libvips' operation cache would only hold on to memory.
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

const resized = (sharp: typeof Sharp, full: Buffer, variant: Exclude<ImageVariant, "full">) =>
  sharp(full)
    .resize(VARIANTS[variant].px, VARIANTS[variant].px, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: VARIANTS[variant].quality })
    .toBuffer();
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);

/**
 * The most pixels an upload may have: a 24 MP camera photo (6000 x 4000) passes with room to spare.
 * Decoding costs memory in proportion: a 40 MP progressive JPEG about 260 MB, a 100 MP one 600 MB
 * (docs/benchmarks.md, "Upload memory").
 */
export const MAX_INPUT_PIXELS = IMAGE_MAX_PIXELS;

/**
 * How long an image's files outlive its last row: an undo (an admin's, any time) may restore a
 * replaced image or a deleted bottle with its photo. After this, a restored photo shows as "No image
 * uploaded" (its GET is a 404). docs/decisions.md says why 30 days.
 */
export const IMAGE_UNDO_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** A sweep runs at start, after the writes that let go of an image, and this often. */
export const IMAGE_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Files younger than this are never swept: an upload writes its files before its database row. */
export const SWEEP_GRACE_MS = 10 * 60 * 1000;

const IMAGE_FILE = /^([0-9a-f]{32})(?:-medium|-thumb)?\.webp$/;
const TEMP_FILE = /\.tmp$/;

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
  | { ok: false; reason: "unsupported" | "invalid" | "tooManyPixels" };

export interface ImageStoreOptions {
  /** Images decoded at once (IMAGE_CONCURRENCY, 1 by default): each may take hundreds of MB. */
  concurrency?: number;
  /** Uploads that may wait for a decode beyond those (IMAGE_QUEUE_MAX); more are refused. */
  maxQueued?: number;
  /** The hashes whose files must stay (shown now, or restorable by an undo); for sweep(). */
  referenced?: () => Set<string>;
}

/**
 * Stores re-encoded images in DATA_DIR/images as {hash}.webp plus {hash}-medium.webp and
 * {hash}-thumb.webp.
 * Re-encoding drops every metadata block (EXIF, GPS, XMP) and bounds the size.
 */
export class ImageStore {
  private readonly jobs: LimitFunction;
  private readonly maxAdmitted: number;
  private admitted = 0;
  private sweeping: Promise<number> | undefined;
  private sweepAgain = false;

  constructor(
    private readonly dir: string,
    private readonly options: ImageStoreOptions = {},
  ) {
    const concurrency = options.concurrency ?? 1;
    this.jobs = pLimit(concurrency);
    this.maxAdmitted = concurrency + (options.maxQueued ?? 4);
  }

  /**
   * A place for one upload, taken before its body is read and released when it is stored or
   * refused: at most `concurrency` decoding and `maxQueued` waiting, so a burst of uploads holds
   * at most that many bodies and decodes. Null when the queue is full (the caller answers 503).
   */
  admitUpload(): (() => void) | null {
    if (this.admitted >= this.maxAdmitted) return null;
    this.admitted++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.admitted--;
    };
  }

  /** Images being decoded now (for tests and the benchmark). */
  get decoding(): number {
    return this.jobs.activeCount;
  }

  /** Re-encodes and stores an image, one decode at a time by default (see ImageStoreOptions). */
  save(input: Buffer): Promise<ImageProcessingResult> {
    return this.jobs(() => this.process(input));
  }

  private async process(input: Buffer): Promise<ImageProcessingResult> {
    const sniffed = sniffImageType(input);
    if (!sniffed) return { ok: false, reason: "unsupported" };
    let full: { data: Buffer; info: OutputInfo };
    let medium: Buffer;
    let thumb: Buffer;
    const sharp = await loadSharp();
    try {
      // The header only: no pixel limit here, so a huge one is told apart from a broken file.
      const meta = await sharp(input, { failOn: "error", limitInputPixels: false }).metadata();
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || meta.format !== sniffed)
        return { ok: false, reason: "unsupported" };
      // From the header alone, before a single pixel is decoded.
      if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > MAX_INPUT_PIXELS)
        return { ok: false, reason: "tooManyPixels" };
      const base = () => sharp(input, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS }).rotate();
      full = await base()
        .resize(IMAGE_MAX_DIMENSION_PX, IMAGE_MAX_DIMENSION_PX, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      // From the re-encoded image: decoding 1600 px is far cheaper than the original again.
      [medium, thumb] = await Promise.all([
        resized(sharp, full.data, "medium"),
        resized(sharp, full.data, "thumb"),
      ]);
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
    return this.jobs(async () => {
      if (this.exists(hash, variant)) return true;
      try {
        const data = await resized(await loadSharp(), await readFile(this.pathFor(hash, "full")), variant);
        this.writeAtomically(this.pathFor(hash, variant), data);
        return true;
      } catch {
        return false;
      }
    });
  }

  /**
   * Removes the files of images nothing refers to any more (`options.referenced`), and temporary
   * files a crash left behind. Files written in the last SWEEP_GRACE_MS stay: an upload's row is
   * written after its files. Returns how many files were removed.
   */
  async sweep(now = Date.now()): Promise<number> {
    const keep = this.options.referenced?.();
    if (!keep) return 0;
    let removed = 0;
    for (const name of await readdir(this.dir)) {
      const hash = IMAGE_FILE.exec(name)?.[1];
      if (hash === undefined ? !TEMP_FILE.test(name) : keep.has(hash)) continue;
      const path = join(this.dir, name);
      try {
        if (now - (await stat(path)).mtimeMs < SWEEP_GRACE_MS) continue;
        await unlink(path);
        removed++;
      } catch {
        // Gone already (another sweep, a restore): nothing to do.
      }
    }
    return removed;
  }

  /**
   * A sweep soon, after the current request: one at a time, and one more if asked again while it
   * runs. The promise settles when the sweeps asked for so far are done (tests await it).
   */
  sweepSoon(): Promise<number> {
    if (this.sweeping) {
      this.sweepAgain = true;
      return this.sweeping;
    }
    const run = async (): Promise<number> => {
      let removed = 0;
      do {
        this.sweepAgain = false;
        await nextTurn();
        removed += await this.sweep().catch(() => 0);
      } while (this.sweepAgain);
      this.sweeping = undefined;
      return removed;
    };
    this.sweeping = run();
    return this.sweeping;
  }

  /** Settles when no sweep is running (after the one running now, if any). */
  async settled(): Promise<void> {
    await this.sweeping?.catch(() => 0);
  }

  private writeAtomically(path: string, data: Buffer): void {
    if (existsSync(path)) {
      // The same picture again: fresh again for the sweep's grace period, until its row is written.
      const now = new Date();
      utimesSync(path, now, now);
      return;
    }
    const tmp = `${path}.${process.pid}.${randomUUID()}.tmp`;
    writeFileSync(tmp, data, { mode: 0o600 });
    renameSync(tmp, path);
  }
}

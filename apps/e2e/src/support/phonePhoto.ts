import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { Page } from "playwright-core";

export const PHONE_PHOTO = { width: 4000, height: 3000 };

/**
 * A 12-megapixel phone photo: 4000 x 3000 JPEG at quality 92 with sensor-like noise (so it
 * compresses like a real one, 4-8 MB) and EXIF orientation 6 (the phone was held upright: shown
 * rotated, 3000 x 4000). Made once per machine and kept in the temp folder (it takes seconds).
 */
export async function phonePhoto(): Promise<Buffer> {
  const file = join(tmpdir(), "club-e2e-phone-photo-12mp-v1.jpg");
  if (existsSync(file)) return readFileSync(file);
  const { width, height } = PHONE_PHOTO;
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>` +
      `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a2410"/>` +
      `<stop offset=".5" stop-color="#c8761a"/><stop offset="1" stop-color="#f3e3c3"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>` +
      `<rect x="1500" y="600" width="1000" height="2000" rx="80" fill="#7a460b"/></svg>`,
  );
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 34 },
    },
  })
    .png()
    .toBuffer();
  const jpeg = await sharp(scene)
    .composite([{ input: noise, blend: "overlay" }])
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  // Written beside it and renamed: another test file running at the same time never reads half of it.
  const partial = `${file}.${process.pid}.part`;
  writeFileSync(partial, jpeg);
  renameSync(partial, file);
  return jpeg;
}

/** A network profile for Chromium's emulation (throughputs in bytes per second). */
export interface NetworkProfile {
  name: string;
  latencyMs: number;
  downloadBps: number;
  uploadBps: number;
}

/** Chrome DevTools' "Slow 4G" preset (also Lighthouse's mobile throttling): 150 ms, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G: NetworkProfile = {
  name: 'DevTools "Slow 4G" (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up)',
  latencyMs: 150,
  downloadBps: (1.6 * 1024 * 1024) / 8,
  uploadBps: (750 * 1024) / 8,
};

/** Throttles the page's network through the DevTools protocol. */
export async function throttle(page: Page, profile: NetworkProfile | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: profile?.latencyMs ?? 0,
    downloadThroughput: profile?.downloadBps ?? -1,
    uploadThroughput: profile?.uploadBps ?? -1,
  });
}

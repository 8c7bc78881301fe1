import { writeFileSync } from "node:fs";
import { join } from "node:path";
import bwipjs from "bwip-js/node";
import sharp from "sharp";
import { chromium, type Browser } from "playwright-core";
import { CHROME_FLAGS, TEST_CHROME_PATH } from "./chromium";

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A picture of a bottle's barcode as a camera sees it: the code drawn by bwip-js (`bcid`: "ean13",
 * "code128"...), black on a white label in the middle of a 640 x 480 frame, as 8-bit luma.
 */
async function barcodeFrame(bcid: string, text: string): Promise<Buffer> {
  const png = await bwipjs.toBuffer({
    bcid,
    text,
    scale: 4,
    height: 18,
    includetext: true,
    backgroundcolor: "FFFFFF",
  });
  const label = await sharp(png)
    .resize({ width: Math.round(WIDTH * 0.8), height: Math.round(HEIGHT * 0.6), fit: "inside" })
    .png()
    .toBuffer();
  const { data, info } = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#ffffff" },
  })
    .composite([{ input: label, gravity: "center" }])
    .toColourspace("b-w")
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || data.length !== WIDTH * HEIGHT) throw new Error("expected one 8-bit channel");
  return data;
}

/**
 * A Y4M video (YUV 4:2:0: the frame's luma, grey chroma) of the barcode, in `dir`: what Chromium
 * plays as its camera (`--use-file-for-fake-video-capture`), looping its frames.
 */
export async function barcodeVideo(dir: string, bcid: string, text: string): Promise<string> {
  const luma = await barcodeFrame(bcid, text);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const file = join(dir, `${bcid}-${text.replace(/\W/g, "_")}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

/**
 * A Chromium of the file's own whose camera plays `video` and whose page may use it without asking
 * (the worker's shared Chromium has no camera: there a scanner finds none).
 */
export const launchWithCamera = (video: string): Promise<Browser> =>
  chromium.launch({
    executablePath: TEST_CHROME_PATH,
    headless: true,
    args: [
      ...CHROME_FLAGS,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });

import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium (apt-get install chromium). Never `npx playwright install`. */
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** The flags every Chromium we start gets: headless-friendly, no background traffic. */
export const CHROME_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, headless (tests and benchmarks alike). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS });
}

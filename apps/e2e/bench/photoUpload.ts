/**
 * A 12-megapixel phone photo (4000 x 3000 JPEG, 4-8 MB, support/phonePhoto.ts) uploaded
 * to a bottle on a throttled connection, before and after the browser scales it down.
 *
 *   npm run bench:photo -w @club/e2e        (BENCH_ROUNDS=1 by default; each "before" takes ~80 s)
 *
 * Starts the real server in-process on the demo club (apps/web/dist, built first when missing),
 * opens a bottle's page in Chromium as the demo member, throttles the page with the DevTools
 * protocol (Network.emulateNetworkConditions, DevTools' "Slow 4G": 150 ms, 1.6 Mbit/s down,
 * 750 kbit/s up) and measures:
 *   - before: the original file POSTed as the app once did (multipart, field image,
 *     fetch with the bearer token), from the start to the server's answer (the image stored);
 *   - after: the app's own upload (choose the file, click Upload), from the click to the
 *     "Image uploaded." notice: scaling in the browser plus the upload.
 * Bytes sent = the request's Content-Length (the multipart body). Prints a table. Exits 0.
 */
import type { Page } from "playwright-core";
import { ensureWebBuild, launchBrowser, machineLine, median } from "./support";
import { openSession, visit } from "../src/support/browser";
import { phonePhoto, SLOW_4G, throttle } from "../src/support/phonePhoto";
import { DEMO_LOGIN, startClub } from "../src/support/server";

const ROUNDS = Number.parseInt(process.env.BENCH_ROUNDS ?? "1", 10);
const UPLOAD_PATH = "/api/Bottles/UploadImage";

interface Sample {
  bytes: number;
  seconds: number;
  /** After only: from the click until the upload request started (decode, scale, encode). */
  prepareSeconds?: number;
}

async function chooseOn(page: Page, bottleId: number, photo: Buffer) {
  await visit(page, `/bottle/${bottleId}`);
  await page
    .getByRole("main")
    .locator('input[type="file"]')
    .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });
}

async function before(page: Page, bottleId: number, photo: Buffer): Promise<Sample> {
  await chooseOn(page, bottleId, photo);
  await throttle(page, SLOW_4G);
  const request = page.waitForRequest((r) => r.url().includes(UPLOAD_PATH), { timeout: 600_000 });
  const seconds = await page.evaluate(async (path) => {
    const input = document.querySelector<HTMLInputElement>('main input[type="file"]');
    const file = input?.files?.[0];
    if (!file) throw new Error("no file chosen");
    const body = new FormData();
    body.append("image", file);
    const started = performance.now();
    const response = await fetch(path, {
      method: "POST",
      body,
      headers: { Authorization: `Bearer ${localStorage.getItem("accessToken") ?? ""}` },
    });
    if (!response.ok) throw new Error(`upload answered ${response.status}`);
    return (performance.now() - started) / 1000;
  }, `${UPLOAD_PATH}?bottleId=${bottleId}`);
  await throttle(page, null);
  return { bytes: Number(await (await request).headerValue("content-length")), seconds };
}

async function after(page: Page, bottleId: number, photo: Buffer): Promise<Sample> {
  await chooseOn(page, bottleId, photo);
  await throttle(page, SLOW_4G);
  const main = page.getByRole("main");
  const request = page.waitForRequest((r) => r.url().includes(UPLOAD_PATH), { timeout: 600_000 });
  const clicked = Date.now();
  await main.getByRole("button", { name: "Upload", exact: true }).click();
  const sent = await request;
  const requestStarted = Date.now();
  await page.getByRole("alert").filter({ hasText: "Image uploaded." }).waitFor({ timeout: 600_000 });
  const seconds = (Date.now() - clicked) / 1000;
  await throttle(page, null);
  return {
    bytes: Number(await sent.headerValue("content-length")),
    seconds,
    prepareSeconds: (requestStarted - clicked) / 1000,
  };
}

async function main() {
  ensureWebBuild();
  const photo = await phonePhoto();
  console.log(machineLine());
  console.log(
    `photo: 4000 x 3000 JPEG, ${photo.length.toLocaleString("en")} bytes; network: ${SLOW_4G.name}`,
  );
  const club = await startClub({ demoData: true });
  const browser = await launchBrowser();
  try {
    const member = await club.tokensFor(DEMO_LOGIN.email);
    const session = await openSession(browser, club.baseUrl, {
      as: member,
      viewport: { width: 390, height: 844 },
    });
    session.context.setDefaultTimeout(600_000);
    const bottles = await club.apiOk<{ id: number }[]>("GET", "/api/Bottles/AllBottlesList");
    const results = { before: [] as Sample[], after: [] as Sample[] };
    let next = 0;
    for (let round = 0; round < ROUNDS; round++) {
      results.after.push(await after(session.page, bottles[next++]!.id, photo));
      console.log("after ", results.after.at(-1));
      results.before.push(await before(session.page, bottles[next++]!.id, photo));
      console.log("before", results.before.at(-1));
    }
    const row = (name: string, samples: Sample[]) => {
      const prepare = samples.map((s) => s.prepareSeconds).filter((s): s is number => s !== undefined);
      return `| ${name} | ${median(samples.map((s) => s.bytes)).toLocaleString("en")} B | ${median(samples.map((s) => s.seconds)).toFixed(1)} s | ${prepare.length ? `${median(prepare).toFixed(1)} s` : "-"} |`;
    };
    console.log("\n| upload | bytes sent | time to a stored image | of which scaling in the browser |");
    console.log("| --- | ---: | ---: | ---: |");
    console.log(row("before: the original photo", results.before));
    console.log(row("after: scaled in the browser", results.after));
    await session.close();
  } finally {
    await browser.close();
    await club.close();
  }
}

await main();

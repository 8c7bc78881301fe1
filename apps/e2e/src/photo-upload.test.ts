import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Request } from "playwright-core";
import sharp from "sharp";
import type { BottleListItem } from "@club/shared";
import { launchChromium, openSession, screenshotOnFailure, visit, type Session } from "./support/browser";
import { fileOnDisk } from "./support/files";
import { phonePhoto, SLOW_4G, throttle } from "./support/phonePhoto";
import { closeInOrder } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club } from "./support/server";
import { onScreen, shows, sleep, toast } from "./support/ui";

const UPLOAD_PATH = "/api/Bottles/UploadImage";

/** Phone photos: scaled down in the browser, with progress and a cancel button. */
describe("uploading a phone photo", () => {
  let club: Club;
  let browser: Browser;
  let session: Session;
  let page: Page;
  let photo: Buffer;
  let photoFile: string;
  let bottles: BottleListItem[];
  const main = () => page.getByRole("main");
  const progress = () => main().getByRole("progressbar", { name: "Upload progress" });

  async function choosePhoto(bottle: BottleListItem) {
    await visit(page, `/bottle/${bottle.id}`);
    await onScreen(page, bottle.name);
    await main().locator('input[type="file"]').setInputFiles(photoFile);
  }

  beforeAll(async () => {
    photo = await phonePhoto();
    photoFile = fileOnDisk("IMG_2041.jpg", photo);
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    const member = await club.tokensFor(DEMO_LOGIN.email);
    session = await openSession(browser, club.baseUrl, { as: member, viewport: { width: 375, height: 800 } });
    page = session.page;
    bottles = [];
    for (const bottle of await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList")) {
      const detail = await club.apiOk<{ hasImage: boolean }>("GET", `/api/Bottles/${bottle.id}`);
      if (!detail.hasImage) bottles.push(bottle);
    }
    expect(bottles.length).toBeGreaterThanOrEqual(2);
  });

  afterEach(screenshotOnFailure("photo-upload", () => page));

  afterAll(() => closeInOrder(session, browser, club));

  it("sends a 12-megapixel photo scaled to 1600 px (under 1 MB), upright, with progress", async () => {
    expect(photo.length).toBeGreaterThan(4_000_000);
    const bottle = bottles[0]!;
    await choosePhoto(bottle);
    // Slow enough to watch the progress bar: 4 Mbit/s up.
    await throttle(page, { name: "4 Mbit/s", latencyMs: 40, downloadBps: 1_000_000, uploadBps: 500_000 });
    const sent = page.waitForRequest((r) => r.url().includes(UPLOAD_PATH) && r.method() === "POST", {
      timeout: 60_000,
    });
    await main().getByRole("button", { name: "Upload", exact: true }).click();
    const request: Request = await sent;
    await shows(progress(), 20_000);
    expect(await progress().getAttribute("aria-valuetext")).toMatch(/^Uploading \d+% \(\d+ KB of \d+ KB\)$/);
    await shows(toast(page, "Image uploaded."), 60_000);
    await throttle(page, null);

    const bodyBytes = Number(await request.headerValue("content-length"));
    expect(bodyBytes).toBeLessThan(1_000_000);
    expect(bodyBytes).toBeGreaterThan(50_000);

    // Stored upright: the phone's orientation was applied before scaling (3000 x 4000 -> 1200 x 1600).
    const stored = await fetch(`${club.baseUrl}/api/Bottles/${bottle.id}/Image`);
    expect(stored.status).toBe(200);
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
  });

  it("cancels an upload on a slow connection and stores nothing", async () => {
    const bottle = bottles[1]!;
    await choosePhoto(bottle);
    await throttle(page, SLOW_4G);
    try {
      await main().getByRole("button", { name: "Upload", exact: true }).click();
      await shows(progress(), 20_000);
      const cancel = main().getByRole("button", { name: "Cancel", exact: true });
      await cancel.click();
      await shows(main().getByRole("status").filter({ hasText: "Upload cancelled." }));
      expect(await progress().count()).toBe(0);
      expect(await main().getByText("Failed to upload image.").count()).toBe(0);
    } finally {
      await throttle(page, null);
    }
    await sleep(1_500);
    expect((await fetch(`${club.baseUrl}/api/Bottles/${bottle.id}/Image`)).status).toBe(404);
    const detail = await club.apiOk<{ imageVersion: string | null }>("GET", `/api/Bottles/${bottle.id}`);
    expect(detail.imageVersion).toBeNull();
  });
});

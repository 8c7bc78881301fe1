import { appendFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { Messages, type BottleListItem, type MeetingListItem } from "@club/shared";
import { PwaTexts } from "@club/web/testing";
import {
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { makePng } from "./support/png";
import { closeInOrder } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club } from "./support/server";
import { hides, onScreen, shows } from "./support/ui";

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", null, {
    timeout: 30_000,
  });

/**
 * An app on the phone's home screen. Lighthouse 12 dropped its PWA category, so this
 * checks what its installability audits checked: a linked manifest with name, short_name,
 * start_url, display standalone, theme and background colours and 192/512 px icons plus a maskable
 * one; an apple-touch-icon; a viewport; theme-color for both modes; a service worker that controls
 * the page and answers start_url offline.
 */
describe("installable app, readable offline", () => {
  let club: Club;
  let browser: Browser;
  let session: Session;
  let page: Page;
  let meeting: MeetingListItem;
  let bottle: BottleListItem;
  const main = () => page.getByRole("main");
  const offlineNotice = () => page.getByRole("status").filter({ hasText: PwaTexts.offline });

  beforeAll(async () => {
    club = await startClub({ demoData: true, ownWebBuild: true });
    browser = await launchChromium();
    const member = await club.tokensFor(DEMO_LOGIN.email);
    session = await openSession(browser, club.baseUrl, {
      as: member,
      viewport: { width: 375, height: 800 },
      installedApp: true,
    });
    page = session.page;
    const meetings = await club.apiOk<MeetingListItem[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    meeting = meetings[0]!;
    const bottles = await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList");
    bottle = bottles[0]!;
  });

  afterEach(screenshotOnFailure("pwa", () => page));

  afterAll(() => closeInOrder(session, browser, club));

  it("serves a valid web manifest, its icons and the service worker with the right headers", async () => {
    const manifestResponse = await fetch(`${club.baseUrl}/manifest.webmanifest`);
    expect(manifestResponse.status).toBe(200);
    expect(manifestResponse.headers.get("content-type")).toContain("application/manifest+json");
    const manifest = (await manifestResponse.json()) as WebManifest;
    expect(manifest).toMatchObject({
      name: "Whiskey Tasting Club",
      short_name: "Whiskey Club",
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = new Set<string>();
    for (const icon of manifest.icons) {
      const response = await fetch(`${club.baseUrl}${icon.src}`);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get("content-type"), icon.src).toBe("image/png");
      const { width, height } = pngSize(Buffer.from(await response.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      sizes.add(`${icon.sizes} ${icon.purpose ?? "any"}`);
    }
    expect([...sizes]).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));

    const worker = await fetch(`${club.baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/javascript/);
    expect(worker.headers.get("cache-control")).toBe("no-cache");

    const home = await fetch(club.baseUrl, { headers: { accept: "text/html" } });
    const csp = home.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it("links the manifest, both theme colours and the touch icon; the service worker controls the page", async () => {
    await visit(page, "/");
    const head = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute("href"),
      touchIcon: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute("href"),
      viewport: document.querySelector('meta[name="viewport"]')?.getAttribute("content"),
      themes: [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute("media")),
    }));
    expect(head.manifest).toBe("/manifest.webmanifest");
    expect(head.touchIcon).toBe("/icons/apple-touch-icon.png");
    expect(head.viewport).toContain("width=device-width");
    expect(head.themes).toEqual(["(prefers-color-scheme: dark)", "(prefers-color-scheme: light)"]);
    await controlled(page);
    expect(await offlineNotice().count()).toBe(0);
    expectNoCspViolations(session.watch, "/ with the service worker");
    expectNoPageErrors(session.watch, "/ with the service worker");
  });

  it("shows the library, a meeting and a bottle seen before when offline, with the offline notice", async () => {
    await controlled(page);
    // Seen while online: the pages' reads go through the worker, which keeps the public ones.
    await visit(page, "/library-bottles");
    await shows(main().getByText(bottle.name, { exact: true }).first());
    await visit(page, `/monthlymeeting/${meeting.id}`);
    await shows(main().getByText(meeting.theme, { exact: true }).first());
    await visit(page, `/bottle/${bottle.id}`);
    await onScreen(page, bottle.name);
    await visit(page, "/");
    await shows(main().getByRole("table", { name: "Monthly meetings" }));

    await session.context.setOffline(true);
    const fromCache: string[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/trpc/") && response.headers()["x-club-offline"] === "1")
        fromCache.push(new URL(response.url()).pathname);
    });
    try {
      await page.reload();
      await shows(main().getByRole("table", { name: "Monthly meetings" }), 20_000);
      await shows(offlineNotice());

      await page.goto("/library-bottles");
      await shows(main().getByText(bottle.name, { exact: true }).first(), 20_000);
      await page.goto(`/monthlymeeting/${meeting.id}`);
      await shows(main().getByText(meeting.theme, { exact: true }).first(), 20_000);
      await page.goto(`/bottle/${bottle.id}`);
      await onScreen(page, bottle.name);
      await shows(offlineNotice());
      await shows(page.getByText(PwaTexts.offlineWrites));

      // A write fails with the screen's plain message (the floor's text), nothing technical.
      await main()
        .locator('input[type="file"]')
        .setInputFiles({ name: "b.png", mimeType: "image/png", buffer: makePng(40, 40) });
      await main().getByRole("button", { name: "Upload", exact: true }).click();
      const failed = main().getByRole("alert").filter({ hasText: Messages.uploadImage });
      await shows(failed);
      expect((await failed.innerText()).trim()).toBe(Messages.uploadImage);
      // The data came from what the worker kept, not from the server.
      expect(fromCache.join(" ")).toContain("search.bottles");
      expect(fromCache.join(" ")).toContain("meetings.byId");
      expect(fromCache.join(" ")).toContain("bottles.byId");
      expect(
        await page.evaluate(() =>
          fetch("/healthz").then(
            () => "online",
            () => "offline",
          ),
        ),
      ).toBe("offline");
    } finally {
      await session.context.setOffline(false);
    }
    await hides(offlineNotice());
  });

  it("offers to reload when a new version of the app is deployed", async () => {
    await visit(page, "/");
    await controlled(page);
    const banner = page.getByRole("alert").filter({ hasText: PwaTexts.updateReady });
    expect(await banner.count()).toBe(0);

    // A new build: a different sw.js (the server serves this club's own copy of the build;
    // a build also rewrites the compressed copies beside it, which the server would send instead).
    const sw = join(club.webDir, "sw.js");
    appendFileSync(sw, "\n// a new version\n");
    rmSync(`${sw}.br`, { force: true });
    rmSync(`${sw}.gz`, { force: true });
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await shows(banner, 30_000);

    const reloaded = page.waitForEvent("load", { timeout: 30_000 });
    await banner.getByRole("button", { name: PwaTexts.reload }).click();
    await reloaded;
    await shows(main().getByRole("table", { name: "Monthly meetings" }));
    await controlled(page);
    expect(await banner.count()).toBe(0);
    const waiting = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting,
    );
    expect(waiting ?? null).toBeNull();
  });
});

import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { BackupsOverview } from "@club/shared";
import { newBackupPath } from "@club/server";
import {
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  screenshotOnFailure,
  visit,
} from "./support/browser";
import { DESKTOP, noSidewaysScroll, PHONE, sessionPool, shot } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { hides, onScreen, shows, toast } from "./support/ui";

/**
 * The backups screen in the browser: an admin on a phone backs up now, sees the list grow
 * and downloads the latest; a failure shows as a red alert; a member has no way in. The screens
 * are photographed into SHOTS_DIR (dark and light, phone and desktop) and none scrolls sideways.
 */
describe("the admin's backups screen", () => {
  let club: Club;
  let browser: Browser;
  let admin: Member;
  let member: Member;
  const pool = sessionPool(
    () => browser,
    () => club.baseUrl,
  );
  const { open, watchOf } = pool;
  const main = (page: Page) => page.getByRole("main");
  const backupItems = (page: Page) => main(page).getByRole("list", { name: "Backups" }).getByRole("listitem");

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    admin = await club.tokensFor(DEMO_LOGIN.email);
    member = await club.member({ firstName: "Mo", lastName: "Member" });
  });

  afterEach(screenshotOnFailure("backups", pool.current));

  afterAll(async () => {
    await pool.closeAll();
    await browser?.close();
    await club?.close();
  });

  it("an admin on a phone: Back up now twice, the list grows, Download latest saves the .tar.gz", async () => {
    const page = await open({ viewport: PHONE, as: admin, theme: "dark" });
    await visit(page, "/");
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("button", { name: "My club" }).click(); // the phone menu's group
    const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Backups" });
    await shows(link);
    await shot(page, "backups-phone-menu-dark");
    await link.click();
    await onScreen(page, "Backups");
    await shows(main(page).getByText("Every day at 03:00.", { exact: false }));
    await shows(main(page).getByText(/^Next backup: /));
    await shows(main(page).getByText("No backups yet."));
    const download = main(page).getByRole("button", { name: "Download latest" });
    expect(await download.isDisabled()).toBe(true);

    const backUp = main(page).getByRole("button", { name: "Back up now" });
    await backUp.click();
    await shows(toast(page, "Backup made: club-"));
    await shows(main(page).getByRole("heading", { name: "Backups (1)" }));
    expect(await backupItems(page).count()).toBe(1);
    await backUp.click();
    await shows(main(page).getByRole("heading", { name: "Backups (2)" }));
    expect(await backupItems(page).count()).toBe(2);

    const overview = await club.apiOk<BackupsOverview>("GET", "/api/Backups", undefined, admin.accessToken);
    const latest = overview.backups[0]!;
    await shows(backupItems(page).first().getByText(latest.file));

    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toBe(latest.file.replace(/\.sqlite$/, ".tar.gz"));
    const tar = gunzipSync(readFileSync(await file.path()));
    const firstName = tar.subarray(0, 100).toString().replace(/\0.*$/s, "");
    expect(firstName).toBe(latest.file);
    expect(tar.subarray(512, 512 + 16).toString()).toBe("SQLite format 3\0");

    for (const button of [backUp, download]) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    }
    expect(await noSidewaysScroll(page)).toBe(true);
    await hides(page.getByRole("alert").filter({ hasText: "Backup made" }), 20_000);
    await shot(page, "backups-phone-dark");
    expectNoCspViolations(watchOf(page), "/admin/backups");
    expectNoPageErrors(watchOf(page), "/admin/backups");
  });

  it("a failed backup is a red alert with the reason until the next one succeeds", async () => {
    // Something in the way of the next backup's temporary file (this minute's name or the next).
    const { dir } = club.config.backups;
    const obstacles = [0, 60_000].map(
      (offset) => `${newBackupPath(dir, club.config.clubTimezone, new Date(Date.now() + offset))}.partial`,
    );
    for (const obstacle of obstacles) mkdirSync(join(obstacle, "in-the-way"), { recursive: true });
    const page = await open({ viewport: PHONE, as: admin, theme: "light" });
    await visit(page, "/admin/backups");
    await onScreen(page, "Backups");
    await main(page).getByRole("button", { name: "Back up now" }).click();
    await shows(toast(page, "The backup failed:"));
    const alert = main(page).getByRole("alert").filter({ hasText: "The last backup failed" });
    await shows(alert);
    expect(await noSidewaysScroll(page)).toBe(true);
    await hides(toast(page, "The backup failed:"), 20_000);
    await shot(page, "backups-phone-light-failed");

    for (const obstacle of obstacles) rmSync(obstacle, { recursive: true, force: true });
    await main(page).getByRole("button", { name: "Back up now" }).click();
    await shows(toast(page, "Backup made: club-"));
    await hides(alert);
    expectNoPageErrors(watchOf(page), "/admin/backups");
  });

  it("on a desktop: the My club menu has Backups; light and dark", async () => {
    for (const theme of ["light", "dark"] as const) {
      const page = await open({ viewport: DESKTOP, as: admin, theme });
      await visit(page, "/");
      await page.getByText("My club", { exact: true }).click();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Backups" }).click();
      await onScreen(page, "Backups");
      await shows(main(page).getByRole("heading", { name: /^Backups \(\d+\)$/ }));
      await shot(page, `backups-desktop-${theme}`);
      expectNoCspViolations(watchOf(page), "/admin/backups");
    }
  });

  it("a member has no Backups link and the screen says it is for admins", async () => {
    const page = await open({ viewport: PHONE, as: member });
    await visit(page, "/");
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("button", { name: "My club" }).click(); // the phone menu's group
    const nav = page.getByRole("navigation", { name: "Main" });
    await shows(nav.getByRole("link", { name: "Dues" }));
    expect(await nav.getByRole("link", { name: "Backups" }).count()).toBe(0);
    await page.getByRole("button", { name: "Close navigation" }).click();
    await visit(page, "/admin/backups");
    await shows(main(page).getByText("Only an admin can see the backups."));
    const res = await club.api("GET", "/api/Backups/Latest", undefined, member.accessToken);
    expect(res.status).toBe(403);
  });
});

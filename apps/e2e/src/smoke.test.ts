import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium, openSession, visit, screenshot } from "./support/browser";
import { startClub, type Club } from "./support/server";
import { seriousViolations } from "./support/axe";

let club: Club;
let browser: Browser;
beforeAll(async () => {
  club = await startClub({ demoData: true });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await club?.close();
});

it("smoke", async () => {
  const s = await openSession(browser, club.baseUrl);
  const t0 = Date.now();
  await visit(s.page, "/");
  console.log("visit", Date.now() - t0);
  console.log(await s.page.locator("body").innerText());
  console.log(await screenshot(s.page, "home"));
  const t1 = Date.now();
  console.log(JSON.stringify(await seriousViolations(s.page), null, 1));
  console.log("axe", Date.now() - t1);
  console.log(s.watch.cspViolations, s.watch.consoleErrors, s.watch.pageErrors);
  expect(1).toBe(1);
});

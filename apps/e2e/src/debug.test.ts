import { it } from "vitest";
import { launchChromium, openSession, visit } from "./support/browser";
import { startClub } from "./support/server";

it("debug", async () => {
  const club = await startClub({ demoData: true });
  const browser = await launchChromium();
  const m = await club.tokensFor("demo@whiskey.club");
  const s = await openSession(browser, club.baseUrl, { as: m });
  const page = s.page;
  await visit(page, "/library-bottles");
  await page.getByRole("button", { name: "Add New Bottle" }).click();
  await page.getByRole("dialog").waitFor();
  await page.waitForTimeout(500);
  console.log(await page.getByRole("dialog").ariaSnapshot());
  await page.keyboard.press("Escape");
  await visit(page, "/bottle/1");
  console.log(await page.getByRole("main").ariaSnapshot());
  const s2 = await openSession(browser, club.baseUrl);
  await visit(s2.page, "/login");
  await s2.page.getByLabel("Email").fill("demo@whiskey.club");
  await s2.page.getByLabel("Password").fill("wrong-password-x");
  await s2.page.getByRole("main").getByRole("button", { name: "Login", exact: true }).click();
  await s2.page.waitForTimeout(1500);
  console.log(await s2.page.getByRole("main").ariaSnapshot());
  await browser.close();
  await club.close();
}, 60000);

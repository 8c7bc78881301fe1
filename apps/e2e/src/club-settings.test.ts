import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { ClubSettings } from "@club/shared";
import { expectNoPageErrors, launchChromium, screenshotOnFailure, visit } from "./support/browser";
import { noSidewaysScroll, PHONE, sessionPool, shot } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { chooseOption, onScreen, shows, toast } from "./support/ui";

/**
 * The club's own money and rules on a phone: an admin opens Club settings from the menu, makes the
 * dues 150 kronor a month and 400 to join, in SEK, from this month; the About page (a visitor's
 * first page too) and the treasurer's screens say it in kronor.
 */
describe("club settings", () => {
  let club: Club;
  let browser: Browser;
  let admin: Member;
  const pool = sessionPool(
    () => browser,
    () => club.baseUrl,
  );
  const { open, watchOf } = pool;
  const main = (page: Page) => page.getByRole("main");

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    admin = await club.tokensFor(DEMO_LOGIN.email);
  });

  afterEach(screenshotOnFailure("club-settings", pool.current));

  afterAll(async () => {
    await pool.closeAll();
    await browser?.close();
    await club?.close();
  });

  it("an admin changes the dues and the currency to SEK; About and the treasurer's screens show kronor", async () => {
    const page = await open({ viewport: PHONE, mobile: true, as: admin, theme: "dark" });
    await visit(page, "/");
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("button", { name: "My club" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Club settings" }).tap();
    await onScreen(page, "Club settings");
    const form = main(page);
    await shows(form.getByLabel("Club name"));
    expect(await form.getByLabel("Currency").inputValue()).toBe("USD");
    expect(await form.getByLabel("Monthly dues").inputValue()).toBe("12");
    await form.getByLabel("Currency").fill("SEK");
    await form.getByLabel("Monthly dues").fill("150");
    await form.getByLabel("Joining fee").fill("400");
    await shows(form.getByText(/First payment: SEK\s550\.00/));
    await chooseOption(form, page, "Meetings: weekday", "Thursday");
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, "club-settings-phone-dark");
    await form.getByRole("button", { name: "Save settings" }).tap();
    await shows(toast(page, "Club settings saved."));

    const saved = await club.apiOk<ClubSettings>("GET", "/api/Club/Settings");
    expect(saved).toMatchObject({ currency: "SEK", monthlyDues: 150, joiningFee: 400, firstPayment: 550 });

    await visit(page, "/about");
    await onScreen(page, /^About the /);
    await shows(main(page).getByText(/^Dues are SEK\s150 per month\.$/));
    await shows(
      main(page).getByText(
        /^Joining costs SEK\s400, so the first payment is SEK\s550 \(SEK\s400 joining plus SEK\s150 dues\)\.$/,
      ),
    );
    expect(await noSidewaysScroll(page)).toBe(true);

    await visit(page, "/treasurer");
    await onScreen(page, "Treasurer");
    await shows(main(page).getByText(/SEK\s\d/));
    expect(await main(page).innerText()).not.toContain("$");
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, "club-settings-treasurer-phone-dark");

    await visit(page, "/dues");
    await shows(main(page).getByText(/^SEK\s150 a month, charged on the first\./));

    // Home says the club's meeting rule as the settings now have it.
    await visit(page, "/");
    await shows(
      main(page).getByText("Second Thursday of every month, 7:00 PM. Pick a date to see what we poured."),
    );
    expectNoPageErrors(watchOf(page), "club settings");
  });

  it("a visitor's first page of About, rendered by the server, says the new dues", async () => {
    const html = (await (await fetch(`${club.baseUrl}/about`)).text()).replaceAll("<!-- -->", "");
    expect(html).toMatch(/Dues are SEK(\s|&nbsp;|\u00a0)150 per month\./);
    const page = await open({ viewport: PHONE, mobile: true, theme: "light" });
    await visit(page, "/about");
    await shows(main(page).getByText(/^Dues are SEK\s150 per month\.$/));
    expectNoPageErrors(watchOf(page), "/about as a visitor");
  });

  it("an admin makes German the club's language: the app, and a visitor whose browser asks for none of the app's, read German", async () => {
    const page = await open({ viewport: PHONE, mobile: true, as: admin, theme: "light" });
    await visit(page, "/admin/club");
    const form = main(page);
    await shows(form.getByLabel("Club name"));
    await chooseOption(form, page, "Language", "Deutsch");
    await form.getByRole("button", { name: "Save settings" }).tap();
    await shows(toast(page, "Club settings saved."));
    // The admin chose no language of their own: the app follows the club's, at once.
    await onScreen(page, "Club-Einstellungen");
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    expect((await club.apiOk<ClubSettings>("GET", "/api/Club/Settings")).language).toBe("de");
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, "club-settings-german-phone-light");

    const html = await (
      await fetch(`${club.baseUrl}/about`, { headers: { "accept-language": "pt-BR" } })
    ).text();
    expect(html).toContain('<html lang="de"');
    expectNoPageErrors(watchOf(page), "club language");
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { ClubSettings, ClubSettingsInput } from "@club/shared";
import { expectNoPageErrors, launchChromium, screenshotOnFailure, visit } from "./support/browser";
import { expectNoSidewaysScroll, imagesAndFontsLoaded, PHONE, sessionPool, shot } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { dialog, onScreen, shows, toast } from "./support/ui";

/**
 * A member who reads German, on a phone, in a club that counts in euros: the theme ideas (a theme
 * added), the stats and the wishlist (a wish added and voted for) in German, dates as 12.02.2027
 * and money as 1.234,50 €, nothing wider than the screen and no button's words cut off; the same
 * screens in Japanese for a look.
 */
describe("the smaller screens in German on a phone", () => {
  let club: Club;
  let browser: Browser;
  let member: Member;
  const pool = sessionPool(
    () => browser,
    () => club.baseUrl,
  );
  const main = (page: Page) => page.getByRole("main");

  /** Every visible button in the page shows its words whole (none clipped by its width). */
  const expectWholeButtonTexts = async (page: Page, where: string) => {
    const clipped = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>("main button, main .mantine-Button-label"))
        .filter((el) => el.offsetParent !== null && el.clientWidth > 0)
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.innerText),
    );
    expect(clipped, `cut-off button text on ${where}`).toEqual([]);
  };

  const setLanguage = (language: string) =>
    club.apiOk("PUT", "/api/Account/Language", { language }, member.accessToken);

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    member = await club.tokensFor(DEMO_LOGIN.email);
    const settings = await club.apiOk<ClubSettings>("GET", "/api/Club/Settings");
    const input: ClubSettingsInput = {
      name: settings.name,
      currency: "EUR",
      monthlyDues: settings.monthlyDues,
      joiningFee: settings.joiningFee,
      duesFromMonth: new Date().toISOString().slice(0, 7),
      waiverMaxMonths: settings.waiverMaxMonths,
      waiverMinMembershipMonths: settings.waiverMinMembershipMonths,
      meetingWeekday: settings.meetingWeekday,
      meetingWeekOfMonth: settings.meetingWeekOfMonth,
      meetingTime: settings.meetingTime,
    };
    await club.apiOk("PUT", "/api/Club/Settings", input, member.accessToken);
    await setLanguage("de");
  });

  afterEach(screenshotOnFailure("german-screens", pool.current));
  afterEach(() => {
    for (const session of pool.sessions) expectNoPageErrors(session.watch, "the screens in German");
  });

  afterAll(async () => {
    await pool.closeAll();
    await browser?.close();
    await club?.close();
  });

  it("Theme ideas, Stats and the Wishlist speak German, with German dates and euros", async () => {
    const page = await pool.open({ viewport: PHONE, mobile: true, as: member, theme: "light" });

    await visit(page, "/theme-ideas");
    await onScreen(page, "Monatsthemen");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    await shows(
      main(page)
        .getByText(/^\d{2}\.\d{2}\.\d{4}$/)
        .first(),
    );
    await page.getByRole("button", { name: "Neues Thema" }).tap();
    const add = dialog(page, "Neues Thema");
    await add.getByLabel("Name des Themas").fill("Sherryfässer aus Jerez");
    await add.locator("button[type=submit]").tap();
    await shows(toast(page, "Thema hinzugefügt."));
    await shows(main(page).getByText("Sherryfässer aus Jerez"));
    await expectNoSidewaysScroll(page, "Monatsthemen");
    await expectWholeButtonTexts(page, "Monatsthemen");
    await imagesAndFontsLoaded(page);
    await shot(page, "german-themes-phone");

    await visit(page, "/stats");
    await onScreen(page, "Statistik");
    const spend = main(page).getByRole("region", { name: "Ausgaben pro Monat" });
    await shows(spend);
    await spend.getByText("Zahlen anzeigen").tap();
    const figures = spend.getByRole("table", { name: "Ausgaben pro Monat: die Zahlen" });
    await shows(figures.getByRole("columnheader", { name: "Ausgegeben" }));
    await shows(figures.getByRole("cell", { name: /^\d{1,3}(\.\d{3})*,\d{2}\s€$/ }).first());
    await shows(main(page).getByRole("img", { name: /ausgegeben in \d+ Monaten?; am meisten im / }));
    await expectNoSidewaysScroll(page, "Statistik");
    await imagesAndFontsLoaded(page);
    await shot(page, "german-stats-phone");

    await visit(page, "/wishlist");
    await onScreen(page, "Wunschliste");
    await page.getByRole("button", { name: "Flasche wünschen" }).tap();
    const wish = dialog(page, "Flasche wünschen");
    await wish.getByLabel("Flasche").fill("Springbank 15");
    await wish.getByLabel("Notiz").fill("Für die Weihnachtsprobe");
    await wish.getByRole("button", { name: "Auf die Wunschliste" }).tap();
    await shows(toast(page, "Springbank 15 steht auf der Wunschliste."));
    const card = main(page).getByRole("listitem", { name: "Springbank 15" });
    // The member who adds a wish has voted for it; a tap takes the vote back, another gives it again.
    await shows(card.getByText("1 Stimme", { exact: true }));
    await card.getByRole("button", { name: "Abgestimmt" }).tap();
    await shows(card.getByText("0 Stimmen", { exact: true }));
    await card.getByRole("button", { name: "Abstimmen" }).tap();
    await shows(card.getByText("1 Stimme", { exact: true }));
    await card.getByRole("button", { name: "Gekauft…" }).tap();
    const bought = dialog(page, "Springbank 15 gekauft");
    await shows(bought.getByLabel("Preis (€)"));
    await shows(bought.getByLabel("Kaufdatum"));
    await expectWholeButtonTexts(page, "Wunschliste");
    await bought.getByRole("button", { name: /Abbrechen|Cancel/ }).tap();
    await expectNoSidewaysScroll(page, "Wunschliste");
    await expectWholeButtonTexts(page, "Wunschliste");
    await imagesAndFontsLoaded(page);
    await shot(page, "german-wishlist-phone");
  });

  it("the same screens in Japanese (a look: the glyphs and the widths)", async () => {
    await setLanguage("ja");
    const page = await pool.open({ viewport: PHONE, mobile: true, as: member, theme: "dark" });
    await visit(page, "/theme-ideas");
    await onScreen(page, "月替わりテーマ");
    // On a phone each row is a card whose cells are labelled by the column's header, in Japanese too.
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>("main td[data-label]")?.dataset.label === "テーマ名",
    );
    await expectNoSidewaysScroll(page, "テーマ");
    await imagesAndFontsLoaded(page);
    await shot(page, "japanese-themes-phone");
    await visit(page, "/stats");
    await onScreen(page, "統計");
    await expectNoSidewaysScroll(page, "統計");
    await imagesAndFontsLoaded(page);
    await shot(page, "japanese-stats-phone");
    await visit(page, "/wishlist");
    await onScreen(page, "ほしいものリスト");
    await shows(main(page).getByText("Springbank 15"));
    await expectNoSidewaysScroll(page, "ほしいものリスト");
    await expectWholeButtonTexts(page, "ほしいものリスト");
    await imagesAndFontsLoaded(page);
    await shot(page, "japanese-wishlist-phone");
    await setLanguage("de");
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, screenshotOnFailure, visit } from "./support/browser";
import { noSidewaysScroll, PHONE, sessionPool, shot } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { shows } from "./support/ui";

/**
 * The app in the reader's language on a phone: a member who chose German (their account's
 * language, on any device), a visitor whose browser asks for Japanese (Accept-Language), and the
 * pseudo-locale chosen in the footer (accented and 40 % longer): the frame's texts translated, the
 * dates and money by the language's locale, `<html lang>`, no sideways scroll, no cut-off button.
 */
describe("languages", () => {
  let club: Club;
  let browser: Browser;
  let member: Member;
  const pool = sessionPool(
    () => browser,
    () => club.baseUrl,
  );
  const { open } = pool;

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    member = await club.tokensFor(DEMO_LOGIN.email);
  });

  afterEach(screenshotOnFailure("languages", pool.current));

  afterAll(async () => {
    await pool.closeAll();
    await browser?.close();
    await club?.close();
  });

  const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

  /** Each meeting's date on Home as the language writes it (its ISO date is the <time>'s). */
  async function datesOnHome(page: Page): Promise<{ iso: string; text: string }[]> {
    const times = page.getByRole("main").locator("time[datetime]");
    await shows(times.first());
    return times.evaluateAll((els) =>
      els
        .map((el) => ({ iso: el.getAttribute("datetime") ?? "", text: el.textContent ?? "" }))
        .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.iso)),
    );
  }

  /** The buttons and links of the frame whose text does not fit them (cut off or spilling over). */
  const cutOff = (page: Page) =>
    page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          "header button, header a, #mobile-navigation a, #mobile-navigation button, footer select",
        ),
      ]
        .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent ?? el.getAttribute("aria-label")),
    );

  it("a member who chose German: the menu, Home's dates (12.02.2027) and money in German, on the next page load too", async () => {
    await club.apiOk("PUT", "/api/Account/Language", { language: "de" }, member.accessToken);
    const page = await open({ viewport: PHONE, mobile: true, as: member, theme: "light" });
    await visit(page, "/");
    // The member's account says German: the app switches to it and keeps it for the next pages.
    await shows(page.getByRole("button", { name: "Navigation öffnen" }));
    expect(await htmlLang(page)).toBe("de");
    const dates = await datesOnHome(page);
    expect(dates.length).toBeGreaterThan(0);
    for (const { iso, text } of dates) {
      const [y, m, d] = iso.split("-");
      expect(text).toBe(`${d}.${m}.${y}`);
    }
    await page.getByRole("button", { name: "Navigation öffnen" }).tap();
    const menu = page.getByRole("navigation", { name: "Hauptmenü" });
    await shows(menu.getByRole("link", { name: "Flaschen" }));
    await shows(page.getByRole("button", { name: "Abmelden" }));
    const switcher = page.locator("#mobile-navigation").getByLabel("Sprache");
    await shows(switcher);
    expect(await switcher.inputValue()).toBe("de");
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await cutOff(page)).toEqual([]);
    await shot(page, "languages-de-member-menu-phone-light");

    // The next page load comes from the server in German already (the language cookie).
    const response = await page.goto("/about");
    expect(await response?.text()).toMatch(/^<!doctype html>\s*<html lang="de"/i);
    await shows(
      page
        .getByRole("main")
        .getByText(/12\s\$/)
        .first(),
    );
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, "languages-de-about-phone-light");
  });

  it("a member who chose German: a form refused before it is sent says why in German", async () => {
    await club.apiOk("PUT", "/api/Account/Language", { language: "de" }, member.accessToken);
    const bottles = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Bottles/AllBottlesList");
    const bottleId = bottles.find((b) => b.name === "Buffalo Trace")!.id;
    const page = await open({ viewport: PHONE, mobile: true, as: member, theme: "light" });
    await visit(page, `/bottle/${bottleId}`);
    await shows(page.getByRole("button", { name: "Navigation öffnen" }));
    // The bottle's ABV, typed out of range: the shared rule refuses it on the phone, in German.
    const facts = page.getByRole("main").locator("dl");
    await facts.getByRole("button", { name: "Alkoholgehalt bearbeiten" }).click();
    const abv = facts.getByRole("textbox", { name: "Alkoholgehalt" });
    await abv.fill("150");
    await abv.press("Enter");
    await shows(
      page.getByRole("alert").getByText("Der Alkoholgehalt muss eine Zahl zwischen 0 und 100 sein."),
    );
    await shot(page, "languages-de-refused-abv-phone-light");
  });

  it("a visitor whose browser asks for Japanese: the first page is rendered in Japanese, dates as 2027/02/12", async () => {
    const asked = await fetch(`${club.baseUrl}/`, {
      headers: { accept: "text/html", "accept-language": "ja-JP,ja;q=0.9,en;q=0.5" },
    });
    expect(asked.headers.get("vary")).toMatch(/accept-language/);
    expect(await asked.text()).toMatch(/<html lang="ja"/);
    const page = await open({ viewport: PHONE, mobile: true, theme: "dark" });
    // The browser's own languages (its Accept-Language header), as a Japanese phone's are.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.setUserAgentOverride", {
      userAgent: await page.evaluate(() => navigator.userAgent),
      acceptLanguage: "ja-JP,ja;q=0.9,en;q=0.5",
    });
    const response = await page.goto("/");
    const html = (await response?.text()) ?? "";
    expect(html).toMatch(/<html lang="ja"/);
    // The server's markup itself is Japanese (the prerendered first page).
    expect(html).toContain("メニューを開く");
    await visit(page, "/");
    expect(await htmlLang(page)).toBe("ja");
    for (const { iso, text } of await datesOnHome(page)) expect(text).toBe(iso.replace(/-/g, "/"));
    await page.getByRole("button", { name: "メニューを開く" }).tap();
    await shows(page.getByRole("link", { name: "ログイン" }));
    await shows(page.getByRole("link", { name: "ボトル" }));
    // The footer's switcher, a visitor's.
    expect(await page.getByLabel("言語").inputValue()).toBe("ja");
    // A font with the glyphs: the heading's and the menu's Japanese text is drawn, not boxes.
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check("16px 'Noto Sans CJK JP'", "ボトル");
    });
    expect(fonts).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await cutOff(page)).toEqual([]);
    await shot(page, "languages-ja-visitor-phone-dark");
    // The page goes back to the pool: its languages as every other test's.
    await cdp.send("Network.setUserAgentOverride", {
      userAgent: await page.evaluate(() => navigator.userAgent),
      acceptLanguage: "en-US,en;q=0.9",
    });
    await cdp.detach();
  });

  it("the pseudo-locale from the footer: every frame text accented and longer, nothing cut off or sideways", async () => {
    const page = await open({ viewport: PHONE, mobile: true, theme: "light" });
    await visit(page, "/library");
    await page.getByLabel("Language").selectOption("en-XA");
    await shows(page.getByRole("button", { name: "[Öþéñ ñàṽîĝàţîöñ······]" }));
    expect(await htmlLang(page)).toBe("en-XA");
    await page.getByRole("button", { name: "[Öþéñ ñàṽîĝàţîöñ······]" }).tap();
    await shows(page.getByRole("link", { name: /^\[Ŀ?/ }).first());
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await cutOff(page)).toEqual([]);
    await shot(page, "languages-pseudo-visitor-phone-light");
    // Kept for this browser's next pages.
    const response = await page.goto("/library");
    expect(await response?.text()).toMatch(/<html lang="en-XA"/);
  });
});

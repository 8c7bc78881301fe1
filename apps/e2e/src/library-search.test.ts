import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { BottleListItem, LookupItem } from "@club/shared";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { closeInOrder } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { columnTexts, dialog, hides, onScreen, shows } from "./support/ui";

const EXTRA_BOURBONS = 60;

/**
 * The library searches, filters, sorts and pages on the server, with everything in the
 * URL; the navigation bar's search finds meetings and themes; Add New Bottle says "Did you mean"
 * before a duplicate is created. All on a 375 px phone.
 */
describe("library search (demo club plus 60 bourbons), on a phone", () => {
  let club: Club;
  let browser: Browser;
  let member: Member;
  let session: Session;
  let page: Page;
  const main = () => page.getByRole("main");
  const table = () => main().getByRole("table", { name: "Library bottles" });
  const pager = () => page.getByRole("navigation", { name: "Library pages" });
  const header = (label: string) => table().getByRole("columnheader", { name: label, exact: true });
  const searchBox = () => main().getByRole("searchbox", { name: "Search bottles" });

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    member = await club.tokensFor(DEMO_LOGIN.email);
    const types = await club.apiOk<LookupItem[]>("GET", "/api/DrinkTypes");
    const bourbon = types.find((t) => t.name === "Bourbon")!.id;
    for (let i = 1; i <= EXTRA_BOURBONS; i++) {
      await club.apiOk(
        "POST",
        "/api/Bottles/NewBottle",
        {
          name: `Search Bourbon ${String(i).padStart(2, "0")}`,
          storeLink: "",
          brandId: null,
          newBrand: "Search Distillers",
          drinkTypeId: bourbon,
          countryId: null,
          stateId: null,
          abv: 40 + (i % 30),
        },
        member.accessToken,
      );
    }
    session = await openSession(browser, club.baseUrl, { as: member, viewport: { width: 375, height: 812 } });
    page = session.page;
  });
  afterEach(screenshotOnFailure("library-search", () => page));
  afterAll(() => closeInOrder(session, browser, club));

  it("finds a misspelt bottle and keeps the search in the URL", async () => {
    await visit(page, "/library-bottles");
    await searchBox().fill("lagavlin");
    await expect.poll(() => columnTexts(table(), 1)).toEqual(["Lagavulin 16"]);
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("lagavlin");
    await searchBox().fill("bùnnahabhain whiskey");
    await shows(main().getByText(/^\d+ match(es)?$/));
    await searchBox().fill("");
    await expect.poll(() => new URL(page.url()).search).toBe("");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it("says a search of more than 12 words is too long, keeps the last one, and sends nothing refused", async () => {
    await visit(page, "/library-bottles");
    await searchBox().fill("lagavlin");
    await expect.poll(() => columnTexts(table(), 1)).toEqual(["Lagavulin 16"]);
    session.watch.reset();
    const thirteen = "lagavlin a b c d e f g h i j k l";
    await searchBox().fill(thirteen);
    await shows(main().getByText("Search for at most 12 words."));
    expect(await searchBox().getAttribute("aria-invalid")).toBe("true");
    expect(await columnTexts(table(), 1)).toEqual(["Lagavulin 16"]);
    expect(new URL(page.url()).searchParams.get("q")).toBe("lagavlin");
    // The club search says the same, and neither asked the server (which would refuse it: 400).
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const search = dialog(page, "Search the club");
    await search.getByRole("combobox").fill(thirteen);
    await shows(search.getByText("Search for at most 12 words."));
    await search.getByRole("combobox").press("Escape");
    await hides(search);
    const searches = session.watch.requests
      .map((r) => new URL(r.url()).pathname)
      .filter((path) => /^\/(trpc|api)\/.*search/i.test(path));
    expect(searches).toEqual([]);
    // A link with such a search opens the library unsearched, with the words beside the box.
    await visit(page, `/library-bottles?q=${encodeURIComponent(thirteen)}`);
    await shows(main().getByText("Search for at most 12 words."));
    await shows(main().getByText(/^Showing 1–50 of \d+ bottles$/));
    await searchBox().fill("");
    await hides(main().getByText("Search for at most 12 words."));
  });

  it("filters, sorts and pages; a reload restores all of it", async () => {
    // Exactly "Filters": the panel it opens has "Clear filters", which a part-name match also finds
    // once the panel's code has loaded (a race that failed CI once).
    const filters = main().getByRole("button", { name: "Filters", exact: true });
    await filters.click();
    expect(await filters.getAttribute("aria-expanded")).toBe("true");
    await main().getByRole("combobox", { name: "Type" }).selectOption({ label: "Bourbon" });
    await shows(main().getByRole("button", { name: "Filters (1)" }));
    const bourbons = await club.apiOk<{ total: number }>(
      "GET",
      `/api/Bottles/Search?type=${new URL(page.url()).searchParams.get("type")}`,
    );
    expect(bourbons.total).toBeGreaterThan(EXTRA_BOURBONS);
    await shows(main().getByText(`Showing 1–50 of ${bourbons.total} matches`));
    expect(new Set(await columnTexts(table(), 3))).toEqual(new Set(["Bourbon"]));

    // On a phone the column headers give way to one Sort select; the table's headers
    // still say how it is sorted.
    const sortSelect = main().getByRole("combobox", { name: "Sort", exact: true });
    await sortSelect.selectOption({ label: "ABV, lowest first" });
    await expect.poll(() => header("ABV").getAttribute("aria-sort")).toBe("ascending");
    await sortSelect.selectOption({ label: "ABV, highest first" });
    await expect.poll(() => header("ABV").getAttribute("aria-sort")).toBe("descending");
    const abvs = async () => (await columnTexts(table(), 6)).map((t) => Number.parseFloat(t));
    await expect.poll(async () => (await abvs())[0]).toBe(69);
    const firstPage = await abvs();
    expect([...firstPage].sort((a, b) => b - a)).toEqual(firstPage);

    await pager().scrollIntoViewIfNeeded();
    await pager().getByRole("button", { name: "Next page" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
    await shows(main().getByText(`Showing 51–${Math.min(100, bourbons.total)} of ${bourbons.total} matches`));
    const secondPage = await columnTexts(table(), 1);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ sort: "abv", dir: "desc", page: "2" });

    await page.reload();
    await onScreen(page, "Library Bottles");
    await expect.poll(() => columnTexts(table(), 1)).toEqual(secondPage);
    expect(await header("ABV").getAttribute("aria-sort")).toBe("descending");
    await shows(main().getByRole("button", { name: "Filters (1)" }));
    // The Type select shows its label once the types have loaded.
    await expect.poll(() => main().getByRole("combobox", { name: "Type" }).inputValue()).not.toBe("");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await main().getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("type")).toBeNull();
  });

  it("the navigation bar's search finds a meeting and a theme, by keyboard", async () => {
    await visit(page, "/about");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const search = dialog(page, "Search the club");
    const input = search.getByRole("combobox", { name: "Search bottles, meetings and themes" });
    await input.fill("around the world");
    const results = search.getByRole("listbox", { name: "Search results" });
    await shows(results.getByRole("option", { name: /Around the World.*hosted by/ }));
    await shows(results.getByRole("option", { name: /Around the World.*Theme idea/ }));
    // The meeting comes before the theme: arrow down to it from the first result, Enter opens it.
    const options = await results.getByRole("option").allInnerTexts();
    const meetingIndex = options.findIndex((text) => text.includes("hosted by"));
    for (let i = 0; i < meetingIndex; i++) await input.press("ArrowDown");
    await input.press("Enter");
    await page.waitForURL(/\/monthlymeeting\/\d+$/);
    await hides(search);

    await page.getByRole("button", { name: "Search", exact: true }).click();
    await shows(dialog(page, "Search the club"));
    const again = dialog(page, "Search the club");
    await again.getByRole("combobox").fill("around the world");
    await again.getByRole("option", { name: /Theme idea/ }).click();
    await page.waitForURL(/\/theme-ideas$/);
  });

  it('says "Did you mean" while a new bottle\'s name is typed, before anything is created', async () => {
    const before = (await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList")).length;
    await visit(page, "/library-bottles");
    await main().getByRole("button", { name: "Add New Bottle" }).click();
    const add = dialog(page, "Add New Bottle");
    await add.getByRole("textbox", { name: "Name" }).fill("Lagavlin 16");
    const hint = add.getByRole("status", { name: "Similar bottles" });
    await shows(hint);
    await shows(hint.getByText("Did you mean one of these?"));
    await shows(hint.getByRole("link", { name: "Lagavulin 16" }));
    expect((await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList")).length).toBe(before);
    await hint.getByRole("link", { name: "Lagavulin 16" }).click();
    await onScreen(page, "Lagavulin 16");
    expectNoPageErrors(session.watch, "library search");
  });
});

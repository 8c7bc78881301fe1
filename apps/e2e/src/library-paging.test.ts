import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { BottleListItem } from "@club/shared";
import { seriousViolations } from "./support/axe";
import {
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { closeInOrder } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { columnTexts, dialog, hides, onScreen, shows, toast } from "./support/ui";

/** Must match PAGE_SIZE in apps/web/src/screens/LibraryBottles/libraryView.ts. */
const PAGE_SIZE = 50;
const EXTRA_BOTTLES = 101;

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
const byName = (a: BottleListItem, b: BottleListItem) => collator.compare(a.name, b.name) || a.id - b.id;
/** The library's ABV order: numeric, ties by name. */
const byAbv = (direction: 1 | -1) => (a: BottleListItem, b: BottleListItem) =>
  (a.abv - b.abv) * direction || byName(a, b);

/**
 * The library shows 50 bottles a page. Sorting and searching apply to the whole library,
 * not to the page on view; the view survives a visit to a bottle and Back; the paging controls
 * work on a 375 px phone; a toast no longer covers the Logout button.
 */
describe("library paging (demo club plus 101 bottles)", () => {
  let club: Club;
  let browser: Browser;
  let member: Member;
  let bottles: BottleListItem[];
  let session: Session;
  let page: Page;

  const main = () => page.getByRole("main");
  const table = () => main().getByRole("table", { name: "Library bottles" });
  const pager = () => page.getByRole("navigation", { name: "Library pages" });
  const header = (label: string) => table().getByRole("columnheader", { name: label, exact: true });
  const pages = () => Math.ceil(bottles.length / PAGE_SIZE);

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    member = await club.tokensFor(DEMO_LOGIN.email);
    for (let i = 1; i <= EXTRA_BOTTLES; i++) {
      await club.apiOk(
        "POST",
        "/api/Bottles/NewBottle",
        {
          name: `Paging Test ${String(i).padStart(3, "0")}`,
          storeLink: "",
          brandId: null,
          newBrand: "Paging Distillers",
          drinkTypeId: null,
          countryId: null,
          stateId: null,
          // 40.0 .. 65.0, with ties, so the tie-break by name shows.
          abv: 40 + (i % 51) / 2,
        },
        member.accessToken,
      );
    }
    bottles = await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList");
    expect(bottles.length).toBeGreaterThan(2 * PAGE_SIZE);
    session = await openSession(browser, club.baseUrl);
    page = session.page;
  });

  afterEach(screenshotOnFailure("paging", () => page));

  afterAll(() => closeInOrder(session, browser, club));

  it("shows the first 50 bottles by name and pages through the rest", async () => {
    await visit(page, "/library-bottles");
    const names = [...bottles].sort(byName).map((b) => b.name);
    expect(await columnTexts(table(), 1)).toEqual(names.slice(0, PAGE_SIZE));
    await shows(main().getByText(`Showing 1–50 of ${bottles.length} bottles`));
    expect(await pager().getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    expect(await pager().getByRole("button", { name: "Previous page" }).isDisabled()).toBe(true);

    await pager().getByRole("button", { name: "Next page" }).click();
    await expect.poll(() => columnTexts(table(), 1)).toEqual(names.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    expect(await pager().getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");

    await pager().getByRole("button", { name: "Last page" }).click();
    await expect.poll(() => columnTexts(table(), 1)).toEqual(names.slice((pages() - 1) * PAGE_SIZE));
    expect(await pager().getByRole("button", { name: "Next page" }).isDisabled()).toBe(true);
    await shows(
      main().getByText(
        `Showing ${(pages() - 1) * PAGE_SIZE + 1}–${bottles.length} of ${bottles.length} bottles`,
      ),
    );
  });

  it("sorts the whole library, not the page on view, and starts again at page 1", async () => {
    // On the last page, sort by ABV: page 1 must now hold the 50 lowest ABVs of the whole library.
    await header("ABV").getByRole("button").click();
    expect(await header("ABV").getAttribute("aria-sort")).toBe("ascending");
    const ascending = [...bottles].sort(byAbv(1)).map((b) => b.name);
    await expect.poll(() => columnTexts(table(), 1)).toEqual(ascending.slice(0, PAGE_SIZE));
    expect(await pager().getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");

    await header("ABV").getByRole("button").click();
    expect(await header("ABV").getAttribute("aria-sort")).toBe("descending");
    const descending = [...bottles].sort(byAbv(-1)).map((b) => b.name);
    await expect.poll(() => columnTexts(table(), 1)).toEqual(descending.slice(0, PAGE_SIZE));
    await pager()
      .getByRole("button", { name: `Page ${pages()}` })
      .click();
    await expect.poll(() => columnTexts(table(), 1)).toEqual(descending.slice((pages() - 1) * PAGE_SIZE));
  });

  it("keeps sort and page in the URL: Back from a bottle returns to the same page", async () => {
    await pager().getByRole("button", { name: "Page 2" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?sort=abv&dir=desc&page=2");
    const descending = [...bottles].sort(byAbv(-1));
    const target = descending[PAGE_SIZE]!;
    await table().getByRole("link", { name: target.name, exact: true }).click();
    await page.waitForURL(`**/bottle/${target.id}`);
    await onScreen(page, target.name);

    await page.goBack();
    await onScreen(page, "Library Bottles");
    expect(await header("ABV").getAttribute("aria-sort")).toBe("descending");
    expect(await pager().getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    expect((await columnTexts(table(), 1))[0]).toBe(target.name);

    // The Library Bottles link starts afresh: name ascending, page 1.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Library Bottles" })
      .click();
    await expect.poll(() => header("Name").getAttribute("aria-sort")).toBe("ascending");
    expect(await pager().getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    expect(new URL(page.url()).search).toBe("");
  });

  it("searches the whole library and pages the matches", async () => {
    await visit(page, "/library-bottles?page=3");
    const search = main().getByRole("searchbox", { name: "Search bottles" });
    await search.fill("paging test");
    // The server searches: 101 matches, three pages, back to page 1, best match first.
    await shows(main().getByText("Showing 1–50 of 101 matches"));
    const names = await columnTexts(table(), 1);
    expect(names).toHaveLength(PAGE_SIZE);
    expect(names[0]).toBe("Paging Test 001");
    expect(await pager().getByRole("button", { name: "Page 3" }).count()).toBe(1);
    expect(await pager().getByRole("button", { name: "Page 4" }).count()).toBe(0);
    await search.fill("Paging Test 101");
    await expect.poll(() => columnTexts(table(), 1)).toEqual(["Paging Test 101"]);
    expect(await pager().count()).toBe(0);
    await search.fill("xyzzy plugh");
    await shows(main().getByText("No bottles match your search."));
    await search.fill("");
    await expect.poll(() => columnTexts(table(), 1).then((n) => n.length)).toBe(PAGE_SIZE);
  });

  it("has no serious accessibility violations with the paging controls, dark and light", async () => {
    for (const scheme of ["dark", "light"] as const) {
      const s = await openSession(browser, club.baseUrl, { theme: scheme, colorScheme: scheme });
      try {
        await visit(s.page, "/library-bottles?page=2");
        await shows(s.page.getByRole("navigation", { name: "Library pages" }));
        const violations = await seriousViolations(s.page);
        expect(violations, `${scheme}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
        expectNoCspViolations(s.watch, `/library-bottles (${scheme})`);
      } finally {
        await s.close();
      }
    }
  });

  it("pages on a 375 px phone: the controls fit, the page does not scroll sideways", async () => {
    const s = await openSession(browser, club.baseUrl, { viewport: { width: 375, height: 812 } });
    try {
      await visit(s.page, "/library-bottles");
      const phonePager = s.page.getByRole("navigation", { name: "Library pages" });
      await phonePager.scrollIntoViewIfNeeded();
      await shows(phonePager.getByText(`Page 1 of ${pages()}`));
      const box = (await phonePager.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      for (const name of ["First page", "Previous page", "Next page", "Last page"]) {
        const control = (await phonePager.getByRole("button", { name }).boundingBox())!;
        expect(control.x + control.width, name).toBeLessThanOrEqual(375);
        expect(control.height, `${name} is a usable touch target`).toBeGreaterThanOrEqual(24);
      }
      await phonePager.getByRole("button", { name: "Next page" }).click();
      await shows(phonePager.getByText(`Page 2 of ${pages()}`));
      const names = [...bottles].sort(byName).map((b) => b.name);
      const phoneTable = s.page.getByRole("main").getByRole("table", { name: "Library bottles" });
      await expect.poll(() => columnTexts(phoneTable, 1)).toEqual(names.slice(PAGE_SIZE, 2 * PAGE_SIZE));
      // The new page starts at its first row, not at the bottom where the button was.
      const top = (await phoneTable.boundingBox())!.y;
      expect(top).toBeLessThan(812);
      expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expectNoPageErrors(s.watch, "the phone");
    } finally {
      await s.close();
    }
  });

  it("shows a member's toast at the top, below the header: clear of the Logout button and of the forms' buttons", async () => {
    const s = await openSession(browser, club.baseUrl, { as: member });
    try {
      await visit(s.page, "/library-bottles?page=2");
      const row = s.page.getByRole("main").getByRole("row").nth(3);
      const name = (await row.getByRole("link").innerText()).trim();
      await row.getByRole("button", { name: "Add Comment" }).click();
      const add = dialog(s.page, `Add Comment on ${name}`);
      await add.getByRole("textbox", { name: "Comment" }).fill("Tried it on page two.");
      await add.getByRole("button", { name: "Submit" }).click();
      await hides(add);
      const note = toast(s.page, "Comment added.");
      await shows(note);
      // Below the fixed 64 px header, in the top half (forms put their submit buttons at the bottom):
      // once it has come to rest (a loaded machine can catch it while it slides in from the top).
      await expect.poll(async () => (await note.first().boundingBox())?.y).toBeGreaterThanOrEqual(64);
      const box = (await note.first().boundingBox())!;
      const viewport = s.page.viewportSize()!;
      expect(box.y + box.height / 2).toBeLessThan(viewport.height / 2);
      const logout = (await s.page.getByRole("button", { name: "Logout" }).boundingBox())!;
      const overlaps =
        box.x < logout.x + logout.width &&
        logout.x < box.x + box.width &&
        box.y < logout.y + logout.height &&
        logout.y < box.y + box.height;
      expect(overlaps).toBe(false);
    } finally {
      await s.close();
    }
  });

  it("threw no uncaught errors and kept to the Content-Security-Policy", () => {
    expectNoPageErrors(session.watch, "library paging");
    expectNoCspViolations(session.watch, "library paging");
  });
});

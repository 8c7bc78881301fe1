import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { closeInOrder, expectNoSidewaysScroll, PHONE } from "./support/harness";
import { startClub, type Club, type Member } from "./support/server";
import { dialog, hides, onScreen, shows, toast } from "./support/ui";

interface ShelfItem {
  name: string;
  instanceId: number;
  fillLevelPct: number;
  levelSource: string;
  costPerPour: number;
}

/**
 * The cellar on a phone: a member opens a purchase from the bottle page (and undoes it
 * from the toast), sees what a pour costs, sets the fill level by hand, and finds the bottle first
 * on the Shelf, the emptiest first.
 */
describe("the cellar (375 px phone)", () => {
  let club: Club;
  let browser: Browser;
  let session: Session;
  let page: Page;
  let ann: Member;
  let talisker = 0;

  const main = () => page.getByRole("main");
  const purchaseRow = () => main().locator("tbody tr").first();
  const shelf = () => club.apiOk<ShelfItem[]>("GET", "/api/Shelf");

  beforeAll(async () => {
    club = await startClub({ demoData: false });
    ann = await club.member({ email: "ann@example.com", firstName: "Ann", lastName: "Lee" });
    const as = ann.accessToken;
    talisker = (
      await club.apiOk<{ id: number }>(
        "POST",
        "/api/Bottles/NewBottle",
        { name: "Talisker 10", abv: 45.8 },
        as,
      )
    ).id;
    await club.apiOk(
      "POST",
      "/api/BottleInstances/new",
      { bottleId: talisker, datePurchased: "2025-10-01", purchasePrice: 70 },
      as,
    );
    // Another open bottle, measured at 80 %: the Shelf must list Talisker before it once it is at 30 %.
    const oban = await club.apiOk<{ id: number }>(
      "POST",
      "/api/Bottles/NewBottle",
      { name: "Oban 14", abv: 43, sizeMl: 750 },
      as,
    );
    const obanPurchase = await club.apiOk<{ id: number }>(
      "POST",
      "/api/BottleInstances/new",
      { bottleId: oban.id, datePurchased: "2025-09-01", purchasePrice: 90 },
      as,
    );
    await club.apiOk("PUT", `/api/BottleInstances/${obanPurchase.id}/Open`, { openedDate: "2025-09-12" }, as);
    await club.apiOk("PUT", `/api/BottleInstances/${obanPurchase.id}/Level`, { levelPct: 80 }, as);

    browser = await launchChromium();
    session = await openSession(browser, club.baseUrl, { as: ann, viewport: PHONE });
    page = session.page;
  });

  afterEach(screenshotOnFailure("cellar", () => page));

  afterAll(() => closeInOrder(session, browser, club));

  it("offers a Size (ml) of 700 in Add New Bottle", async () => {
    await visit(page, "/library-bottles");
    await main().getByRole("button", { name: "Add New Bottle" }).click();
    const add = dialog(page, "Add New Bottle");
    expect(await add.getByRole("textbox", { name: "Size (ml)" }).inputValue()).toBe("700");
    await add.getByRole("button", { name: "Cancel" }).click();
    await hides(add);
  });

  it("opens a sealed purchase, shows its cost per pour, and the toast's Undo seals it again", async () => {
    await visit(page, `/bottle/${talisker}`);
    await onScreen(page, "Talisker 10");
    // $70 for 700 ml: 28 pours of 25 ml.
    await shows(purchaseRow().getByText("$2.50", { exact: true }));
    // Not finished yet, and sealed: its Opened column offers to open it.
    await shows(purchaseRow().getByText("Not yet", { exact: true }));
    await purchaseRow().getByRole("button", { name: "Open it" }).click();
    const open = dialog(page, "Open Bottle");
    expect(await open.getByLabel("Date opened").inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await open.getByRole("button", { name: "Open it" }).click();
    await hides(open);
    await hides(purchaseRow().getByRole("button", { name: "Open it" }));
    await shows(purchaseRow().locator("time").nth(1));
    const bar = main().getByRole("progressbar", { name: "Fill level of Talisker 10" });
    await shows(bar);
    expect(await bar.getAttribute("aria-valuenow")).toBe("100");
    expect((await shelf()).map((s) => s.name)).toEqual(["Oban 14", "Talisker 10"]);
    await expectNoSidewaysScroll(page);

    await toast(page, "Bottle opened.").getByRole("button", { name: "Undo" }).click();
    await shows(toast(page, "Undone"));
    await shows(purchaseRow().getByRole("button", { name: "Open it" }));
    expect((await shelf()).map((s) => s.name)).toEqual(["Oban 14"]);
  });

  it("sets the level by hand after opening it again", async () => {
    await purchaseRow().getByRole("button", { name: "Open it" }).click();
    const open = dialog(page, "Open Bottle");
    await open.getByRole("button", { name: "Open it" }).click();
    await hides(open);
    await purchaseRow().getByRole("button", { name: "Set level" }).click();
    const level = dialog(page, "Set Level");
    await level.getByRole("textbox", { name: "Fill level (%)" }).fill("30");
    await level.getByRole("button", { name: "Save level" }).click();
    await hides(level);
    await shows(toast(page, "Fill level saved."));
    const bar = main().getByRole("progressbar", { name: "Fill level of Talisker 10" });
    await expect.poll(() => bar.getAttribute("aria-valuenow")).toBe("30");
    await shows(purchaseRow().getByText("measured", { exact: true }));
    await expectNoSidewaysScroll(page);
  });

  it("lists it first on the Shelf, reached from the navigation, lowest fill first", async () => {
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("link", { name: "Shelf", exact: true }).first().click();
    await onScreen(page, "Shelf");
    const links = main().locator("tbody tr td:first-child a");
    await expect.poll(() => links.allInnerTexts()).toEqual(["Talisker 10", "Oban 14"]);
    const first = main().locator("tbody tr").first();
    await shows(first.getByRole("progressbar", { name: "Fill level of Talisker 10" }));
    await shows(first.getByText("$2.50", { exact: true }));
    // Oban: $90 for 750 ml is $3.00 a pour.
    await shows(main().locator("tbody tr").nth(1).getByText("$3.00", { exact: true }));
    await expectNoSidewaysScroll(page);
    const items = await shelf();
    expect(items.map((s) => [s.name, s.fillLevelPct, s.levelSource])).toEqual([
      ["Talisker 10", 30, "reading"],
      ["Oban 14", 80, "reading"],
    ]);
    await links.first().click();
    await onScreen(page, "Talisker 10");
    expectNoPageErrors(session.watch, "the cellar");
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { seriousViolations } from "./support/axe";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { PHONE } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { ServerMessages } from "@club/shared";
import { chooseOption, dialog, onScreen, selectBox, shows } from "./support/ui";

/** A spreadsheet with its own headers: "Strength %" is not guessed, the member maps it. */
const CSV = [
  "Bottle,Distillery,Style,Strength %,Cost",
  "Import Test Alpha,Alpha Distillers,Bourbon,45.5,29.99",
  "Import Test Beta,Beta Co,Moonshine,40,",
  "Import Test Gamma,Gamma Co,Bourbon,150,",
  "Import Test Delta,Delta Co,Rye Whiskey,50,",
].join("\r\n");

/**
 * A member imports a CSV of bottles on a 375 px phone: maps the columns, sees each
 * row's problems before anything is written, imports the good rows and finds them in the library.
 */
describe("import and export on a phone", () => {
  let club: Club;
  let browser: Browser;
  let member: Member;
  let session: Session;
  let page: Page;
  let dir: string;

  const main = () => page.getByRole("main");
  const noSidewaysScroll = () =>
    page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    member = await club.tokensFor(DEMO_LOGIN.email);
    session = await openSession(browser, club.baseUrl, { as: member, viewport: PHONE });
    page = session.page;
    dir = mkdtempSync(join(tmpdir(), "import-e2e-"));
    writeFileSync(join(dir, "my-bottles.csv"), CSV);
  });

  afterEach(screenshotOnFailure("import-export", () => page));

  afterAll(async () => {
    await session?.close();
    await browser?.close();
    await club?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("maps the columns, shows each row's problems, imports the good rows into the library", async () => {
    await visit(page, "/library-bottles");
    await onScreen(page, "Library Bottles");
    const exportLink = main().getByRole("link", { name: "Export library (CSV)" });
    await shows(exportLink);
    expect(await exportLink.getAttribute("href")).toBe("/api/Bottles/Export");
    await main().getByRole("link", { name: "Import bottles" }).click();
    await onScreen(page, "Import bottles");

    await main().locator('input[type="file"]').setInputFiles(join(dir, "my-bottles.csv"));
    // Guessed from the headers; ABV is left for the member.
    await expect.poll(() => selectBox(main(), "Name").inputValue()).toBe("Bottle");
    expect(await selectBox(main(), "Brand").inputValue()).toBe("Distillery");
    expect(await selectBox(main(), "Type").inputValue()).toBe("Style");
    expect(await selectBox(main(), "Price").inputValue()).toBe("Cost");
    expect(await selectBox(main(), "ABV").inputValue()).toBe("");
    const preview = main().getByRole("button", { name: "Preview" });
    expect(await preview.isDisabled()).toBe(true);
    await chooseOption(main(), page, "ABV", "Strength %");
    await preview.click();

    const table = main().getByRole("table", { name: "Import preview, one row of the file each" });
    await shows(table);
    const row = (name: string) => table.getByRole("row").filter({ hasText: name });
    await shows(row("Import Test Beta").getByText('Unknown type "Moonshine".'));
    await shows(row("Import Test Gamma").getByText("ABV must be a number between 0 and 100."));
    await shows(row("Import Test Alpha").getByText("New"));
    await shows(main().getByRole("status").filter({ hasText: "2 to create" }));
    expect(await noSidewaysScroll(), "the preview at 375 px").toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing is written by the preview.
    const before = await club.apiOk<{ name: string }[]>("GET", "/api/Bottles/AllBottlesList");
    expect(before.some((b) => b.name.startsWith("Import Test"))).toBe(false);

    const importButton = main().getByRole("button", { name: "Import 2 bottles" });
    expect((await importButton.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await importButton.click();
    await shows(main().getByRole("status").filter({ hasText: "Imported 2 bottles." }));
    const after = await club.apiOk<{ name: string }[]>("GET", "/api/Bottles/AllBottlesList");
    expect(after.filter((b) => b.name.startsWith("Import Test")).map((b) => b.name)).toEqual([
      "Import Test Alpha",
      "Import Test Delta",
    ]);

    await main().getByRole("link", { name: "See the library" }).click();
    await onScreen(page, "Library Bottles");
    await main().getByRole("searchbox", { name: "Search bottles" }).fill("Import Test");
    const library = main().getByRole("table", { name: "Library bottles" });
    await shows(library.getByRole("link", { name: "Import Test Alpha" }));
    await shows(library.getByRole("link", { name: "Import Test Delta" }));
    expectNoPageErrors(session.watch, "import");
  });

  it("a European file: the preview shows the formats it read, a change is read again, never a different number", async () => {
    writeFileSync(
      join(dir, "european.csv"),
      "Name;ABV;Price;Bought;Age\r\nImport Euro Malt;57,1 %;1.250,00;31.12.2025;12\r\nImport Euro Dram;40;79,90 €;05.04.2025;8\r\n",
    );
    await visit(page, "/import");
    await onScreen(page, "Import bottles");
    await main().locator('input[type="file"]').setInputFiles(join(dir, "european.csv"));
    await expect.poll(() => selectBox(main(), "Name").inputValue()).toBe("Name");
    // The delimiter as read from the file, the member's to change: the columns are read again.
    expect(await selectBox(main(), "Columns separated by").inputValue()).toBe("Semicolon (;)");
    await chooseOption(main(), page, "Columns separated by", "Comma (,)");
    await shows(main().getByText("As read from the file: 1 column.", { exact: false }));
    await chooseOption(main(), page, "Columns separated by", "Semicolon (;)");
    await shows(main().getByText("As read from the file: 5 columns.", { exact: false }));
    await expect.poll(() => selectBox(main(), "Name").inputValue()).toBe("Name");
    expect(await selectBox(main(), "Price").inputValue()).toBe("Price");
    expect(await selectBox(main(), "Date purchased").inputValue()).toBe("Bought");
    await main().getByRole("button", { name: "Preview" }).click();
    const table = main().getByRole("table", { name: "Import preview, one row of the file each" });
    await shows(table.getByText("New"));
    // Detected from the file, shown to confirm; the unmapped column is named.
    expect(await selectBox(main(), "Decimal mark").inputValue()).toBe("Comma (79,90)");
    expect(await selectBox(main(), "Thousands separator").inputValue()).toBe("Point (1.250)");
    expect(await selectBox(main(), "Dates").inputValue()).toBe("Day.month.year (31.12.2025, 31/12/2025)");
    await shows(main().getByText("Left out (mapped to nothing): Age."));
    // A price in euros is its row's problem, never read as dollars.
    await shows(
      table.getByText('Price "79,90 €" is in €: the library keeps prices in dollars.', { exact: false }),
    );
    // Read with a decimal point instead: each cell is a problem naming it, nothing is guessed.
    await chooseOption(main(), page, "Decimal mark", "Point (79.90)");
    await shows(table.getByText('Price "1.250,00" is not a number in the chosen format', { exact: false }));
    expect(await selectBox(main(), "Thousands separator").inputValue()).toBe("Comma (1,250)");
    expect(await noSidewaysScroll(), "the formats at 375 px").toBe(true);
    await chooseOption(main(), page, "Decimal mark", "Comma (79,90)");
    await chooseOption(main(), page, "Thousands separator", "Point (1.250)");
    const importButton = main().getByRole("button", { name: "Import 1 bottle" });
    await shows(importButton);
    await importButton.click();
    await shows(main().getByRole("status").filter({ hasText: "Imported 1 bottle." }));
    const library = await club.apiOk<{ id: number; name: string; abv: number }[]>(
      "GET",
      "/api/Bottles/AllBottlesList",
    );
    const malt = library.find((b) => b.name === "Import Euro Malt")!;
    expect(malt.abv).toBe(57.1);
    const detail = await club.apiOk<{ bottleInstances: { purchasePrice: number; datePurchased: string }[] }>(
      "GET",
      `/api/Bottles/${malt.id}`,
    );
    expect(detail.bottleInstances).toMatchObject([{ purchasePrice: 1250, datePurchased: "2025-12-31" }]);
    expectNoPageErrors(session.watch, "import formats");
  });

  it("the library export downloads a CSV with the imported bottles", async () => {
    await visit(page, "/library-bottles");
    await onScreen(page, "Library Bottles");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main().getByRole("link", { name: "Export library (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bottles-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await download.path(), "utf8");
    // UTF-8 with a byte order mark, so Excel reads accents right.
    expect(text.startsWith("\uFEFFId,Name,")).toBe(true);
    expect(text).toContain("Import Test Alpha,Alpha Distillers,Bourbon,");
    expect(text).toContain("29.99");
  });

  it("while a club restore runs, a change is refused in the server's words, and goes through after it", async () => {
    // The server's maintenance, held open as a restore holds it (POST /api/Club/Import).
    let finish!: () => void;
    const restoring = club.app.deps.maintenance.during(
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    try {
      await visit(page, "/theme-ideas");
      await onScreen(page, "Monthly Themes");
      await main().getByRole("button", { name: "Add New Theme" }).click();
      const add = dialog(page, "Add New Theme");
      await shows(add);
      await add.getByRole("textbox", { name: "Theme name" }).fill("Paused Peat");
      await add.getByRole("button", { name: "Submit" }).click();
      const alert = add.getByRole("alert");
      await shows(alert.filter({ hasText: "Failed to add theme." }));
      await shows(alert.filter({ hasText: ServerMessages.restoring }));
      // Reads go on: the list is still there behind the dialog.
      expect(await club.api("GET", "/api/MonthlyThemes/WithLastDate")).toMatchObject({ status: 200 });
    } finally {
      finish();
      await restoring;
    }
    await dialog(page, "Add New Theme").getByRole("button", { name: "Submit" }).click();
    await shows(main().getByRole("cell", { name: "Paused Peat" }));
  });

  it("an admin exports the whole club as JSON and restores it, which logs everyone out", async () => {
    await visit(page, "/members");
    await onScreen(page, "Members");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main().getByRole("button", { name: "Export the whole club (JSON)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^club-\d{4}-\d{2}-\d{2}\.json$/);
    const file = join(dir, "club.json");
    await download.saveAs(file);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
      format: "whiskey-club-export",
      version: 1,
    });

    // A bottle added after the export is gone once the club is restored from it.
    await club.apiOk(
      "POST",
      "/api/Bottles/NewBottle",
      {
        name: "After The Export",
        abv: 40,
        storeLink: "",
        brandId: null,
        newBrand: "",
        drinkTypeId: null,
        countryId: null,
        stateId: null,
      },
      member.accessToken,
    );
    const restore = main().getByRole("button", { name: "Restore the club from the file" });
    await main().locator('input[type="file"]').setInputFiles(file);
    expect(await restore.isDisabled()).toBe(true);
    await main().getByRole("textbox", { name: "Type REPLACE to confirm" }).fill("REPLACE");
    await restore.click();
    await onScreen(page, "Login");
    const names = (await club.apiOk<{ name: string }[]>("GET", "/api/Bottles/AllBottlesList")).map(
      (b) => b.name,
    );
    expect(names).toContain("Import Test Alpha");
    expect(names).not.toContain("After The Export");
  });
});

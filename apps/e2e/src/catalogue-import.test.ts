import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { BottleDetail, BottleOption } from "@club/shared";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { closeInOrder, expectNoSidewaysScroll, PHONE } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club } from "./support/server";
import { chooseOption, onScreen, selectBox, shows } from "./support/ui";

/** The server's sample file in the shape of CellarTracker's export (no ABV column). */
const CELLARTRACKER = fileURLToPath(
  new URL("../../server/src/features/transfer/samples/cellartracker.csv", import.meta.url),
);

/**
 * A club moving in from CellarTracker, on a 375 px phone: the export is recognised, each row is
 * matched to the library by name for the member to confirm or change, the review asks for the ABV
 * the export lacks, and the purchases come along.
 */
describe("a CellarTracker export imported with the review, on a phone", () => {
  let club: Club;
  let browser: Browser;
  let session: Session;
  let page: Page;
  const main = () => page.getByRole("main");

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    const member = await club.tokensFor(DEMO_LOGIN.email);
    session = await openSession(browser, club.baseUrl, { as: member, viewport: PHONE, mobile: true });
    page = session.page;
  });
  afterEach(screenshotOnFailure("catalogue-import", () => page));
  afterAll(() => closeInOrder(session, browser, club));

  it("confirms one suggested match, changes another to a new bottle with the missing ABV, and imports the new bottle and both purchases", async () => {
    const bottles = await club.apiOk<BottleOption[]>("GET", "/api/Bottles");
    const lagavulin = bottles.find((b) => b.name === "Lagavulin 16")!.id;
    const purchasesBefore = (await club.apiOk<BottleDetail>("GET", `/api/Bottles/${lagavulin}`))
      .bottleInstances.length;

    await visit(page, "/import");
    await onScreen(page, "Import bottles");
    await main().locator('input[type="file"]').setInputFiles(CELLARTRACKER);
    await shows(main().getByText("A CellarTracker export: its columns are matched below."));
    expect(await selectBox(main(), "Name").inputValue()).toBe("Wine");
    await main().getByRole("button", { name: "Preview" }).tap();

    const review = main().getByRole("group", { name: "Review the matches" });
    await shows(review);
    const lagavulinRow = selectBox(review, "Row 2: Lagavulin 16 Year Old");
    expect(await lagavulinRow.inputValue()).toBe("Lagavulin 16");
    // The library's Springbank 10 is offered for the Springbank 10 Year Old: the member says it is
    // another bottle, a new one, and gives the ABV the export lacks.
    const springbankRow = "Row 3: Springbank 10 Year Old";
    expect(await selectBox(review, springbankRow).inputValue()).toBe("Springbank 10");
    await chooseOption(review, page, springbankRow, "A new bottle");
    await review.getByRole("textbox", { name: "ABV, row 3" }).fill("46");
    await expectNoSidewaysScroll(page, "the review");

    expect(
      await main()
        .getByRole("button", { name: /^Import / })
        .isDisabled(),
    ).toBe(true);
    await main().getByRole("button", { name: "Check the review" }).tap();
    await shows(
      main().getByRole("status").filter({ hasText: "1 to create, 1 purchases for bottles of the library" }),
    );
    await main().getByRole("button", { name: "Import 1 bottle and 1 purchase" }).tap();
    await shows(main().getByRole("status").filter({ hasText: "Imported 1 bottle." }));

    const after = await club.apiOk<BottleDetail>("GET", `/api/Bottles/${lagavulin}`);
    expect(after.bottleInstances).toHaveLength(purchasesBefore + 1);
    expect(
      after.bottleInstances.some((i) => i.datePurchased === "2025-10-04" && i.purchasePrice === 94.99),
    ).toBe(true);
    const springbank = (await club.apiOk<BottleOption[]>("GET", "/api/Bottles")).find(
      (b) => b.name === "Springbank 10 Year Old",
    )!;
    const detail = await club.apiOk<BottleDetail>("GET", `/api/Bottles/${springbank.id}`);
    expect(detail).toMatchObject({ abv: 46, sizeMl: 700, brand: "Springbank" });
    expect(detail.bottleInstances.map((i) => [i.datePurchased, i.purchasePrice])).toEqual([
      ["2025-11-02", 59.5],
    ]);
    expectNoPageErrors(session.watch, "the catalogue import");
  });
});

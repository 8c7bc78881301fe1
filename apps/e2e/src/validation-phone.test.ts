import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import {
  IMAGE_MAX_BYTES,
  Messages,
  ServerMessages,
  type BottleListItem,
  type MeetingListItem,
} from "@club/shared";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { seriousViolations } from "./support/axe";
import { fileOnDisk } from "./support/files";
import { makePng } from "./support/png";
import { closeInOrder, PHONE } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { chooseOption, dialog, hides, onScreen, selectBox, shows } from "./support/ui";

/**
 * Part C: the shared rules checked in the browser before anything is posted, regions that
 * follow the country, the image checks before an upload, the server's reason under the floor's
 * message, and tables that need no sideways scrolling on a 375 px phone.
 */
describe("validation in the browser and the phone layout", () => {
  let club: Club;
  let browser: Browser;
  let member: Member;
  let session: Session | undefined;
  let eagleRare: BottleListItem;
  let host: string;

  const main = (page: Page) => page.getByRole("main");
  /** The tRPC calls of this procedure the page made (batched or not). */
  const callsTo = (s: Session, procedure: string) =>
    s.watch.requests.filter((r) => {
      const url = new URL(r.url());
      return url.pathname.startsWith("/trpc/") && url.pathname.slice(6).split(",").includes(procedure);
    });
  const noSidewaysScroll = (page: Page) =>
    page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
  /** Visible and wholly inside the phone's width, and a usable tap target. */
  const onPhoneScreen = async (locator: Locator, what: string, tap = false) => {
    await shows(locator);
    const box = (await locator.first().boundingBox())!;
    expect(box.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what} ends on screen`).toBeLessThanOrEqual(PHONE.width);
    if (tap) expect(box.height, `${what} is a 40 px tap target`).toBeGreaterThanOrEqual(40);
  };

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    member = await club.tokensFor(DEMO_LOGIN.email);
    const bottles = await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList");
    eagleRare = bottles.find((b) => b.name === "Eagle Rare 10 Year")!;
    const meetings = await club.apiOk<MeetingListItem[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    host = meetings[0]!.host;
  });
  afterAll(() => closeInOrder(browser, club));
  afterEach(screenshotOnFailure("validation-phone", () => session?.page));
  afterEach(async () => {
    if (session) expectNoPageErrors(session.watch, "validation on a phone");
    await session?.close();
    session = undefined;
  });

  it("needs no sideways scrolling at 375 px: Home, Library, a bottle page, Theme ideas", async () => {
    session = await openSession(browser, club.baseUrl, { as: member, viewport: PHONE });
    const { page } = session;

    await visit(page, "/");
    await onScreen(page, "Monthly Meetings");
    expect(await noSidewaysScroll(page), "Home").toBe(true);
    const meetings = main(page).getByRole("table", { name: "Monthly meetings" });
    await onPhoneScreen(meetings.getByRole("cell", { name: host }).first(), "the host");

    await visit(page, "/library-bottles");
    await onScreen(page, "Library Bottles");
    expect(await noSidewaysScroll(page), "Library").toBe(true);
    const library = main(page).getByRole("table", { name: "Library bottles" });
    await onPhoneScreen(
      library.getByRole("button", { name: "View Comments" }).first(),
      "View Comments",
      true,
    );
    await onPhoneScreen(library.getByRole("button", { name: "Add Comment" }).first(), "Add Comment", true);
    // Sorting stays usable on a phone: one Sort control in place of the header chips.
    const sort = main(page).getByRole("combobox", { name: "Sort" });
    await onPhoneScreen(sort, "the Sort control", true);
    await sort.selectOption("abv:asc");
    await expect
      .poll(() => library.locator("th", { hasText: "ABV" }).getAttribute("aria-sort"))
      .toBe("ascending");

    await visit(page, `/bottle/${eagleRare.id}`);
    await onScreen(page, eagleRare.name);
    expect(await noSidewaysScroll(page), "a bottle page").toBe(true);
    const purchases = main(page).getByRole("table", { name: "Bottle instances" });
    await onPhoneScreen(purchases.getByRole("button", { name: "Bottle Finished" }), "Bottle Finished", true);
    await onPhoneScreen(purchases.getByText("$44.99"), "the price");

    await visit(page, "/theme-ideas");
    await onScreen(page, "Monthly Themes");
    expect(await noSidewaysScroll(page), "Theme ideas").toBe(true);
    const themes = main(page).getByRole("table", { name: "Monthly Themes" });
    await onPhoneScreen(themes.getByRole("row").nth(1), "a theme");
  });

  it("has no serious accessibility violations in the phone layout, dark and light", async () => {
    for (const theme of ["dark", "light"] as const) {
      session = await openSession(browser, club.baseUrl, { as: member, viewport: PHONE, theme });
      for (const path of ["/", "/library-bottles", `/bottle/${eagleRare.id}`, "/theme-ideas"]) {
        await visit(session.page, path);
        const violations = await seriousViolations(session.page);
        expect(violations, `${path} (${theme}): ${JSON.stringify(violations, null, 2)}`).toEqual([]);
      }
      await session.close();
      session = undefined;
    }
  });

  it("Add New Bottle: ABV 150 or -5 shows the floor's message, stays as typed and posts nothing", async () => {
    session = await openSession(browser, club.baseUrl, { as: member });
    const { page } = session;
    await visit(page, "/library-bottles");
    await main(page).getByRole("button", { name: "Add New Bottle" }).click();
    const d = dialog(page, "Add New Bottle");
    await d.getByRole("textbox", { name: "Name", exact: true }).fill("Over Proof");
    const abv = d.getByRole("textbox", { name: "ABV" });
    for (const typed of ["150", "-5"]) {
      await abv.fill(typed);
      await abv.blur();
      expect(await abv.inputValue(), "not clamped").toBe(`${typed}%`);
      await d.getByRole("button", { name: "Submit" }).click();
      await shows(d.getByText(Messages.abvRange, { exact: true }));
    }
    expect(callsTo(session, "bottles.create")).toEqual([]);

    await abv.fill("46");
    await d.getByRole("button", { name: "Submit" }).click();
    await hides(d);
    expect(callsTo(session, "bottles.create")).toHaveLength(1);
  });

  it("the State list follows the country, and typed text is picked or reported", async () => {
    session = await openSession(browser, club.baseUrl, { as: member });
    const { page } = session;
    await visit(page, "/library-bottles");
    await main(page).getByRole("button", { name: "Add New Bottle" }).click();
    const d = dialog(page, "Add New Bottle");
    const stateOptions = async () => {
      await selectBox(d, "State").click();
      const listbox = page.getByRole("listbox");
      await shows(listbox);
      const names = (await listbox.getByRole("option").allInnerTexts()).map((t) => t.trim());
      await page.keyboard.press("Escape");
      return names;
    };

    await chooseOption(d, page, "Country", "Scotland");
    const scottish = await stateOptions();
    expect(scottish).toEqual(expect.arrayContaining(["Islay", "Speyside", "Other"]));
    expect(scottish).not.toContain("Kentucky");

    await chooseOption(d, page, "State", "Islay");
    await chooseOption(d, page, "Country", "United States");
    await expect
      .poll(() => selectBox(d, "State").inputValue(), { message: "Islay does not fit the United States" })
      .toBe("");
    const american = await stateOptions();
    expect(american).toEqual(expect.arrayContaining(["Kentucky", "Other"]));
    expect(american).not.toContain("Islay");

    // Text that matches nothing says so instead of vanishing; a name typed in full is picked.
    const state = selectBox(d, "State");
    await state.fill("Islay");
    await state.press("Tab");
    await shows(d.getByText('No state or region "Islay" in the chosen country.'));
    await state.fill("kentucky");
    await state.press("Tab");
    await expect.poll(() => state.inputValue()).toBe("Kentucky");
    await hides(d.getByText('No state or region "Islay" in the chosen country.'));

    // On the bottle page the State editor offers the bottle's country's regions.
    await page.keyboard.press("Escape");
    await visit(page, `/bottle/${eagleRare.id}`);
    await main(page).getByRole("button", { name: "Edit State" }).click();
    await selectBox(main(page), "State").click();
    // The list opens, then fills: read it once its options are there.
    const listbox = page.getByRole("listbox");
    const options = async () => (await listbox.getByRole("option").allInnerTexts()).map((t) => t.trim());
    await expect.poll(options).toContain("Kentucky");
    expect(await options()).not.toContain("Islay");
  });

  it("a purchase priced $0 or less, or dated in the future, shows the message and posts nothing", async () => {
    session = await openSession(browser, club.baseUrl, { as: member });
    const { page } = session;
    await visit(page, `/bottle/${eagleRare.id}`);
    const price = main(page).getByRole("textbox", { name: "Purchase price" });
    const date = main(page).getByLabel("Date purchased");
    const add = main(page).getByRole("button", { name: "Add purchase" });
    const todayIso = await date.inputValue();
    expect(await date.getAttribute("max"), "the picker stops at today").toBe(todayIso);

    for (const typed of ["0", "-20"]) {
      await price.fill(typed);
      await price.blur();
      await add.click();
      await shows(main(page).getByText("The price must be more than $0.", { exact: true }));
    }
    await price.fill("25");
    const nextYear = `${Number(todayIso.slice(0, 4)) + 1}${todayIso.slice(4)}`;
    await date.fill(nextYear);
    await add.click();
    await shows(main(page).getByText("The date cannot be in the future.", { exact: true }));
    expect(callsTo(session, "instances.create")).toEqual([]);
  });

  it("refuses a non-image or an oversized file before any upload starts", async () => {
    session = await openSession(browser, club.baseUrl, { as: member });
    const { page } = session;
    await visit(page, `/bottle/${eagleRare.id}`);
    const input = main(page).locator('input[type="file"]');
    const upload = main(page).getByRole("button", { name: "Upload" });
    expect(await upload.isDisabled()).toBe(true);

    await input.setInputFiles(fileOnDisk("notes.pdf", "%PDF-1.4"));
    await shows(main(page).getByText(ServerMessages.imageUnsupported, { exact: true }));
    expect(await upload.isDisabled()).toBe(true);

    const huge = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    makePng(4, 4).copy(huge);
    await input.setInputFiles(fileOnDisk("huge.png", huge));
    await shows(main(page).getByText(ServerMessages.imageTooLarge, { exact: true }));
    expect(await upload.isDisabled()).toBe(true);

    await input.setInputFiles({ name: "bottle.png", mimeType: "image/png", buffer: makePng(40, 40) });
    await hides(main(page).getByText(ServerMessages.imageTooLarge, { exact: true }));
    expect(await upload.isEnabled()).toBe(true);
    expect(session.watch.requests.filter((r) => r.url().includes("/api/Bottles/UploadImage"))).toEqual([]);
  });

  it("shows the server's reason under the floor's message", async () => {
    const themes = await club.apiOk<{ name: string }[]>("GET", "/api/MonthlyThemes/WithLastDate");
    session = await openSession(browser, club.baseUrl, { as: member });
    const { page } = session;
    await visit(page, "/theme-ideas");
    await main(page).getByRole("button", { name: "Add New Theme" }).click();
    const d = dialog(page, "Add New Theme");
    await d.getByRole("textbox", { name: "Theme name" }).fill(themes[0]!.name);
    await d.getByRole("button", { name: "Submit" }).click();
    const alert = d.getByRole("alert").filter({ hasText: Messages.addTheme });
    await shows(alert);
    await shows(alert.getByText(ServerMessages.themeExists, { exact: true }));
  });
});

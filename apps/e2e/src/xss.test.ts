import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshot,
  visit,
  visitInApp,
  type Session,
} from "./support/browser";
import { closeInOrder } from "./support/harness";
import { startClub, type Club, type Member } from "./support/server";
import { dialog, hides, onScreen, selectBox, shows } from "./support/ui";

const IMG = "<img src=x onerror=window.__xss=1>";
const SCRIPT = "<script>window.__xss=1</script>";

/** Every text a member can write, holding HTML and script. */
const T = {
  theme: `Theme ${IMG}`,
  host: `Host ${SCRIPT}`,
  bottle: `Bottle ${IMG}`,
  bottle2: `${SCRIPT} Bottle`,
  brand: `Brand ${IMG}`,
  comment: `Comment ${IMG} and ${SCRIPT}`,
  firstName: `${IMG}`,
  lastName: `${SCRIPT}`,
};

/**
 * Names, brands, themes and comments holding HTML or script render as text everywhere.
 * The pages run with the CSP bypassed, so an injected handler or script WOULD run if the app ever
 * put the text into the DOM as markup; window.__xss must stay undefined and no injected element may
 * exist, while the text itself is visible literally. (The CSP itself is checked in a11y-csp.test.ts.)
 */
describe("XSS: user text renders as text", () => {
  let club: Club;
  let browser: Browser;
  let author: Member;
  let visitor: Session;
  let member: Session;
  let bottleId = 0;
  let bottle2Id = 0;
  let meetingId = 0;

  beforeAll(async () => {
    club = await startClub({ demoData: false });
    browser = await launchChromium();
    author = await club.member({ firstName: T.firstName, lastName: T.lastName });
    const token = author.accessToken;
    const theme = await club.apiOk<{ id: number }>(
      "POST",
      "/api/MonthlyThemes",
      { id: 0, description: T.theme },
      token,
    );
    const meeting = await club.apiOk<{ id: number }>(
      "POST",
      "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
      { date: "2026-03-13", hostName: T.host, themeId: theme.id },
      token,
    );
    meetingId = meeting.id;
    const bottle = await club.apiOk<{ id: number }>(
      "POST",
      "/api/Bottles/NewBottle",
      {
        name: T.bottle,
        storeLink: "https://shop.example.com/bottle?ref=club",
        brandId: null,
        newBrand: T.brand,
        drinkTypeId: null,
        countryId: null,
        stateId: null,
        abv: 40,
      },
      token,
    );
    bottleId = bottle.id;
    const bottle2 = await club.apiOk<{ id: number }>(
      "POST",
      "/api/Bottles/NewBottle",
      {
        name: T.bottle2,
        storeLink: "",
        brandId: null,
        newBrand: null,
        drinkTypeId: null,
        countryId: null,
        stateId: null,
        abv: 50,
      },
      token,
    );
    bottle2Id = bottle2.id;
    await club.apiOk("POST", "/api/MonthlyMeetings/AddBottleToMeeting", { meetingId, bottleId }, token);
    await club.apiOk("POST", "/api/BottleComments", { bottleId, comment: T.comment }, token);

    visitor = await openSession(browser, club.baseUrl, { bypassCSP: true });
    member = await openSession(browser, club.baseUrl, { bypassCSP: true, as: await club.member() });
  });

  afterAll(() => closeInOrder(visitor, member, browser, club));

  /** Nothing ran and nothing was injected; each text is on screen, literally. */
  async function expectInert(page: Page, where: string, texts: string[]) {
    for (const text of texts) {
      await shows(page.getByText(text, { exact: false })).catch(async (error: unknown) => {
        await screenshot(page, `xss ${where}`);
        throw new Error(`${where}: "${text}" is not shown literally (${String(error)})`);
      });
    }
    const state = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: unknown }).__xss,
      injectedImages: document.querySelectorAll('img[src="x"]').length,
      // Scripts that would run: not the JSON data block of a prerendered page, which carries the
      // names escaped (checked below).
      injectedScripts: [...document.querySelectorAll("script")].filter(
        (s) => s.type !== "application/json" && s.textContent?.includes("__xss"),
      ).length,
      handlers: [...document.querySelectorAll("[onerror]")].length,
    }));
    expect(state, where).toEqual({ xss: undefined, injectedImages: 0, injectedScripts: 0, handlers: 0 });
    const data = await page.evaluate(() => document.getElementById("club-page-data")?.textContent ?? null);
    if (data !== null) {
      expect(data, `${where}: the page's data block`).not.toMatch(/<\/?script|<!--|<img/i);
      // Every public page the server renders first carries its reads; the library's
      // first page of search.bottles brings the literal names back out of it.
      const { reads } = JSON.parse(data) as { reads: { procedure: string; data: unknown }[] };
      expect(reads.length, `${where}: the page's reads`).toBeGreaterThan(0);
      if (where === "/library-bottles") {
        const search = reads.find((r) => r.procedure === "search.bottles")?.data as {
          items: { name: string }[];
        };
        expect(search.items.map((b) => b.name)).toContain(T.bottle);
      }
    }
  }

  it("meetings list, meeting details and theme ideas", async () => {
    const { page } = visitor;
    await visit(page, "/");
    await expectInert(page, "/", [T.theme, T.host]);
    await visit(page, `/monthlymeeting/${meetingId}`);
    await expectInert(page, "meeting details", [T.theme, T.host, T.bottle]);
    await visit(page, "/theme-ideas");
    await expectInert(page, "/theme-ideas", [T.theme]);
  });

  it("library, View Comments dialog and sorting", async () => {
    const { page } = visitor;
    await visit(page, "/library-bottles");
    await expectInert(page, "/library-bottles", [T.bottle, T.bottle2, T.brand]);
    await page.getByRole("columnheader", { name: "Brand" }).getByRole("button").click();
    await expectInert(page, "/library-bottles sorted", [T.bottle, T.bottle2, T.brand]);
    const row = page.getByRole("row").filter({ hasText: T.bottle });
    await row.getByRole("button", { name: "View Comments" }).click();
    const d = dialog(page, `Comments on ${T.bottle}`);
    await shows(d);
    await expectInert(page, "View Comments dialog", [T.comment, `${T.firstName} ${T.lastName}`]);
    await page.keyboard.press("Escape");
    await hides(d);
  });

  it("bottle details: name, brand, comments with the author's name, title; store link opens safely", async () => {
    const { page } = visitor;
    await visit(page, `/bottle/${bottleId}`);
    await onScreen(page, T.bottle);
    await expectInert(page, "bottle details", [T.bottle, T.brand, T.comment, `${T.firstName} ${T.lastName}`]);
    expect(await page.title()).toContain(T.bottle);
    const store = page.getByRole("link", { name: /store link/i });
    expect(await store.getAttribute("href")).toBe("https://shop.example.com/bottle?ref=club");
    expect(await store.getAttribute("target")).toBe("_blank");
    expect((await store.getAttribute("rel"))?.split(/\s+/).sort()).toEqual(["noopener", "noreferrer"]);
    // Every link that opens a new tab is protected the same way.
    const unsafe = await page.evaluate(
      () =>
        [...document.querySelectorAll('a[target="_blank"]')].filter((a) => {
          const rel = (a.getAttribute("rel") ?? "").split(/\s+/);
          return !rel.includes("noopener") || !rel.includes("noreferrer");
        }).length,
    );
    expect(unsafe).toBe(0);
    await visitInApp(page, `/bottle/${bottle2Id}`);
    await onScreen(page, T.bottle2);
    await expectInert(page, "second bottle", [T.bottle2]);
  });

  it("rejects a javascript: store link (only http and https links are stored)", async () => {
    const res = await club.api(
      "POST",
      "/api/Bottles/NewBottle",
      {
        name: "Sneaky",
        storeLink: "javascript:window.__xss=1",
        brandId: null,
        newBrand: null,
        drinkTypeId: null,
        countryId: null,
        stateId: null,
        abv: 40,
      },
      author.accessToken,
    );
    expect(res.status).toBe(400);
  });

  // A member's screens after the first come through the app (a page load brings only its shell
  // again: the server renders first screens for visitors, whose checks above each load a page).
  it("member screens: select options and selected values in dialogs and editors", async () => {
    const { page } = member;
    await visit(page, "/");
    await page.getByRole("button", { name: "Add Meeting" }).click();
    const meeting = dialog(page, "Add Meeting");
    await selectBox(meeting, "Theme").click();
    await shows(page.getByRole("option", { name: T.theme }));
    await expectInert(page, "Add Meeting theme options", [T.theme]);
    await page.getByRole("option", { name: T.theme }).click();
    expect(await selectBox(meeting, "Theme").inputValue()).toBe(T.theme);
    await page.keyboard.press("Escape");
    await hides(meeting);

    await visitInApp(page, `/monthlymeeting/${meetingId}`);
    await page.getByRole("button", { name: "Add Bottle" }).click();
    const addBottle = dialog(page, "Add Bottle");
    await selectBox(addBottle, "Bottle").click();
    await shows(page.getByRole("option", { name: T.bottle2 }));
    await expectInert(page, "Add Bottle options", [T.bottle2]);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await hides(addBottle);

    await visitInApp(page, "/library-bottles");
    await page.getByRole("button", { name: "Add New Bottle" }).click();
    const newBottle = dialog(page, "Add New Bottle");
    await selectBox(newBottle, "Brand").click();
    await shows(page.getByRole("option", { name: T.brand }));
    await expectInert(page, "New Bottle brand options", [T.brand]);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await hides(newBottle);

    const row = page.getByRole("row").filter({ hasText: T.bottle });
    await row.getByRole("button", { name: "Add Comment" }).click();
    await shows(dialog(page, `Add Comment on ${T.bottle}`));
    await expectInert(page, "Add Comment dialog title", [`Add Comment on ${T.bottle}`]);
    await page.keyboard.press("Escape");

    await visitInApp(page, `/bottle/${bottleId}`);
    await onScreen(page, T.bottle);
    // The member's edit controls load as their own chunk; the brand's field shows its value once
    // the brand list is there, and the type's list is open.
    await page.getByRole("button", { name: "Edit Brand" }).click();
    await expect.poll(() => selectBox(page.getByRole("main"), "Brand").inputValue()).toBe(T.brand);
    await page.getByRole("main").getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Edit Type" }).click();
    await selectBox(page.getByRole("main"), "Type").click();
    await shows(page.getByRole("option", { name: "Bourbon" }));
    await expectInert(page, "bottle details as a member", [T.bottle, T.brand, T.comment]);
  });

  it("a comment typed into the form is shown as text", async () => {
    const { page } = member;
    await visitInApp(page, `/bottle/${bottle2Id}`);
    await onScreen(page, T.bottle2);
    const typed = `Typed ${SCRIPT} ${IMG} <b>bold?</b>`;
    await page.getByRole("textbox", { name: "Comment" }).fill(typed);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expectInert(page, "a typed comment", [typed]);
    expect(await page.locator("main b").count()).toBe(0);
  });

  it("threw no uncaught errors", () => {
    expectNoPageErrors(visitor.watch, "the visitor's XSS checks");
    expectNoPageErrors(member.watch, "the member's XSS checks");
  });
});

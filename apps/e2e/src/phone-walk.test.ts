import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import {
  Messages,
  ServerMessages,
  type BottleListItem,
  type MeetingDetail,
  type MeetingListItem,
} from "@club/shared";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
  type SessionOptions,
} from "./support/browser";
import { seriousViolations } from "./support/axe";
import { closeInOrder, DESKTOP, PHONE } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { dialog, hides, onScreen, shows, toast } from "./support/ui";
import { PwaTexts } from "@club/web/testing";

/**
 * A club member's walk through the app on a 375 px phone found stumbles outside the
 * meeting night. One test per stumble (and its siblings on other screens), at
 * 375 px in a phone's browser (touch, meta viewport), and on a desktop where it differs.
 */
describe("on a phone, every job without a stumble", () => {
  let club: Club;
  let browser: Browser;
  let admin: Member;
  let member: Member;
  let session: Session | undefined;
  let bottles: BottleListItem[];
  let meetings: MeetingListItem[];

  const main = (page: Page) => page.getByRole("main");
  const open = async (opts: SessionOptions) => {
    session = await openSession(browser, club.baseUrl, opts);
    return session.page;
  };
  const phone = (as: Member | null, extra: SessionOptions = {}) =>
    open({ as, viewport: PHONE, mobile: true, ...extra });
  const noSidewaysScroll = (page: Page) =>
    page.evaluate(
      () => document.scrollingElement!.scrollWidth <= window.innerWidth && window.innerWidth === 375,
    );

  beforeAll(async () => {
    club = await startClub({ demoData: true, env: { REGISTRATION: "approval" } });
    browser = await launchChromium();
    admin = await club.tokensFor(DEMO_LOGIN.email);
    member = await club.member({ firstName: "Pat", lastName: "Phone" });
    bottles = await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList");
    meetings = await club.apiOk<MeetingListItem[]>("GET", "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames");
  });
  afterAll(() => closeInOrder(browser, club));
  afterEach(screenshotOnFailure("phone-walk", () => session?.page));
  afterEach(async () => {
    if (session) expectNoPageErrors(session.watch, "phone walk");
    await session?.close();
    session = undefined;
  });

  /**
   * Taps a select and watches 12 frames: its list is shown in every one (it flickered open and
   * shut), the page stays 375 px wide (it became 493), the field stays put (it jumped 128 px), and
   * the list lies within the screen.
   */
  async function expectSteadyList(page: Page, field: Locator, what: string) {
    await field.scrollIntoViewIfNeeded();
    await field.tap();
    const frames = await page.evaluate(async () => {
      const out: { width: number; fieldTop: number; lists: { left: number; right: number }[] }[] = [];
      for (let i = 0; i < 12; i++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const active = document.activeElement as HTMLElement;
        const lists = Array.from(document.querySelectorAll<HTMLElement>('[role="listbox"]'))
          .map((list) => list.getBoundingClientRect())
          .filter((rect) => rect.width > 0 && rect.height > 0)
          .map((rect) => ({ left: rect.left, right: rect.right }));
        out.push({
          width: window.innerWidth,
          fieldTop: Math.round(active.getBoundingClientRect().top),
          lists,
        });
      }
      return out;
    });
    for (const [i, frame] of frames.entries()) {
      expect(frame.width, `${what}: the page's width in frame ${i}`).toBe(PHONE.width);
      expect(frame.lists, `${what}: one list shown in frame ${i}`).toHaveLength(1);
      expect(frame.lists[0]!.left, `${what}: the list starts on screen`).toBeGreaterThanOrEqual(0);
      expect(frame.lists[0]!.right, `${what}: the list ends on screen`).toBeLessThanOrEqual(PHONE.width);
      expect(frame.fieldTop, `${what}: the field stays put in frame ${i}`).toBe(frames[0]!.fieldTop);
    }
    await page.keyboard.press("Escape");
    await hides(page.getByRole("listbox"));
  }

  /** Every select of the dialog opens steadily; every date field fits the screen. */
  async function expectSteadyDialog(page: Page, d: Locator, title: string) {
    await shows(d);
    const selects = d.locator('input[aria-haspopup="listbox"]');
    const count = await selects.count();
    expect(count, `${title} has selects`).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const select = selects.nth(i);
      if (await select.isDisabled()) continue;
      const label = (await select.getAttribute("aria-label")) ?? (await select.getAttribute("placeholder"));
      await expectSteadyList(page, select, `${title}: ${label}`);
    }
    for (const date of await d.locator('input[type="date"]').all()) {
      const box = (await date.boundingBox())!;
      expect(box.x + box.width, `${title}: a date field ends on screen`).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await noSidewaysScroll(page), `${title}: no sideways scrolling`).toBe(true);
  }

  it("1. every select and date field of a dialog opens steadily and fits a phone's screen", async () => {
    const page = await phone(admin);
    await visit(page, "/library-bottles");
    await main(page).getByRole("button", { name: "Add New Bottle" }).click();
    await expectSteadyDialog(page, dialog(page, "Add New Bottle"), "Add New Bottle");
    await page.keyboard.press("Escape");

    await visit(page, "/");
    await main(page)
      .getByRole("button", { name: /^Add Meeting/ })
      .click();
    await expectSteadyDialog(page, dialog(page, "Add Meeting"), "Add Meeting");
    await page.keyboard.press("Escape");

    const past = meetings.find((m) => m.date.slice(0, 10) < new Date().toISOString().slice(0, 10))!;
    await visit(page, `/monthlymeeting/${past.id}`);
    await main(page).getByRole("button", { name: "Add Bottle" }).click();
    await expectSteadyDialog(page, dialog(page, "Add Bottle"), "Add Bottle");
    await page.keyboard.press("Escape");
    await main(page).getByRole("button", { name: "Edit Meeting" }).click();
    await expectSteadyDialog(page, dialog(page, "Edit Meeting"), "Edit Meeting");
    // The host's field holds the host's whole name; a tap still lists the members to pick another.
    await dialog(page, "Edit Meeting").locator('input[aria-haspopup="listbox"]').first().tap();
    await shows(page.getByRole("listbox"));
    await page.screenshot({ path: "/tmp/shots-phone-walk/edit-meeting-host-phone.png" });
    await page.keyboard.press("Escape");
    await hides(page.getByRole("listbox"));
    await page.keyboard.press("Escape");
    await main(page).getByRole("button", { name: "Night settings" }).click();
    await expectSteadyDialog(page, dialog(page, "Night settings"), "Night settings");
    await page.keyboard.press("Escape");
    await main(page).getByRole("button", { name: "Edit flight" }).click();
    await expectSteadyDialog(page, dialog(page, "Edit flight"), "Edit flight");
    await page.keyboard.press("Escape");

    const bottle = bottles.find((b) => b.name === "Green Spot")!;
    await visit(page, `/bottle/${bottle.id}`);
    await main(page)
      .getByRole("button", { name: /^Merge/ })
      .click();
    await expectSteadyDialog(page, dialog(page, "Merge into another bottle"), "Merge");
    await page.keyboard.press("Escape");
  });

  it("2. the library on a phone: compact rows (name; brand and type; country, state, ABV and status; the comment buttons), one sort control, 50 in at most 10 screens", async () => {
    for (let i = 0; i < 30; i++)
      await club.apiOk(
        "POST",
        "/api/Bottles/NewBottle",
        { name: `Walk Bottle ${String(i).padStart(2, "0")}`, abv: 40 + (i % 20), drinkTypeId: 1 },
        admin.accessToken,
      );
    for (const theme of ["dark", "light"] as const) {
      const page = await phone(member, { theme });
      await visit(page, "/library-bottles");
      const library = main(page).getByRole("table", { name: "Library bottles" });
      const rows = library.locator("tbody tr");
      expect(await rows.count()).toBe(50);
      // Four lines a bottle, not a card of a line a field (400 px).
      const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
      for (const height of heights) {
        expect(height, "a bottle's row").toBeGreaterThanOrEqual(56);
        expect(height, "a bottle's row").toBeLessThanOrEqual(144);
      }
      const screens = await page.evaluate(() => document.scrollingElement!.scrollHeight / window.innerHeight);
      expect(screens, "screens for a page of 50").toBeLessThanOrEqual(10);
      expect(await noSidewaysScroll(page)).toBe(true);

      // Name first, then "Brand · Type", then "Country · State · ABV · Status", each on one line.
      const amrut = rows.filter({ hasText: "Amrut Fusion" });
      const name = (await amrut.getByRole("link", { name: "Amrut Fusion" }).boundingBox())!;
      let above = name.y + name.height - 1;
      for (const line of [
        ["Amrut", "World Whisky"],
        ["India", "50%", "Open"],
      ]) {
        const boxes = await Promise.all(
          line.map(async (text) => (await amrut.getByText(text, { exact: true }).boundingBox())!),
        );
        for (const [i, box] of boxes.entries()) {
          expect(box.y, `${line[i]}: below the line above`).toBeGreaterThanOrEqual(above);
          expect(Math.abs(box.y - boxes[0]!.y), `${line[i]}: on one line`).toBeLessThan(4);
        }
        above = boxes[0]!.y + boxes[0]!.height - 1;
      }
      // View Comments and Add Comment stay, as 40 px tap targets on screen.
      for (const label of ["View Comments", "Add Comment"]) {
        const box = (await amrut.getByRole("button", { name: label }).boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(40);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
      // One sort control: the header chips are gone.
      const headerRow = (await library.locator("thead").boundingBox())!;
      expect(headerRow.height, "the header chips are not on view").toBeLessThanOrEqual(1);
      const sort = main(page).getByRole("combobox", { name: "Sort" });
      expect(await sort.inputValue()).toBe("name:asc");
      await sort.selectOption("abv:desc");
      await expect.poll(() => new URL(page.url()).search).toBe("?sort=abv&dir=desc");
      await expect
        .poll(async () => (await library.locator("tbody tr td:nth-child(6)").first().innerText()).trim())
        .toBe("59%");
      await page.screenshot({ path: `/tmp/shots-phone-walk/library-phone-${theme}-test.png` });
      const violations = await seriousViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      await session!.close();
      session = undefined;
    }

    // A desktop keeps the floor's table: its columns, headers and sort buttons; no phone Sort control.
    const page = await open({ as: member });
    await visit(page, "/library-bottles");
    const library = main(page).getByRole("table", { name: "Library bottles" });
    for (const header of ["Name", "Brand", "Type", "Country", "State", "ABV"])
      await shows(library.getByRole("button", { name: header, exact: true }));
    expect(await main(page).getByRole("combobox", { name: "Sort" }).isVisible()).toBe(false);
    await shows(library.getByRole("cell", { name: "India", exact: true }));
  });

  it("3. an exact duplicate needs Add anyway; merging two bottles of one name says which is which", async () => {
    const page = await phone(admin);
    const before = (await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList")).length;
    await visit(page, "/library-bottles");
    await main(page).getByRole("button", { name: "Add New Bottle" }).click();
    const d = dialog(page, "Add New Bottle");
    await d.getByRole("textbox", { name: "Name", exact: true }).fill("redbreast 12");
    await d.getByRole("textbox", { name: "ABV" }).fill("40");
    await d.getByRole("button", { name: "Submit" }).click();
    const warning = d.getByRole("alert").filter({ hasText: "already in the library" });
    await shows(warning);
    await shows(warning.getByRole("link", { name: "Redbreast 12" }));
    expect(await d.getByRole("button", { name: "Submit" }).isDisabled(), "Submit waits for Add anyway").toBe(
      true,
    );
    expect((await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList")).length).toBe(before);
    expect(await noSidewaysScroll(page)).toBe(true);
    await session!.page
      .screenshot({ path: "/tmp/shots-phone-walk/duplicate-warning-phone.png" })
      .catch(() => undefined);

    // A different name clears the warning; the same name again asks again; Add anyway adds it.
    await d.getByRole("textbox", { name: "Name", exact: true }).fill("Redbreast 12 Cask Strength");
    await hides(warning);
    await d.getByRole("textbox", { name: "Name", exact: true }).fill("Rédbreast 12");
    await shows(warning);
    await warning.getByRole("button", { name: "Add anyway" }).click();
    await hides(d);
    const after = await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList");
    expect(after.length).toBe(before + 1);
    const copy = after.find((b) => b.name === "Rédbreast 12")!;
    const original = after.find((b) => b.name === "Redbreast 12")!;

    // The merge dialog tells the two apart.
    await visit(page, `/bottle/${copy.id}`);
    await main(page)
      .getByRole("button", { name: /^Merge/ })
      .click();
    const merge = dialog(page, "Merge into another bottle");
    await merge.locator('input[aria-haspopup="listbox"]').fill("Redbreast");
    await page.getByRole("option", { name: `Redbreast 12 (no. ${original.id})` }).click();
    await merge.getByRole("button", { name: "Next" }).click();
    const confirm = dialog(page, "Merge bottles");
    await shows(confirm);
    const text = await confirm.innerText();
    expect(text).toContain(
      `Merge this Rédbreast 12 (no. ${copy.id}) into the other Redbreast 12 (no. ${original.id})?`,
    );
    expect(text).not.toContain("becomes another name of");
    await confirm.getByRole("button", { name: "Cancel" }).click();
  });

  it("4. the meeting page has one list of bottles: the flight, hidden pours as Dram N; Add Bottle pours at its end", async () => {
    // A blind night with three pours, none revealed.
    const theme = (await club.apiOk<{ id: number }[]>("GET", "/api/MonthlyThemes/WithLastDate"))[0]!;
    const { id } = await club.apiOk<{ id: number }>(
      "POST",
      "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
      { date: "2026-01-09", hostName: "Demo Host", themeId: theme.id },
      admin.accessToken,
    );
    const poured = ["Lagavulin 16", "Laphroaig 10", "Ardbeg Uigeadail"].map((name) =>
      bottles.find((b) => b.name === name)!,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${id}/Flight`,
      { pours: poured.map((b) => ({ bottleId: b.id })) },
      admin.accessToken,
    );
    const settings = (blind: boolean) =>
      club.apiOk(
        "PUT",
        `/api/MonthlyMeetings/${id}/Settings`,
        { capacity: null, blind, scoringOpen: true, hostMemberId: null },
        admin.accessToken,
      );
    await settings(true);

    const page = await phone(member);
    await visit(page, `/monthlymeeting/${id}`);
    const list = main(page).getByRole("region", { name: "Bottles Sampled" });
    await shows(list);
    for (const dram of ["Dram 1", "Dram 2", "Dram 3"]) await shows(list.getByText(dram, { exact: true }));
    expect(await main(page).getByText("No bottles recorded for this meeting yet.").count()).toBe(0);
    expect(await main(page).getByRole("heading", { name: "Bottles Sampled" }).count(), "one list").toBe(1);
    expect(await main(page).getByRole("heading", { name: "The flight" }).count(), "no second list").toBe(0);
    expect(await page.content()).not.toContain("Laphroaig 10");
    expect(await noSidewaysScroll(page)).toBe(true);

    // On an open night, Add Bottle pours at the end of the same list, and the API says the same.
    await settings(false);
    await visit(page, `/monthlymeeting/${id}`);
    await shows(list.getByRole("link", { name: "Laphroaig 10" }));
    await main(page).getByRole("button", { name: "Add Bottle" }).click();
    const add = dialog(page, "Add Bottle");
    await add.locator('input[aria-haspopup="listbox"]').fill("Green Spot");
    await page.getByRole("option", { name: "Green Spot", exact: true }).click();
    await add.getByRole("button", { name: "Submit" }).click();
    await hides(add);
    const fourth = list.getByRole("listitem").nth(3);
    await shows(fourth.getByText("Dram 4", { exact: true }));
    await shows(fourth.getByRole("link", { name: "Green Spot" }));
    const detail = await club.apiOk<MeetingDetail>("GET", `/api/MonthlyMeetings/${id}`);
    expect(detail.bottlesSampled.map((b) => b.name)).toEqual([
      "Lagavulin 16",
      "Laphroaig 10",
      "Ardbeg Uigeadail",
      "Green Spot",
    ]);
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  });

  it("5. a pending member hears only that they wait; a confirmation link opened twice says it is confirmed", async () => {
    const email = "waiting.member@example.com";
    const password = "correct horse battery";
    await club.apiOk("POST", "/api/Register/register", {
      email,
      password,
      firstName: "Wait",
      lastName: "Ing",
    });
    const mail = await club.smtp.waitForMessage(email);
    const raw = (await import("./support/server")).decodeQuotedPrintable(mail);
    const link = /https?:\/\/[^\s"'<>]+\/confirm-email\?[^\s"'<>]+/.exec(raw)![0].replace(/&amp;/g, "&");
    const path = link.slice(link.indexOf("/confirm-email"));

    const page = await phone(null);
    await page.goto(path);
    await shows(main(page).getByText(ServerMessages.emailConfirmedPending));
    // The same link again (from the email, the next day): confirmed already, not "failed".
    await page.goto(path);
    await shows(main(page).getByText(ServerMessages.emailAlreadyConfirmed));
    expect(await main(page).getByText(Messages.emailConfirmationFailed).count()).toBe(0);

    await visit(page, `/login?email=${encodeURIComponent(email)}`);
    await main(page).getByLabel("Password").fill(password);
    await main(page).getByRole("button", { name: "Login", exact: true }).click();
    await shows(main(page).getByText(ServerMessages.membershipPending));
    expect(await main(page).getByText(Messages.invalidCredentials).count(), "no 'Invalid credentials'").toBe(
      0,
    );
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  it("6. Back and Forward step through the library's pages, sorts and filters, and the activity log's filters", async () => {
    // Two pages of bottles.
    const now = (await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList")).length;
    for (let i = now; i < 60; i++)
      await club.apiOk(
        "POST",
        "/api/Bottles/NewBottle",
        { name: `Back Bottle ${i}`, abv: 40 },
        admin.accessToken,
      );
    const page = await phone(member);
    await visit(page, "/");
    await visit(page, "/library-bottles");
    const url = () => new URL(page.url()).search;
    const library = main(page).getByRole("table", { name: "Library bottles" });

    await main(page)
      .getByRole("navigation", { name: "Library pages" })
      .getByRole("button", { name: "Next page" })
      .click();
    await expect.poll(url).toBe("?page=2");
    await main(page).getByRole("combobox", { name: "Sort" }).selectOption({ label: "ABV, highest first" });
    await expect.poll(url).toBe("?sort=abv&dir=desc");
    await main(page)
      .getByRole("button", { name: /^Filters/ })
      .click();
    await main(page).getByRole("combobox", { name: "Status" }).selectOption({ label: "Open" });
    await expect.poll(url).toContain("status=open");

    await page.goBack();
    await expect.poll(url).toBe("?sort=abv&dir=desc");
    await expect.poll(() => main(page).getByRole("combobox", { name: "Sort" }).inputValue()).toBe("abv:desc");
    await page.goBack();
    await expect.poll(url).toBe("?page=2");
    await shows(main(page).getByText(/^Showing 51–60 of/));
    await page.goBack();
    await expect.poll(url).toBe("");
    await shows(main(page).getByText(/^Showing 1–50 of/));
    expect(new URL(page.url()).pathname).toBe("/library-bottles");
    await page.goForward();
    await expect.poll(url).toBe("?page=2");
    await shows(main(page).getByText(/^Showing 51–60 of/));
    await shows(library);
    await page.goBack();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");

    // The activity log's filter.
    await visit(page, "/activity");
    await main(page).getByRole("combobox", { name: "Kind" }).selectOption({ label: "Bottles" });
    await expect.poll(url).toBe("?kind=bottle");
    await page.goBack();
    await expect.poll(url).toBe("");
    await expect.poll(() => main(page).getByRole("combobox", { name: "Kind" }).inputValue()).toBe("");
    await page.goForward();
    await expect.poll(() => main(page).getByRole("combobox", { name: "Kind" }).inputValue()).toBe("bottle");
  });

  it("7. labels read as a member speaks: Purchases, Add purchase, a next-second-Friday button not cut off", async () => {
    const bottle = bottles.find((b) => b.name === "Eagle Rare 10 Year")!;
    for (const theme of ["dark", "light"] as const) {
      const page = await phone(member, { theme });
      await visit(page, `/bottle/${bottle.id}`);
      await shows(main(page).getByRole("heading", { name: "Purchases", exact: true }));
      await shows(main(page).getByRole("button", { name: /^Add purchase/ }));
      // What the member sees: text of rendered, unclipped elements (not what only a screen reader hears).
      const words = await main(page).evaluate((root) => {
        const seen: string[] = [];
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const box = node.parentElement!.getBoundingClientRect();
          if (box.width > 1 && box.height > 1) seen.push(node.textContent ?? "");
        }
        return seen.join(" ");
      });
      expect(words).toContain("Add purchase");
      expect(words).not.toMatch(/Bottle Instances|Add Instance|bottle instance/i);
      await page.screenshot({ path: `/tmp/shots-phone-walk/bottle-phone-${theme}.png`, fullPage: true });

      await visit(page, "/");
      await main(page).getByRole("button", { name: "Add Meeting" }).click();
      const d = dialog(page, "Add Meeting");
      const next = d.getByRole("button", { name: /^Next second Friday: / });
      await shows(next);
      const cut = await next.evaluate((button) =>
        Array.from(button.querySelectorAll("*")).some(
          (el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth,
        ),
      );
      expect(cut, "the button's label is cut off").toBe(false);
      expect(await next.innerText()).toMatch(/^Next second Friday: [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await page.screenshot({ path: `/tmp/shots-phone-walk/add-meeting-phone-${theme}.png` });
      await session!.close();
      session = undefined;
    }
  });

  it("8. the phone menu has at most 7 entries at the top; a member's pages are grouped under My club", async () => {
    const waiting = await club.member({ firstName: "Menu", lastName: "Waiting" });
    club.app.deps.db.$client.prepare("UPDATE members SET status = 'pending' WHERE id = ?").run(waiting.id);
    for (const theme of ["dark", "light"] as const) {
      const page = await phone(admin, { theme });
      await visit(page, "/");
      await page.getByRole("button", { name: "Open navigation" }).click();
      const nav = page.locator("#mobile-navigation").getByRole("navigation", { name: "Main" });
      await shows(nav.getByRole("button", { name: /^My club/ })); // a chunk of its own, loaded on opening
      const top = await nav.evaluate((element) =>
        Array.from(element.children)
          .flatMap((child) =>
            child.matches("a, button")
              ? [child]
              : Array.from(child.children).filter((c) => c.matches("a, button")),
          )
          .filter((entry) => (entry as HTMLElement).offsetParent !== null)
          .map((entry) => (entry.textContent ?? "").trim()),
      );
      expect(top.length, top.join(", ")).toBeLessThanOrEqual(7);
      // (The badge of My club counts the requests waiting.)
      expect(top.map((entry) => entry.replace(/\d+$/, ""))).toEqual([
        "Home",
        "Library Bottles",
        "Shelf",
        "Theme Ideas",
        "Stats",
        "About",
        "My club",
      ]);
      const group = nav.getByRole("group", { name: "My club" });
      // A membership request waits: the group opens by itself, Members shows the count.
      await shows(group.getByRole("link", { name: /^Members \(\d+ waiting for approval\)$/ }));
      for (const link of ["Journal", "Activity", "Dues", "Treasurer", "Backups"])
        await shows(group.getByRole("link", { name: link, exact: true }));
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.screenshot({ path: `/tmp/shots-phone-walk/menu-phone-${theme}.png` });
      const violations = await seriousViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      await session!.close();
      session = undefined;
    }
    // A member with nothing waiting: the group is closed at first, opens on a tap, and is open
    // already on one of its pages.
    const page = await phone(member);
    await visit(page, "/");
    await page.getByRole("button", { name: "Open navigation" }).click();
    const nav = page.locator("#mobile-navigation").getByRole("navigation", { name: "Main" });
    const group = nav.getByRole("group", { name: "My club" });
    expect(await group.isVisible()).toBe(false);
    await nav.getByRole("button", { name: "My club" }).click();
    for (const link of ["Journal", "Activity", "Dues"])
      await shows(group.getByRole("link", { name: link, exact: true }));
    expect(await group.getByRole("link", { name: /^Members/ }).count()).toBe(0);
    await group.getByRole("link", { name: "Activity", exact: true }).click();
    await onScreen(page, "Activity");
    await page.getByRole("button", { name: "Open navigation" }).click();
    await shows(nav.getByRole("group", { name: "My club" }).getByRole("link", { name: "Journal" }));
  });

  it("9. keyboard and screen readers: focus returns to a dialog's opener, Skip to content, scoring closed said, sliders under the total", async () => {
    const page = await phone(member);
    await visit(page, "/library-bottles");
    // Skip to content is the first stop of the Tab key, and lands in the screen.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await shows(skip);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("content");

    // Focus goes back to the control that opened a dialog.
    const library = main(page).getByRole("table", { name: "Library bottles" });
    const viewComments = library.getByRole("button", { name: "View Comments" }).nth(2);
    await viewComments.focus();
    await page.keyboard.press("Enter");
    await shows(page.getByRole("dialog"));
    await page.keyboard.press("Escape");
    await hides(page.getByRole("dialog"));
    await expect.poll(() => viewComments.evaluate((button) => button === document.activeElement)).toBe(true);
    const addNew = main(page).getByRole("button", { name: "Add New Bottle" });
    await addNew.focus();
    await page.keyboard.press("Enter");
    await dialog(page, "Add New Bottle").getByRole("button", { name: "Cancel" }).click();
    await hides(page.getByRole("dialog"));
    await expect.poll(() => addNew.evaluate((button) => button === document.activeElement)).toBe(true);

    // The score screen once the host closed scoring, and the sliders under the sticky total.
    const theme = (await club.apiOk<{ id: number }[]>("GET", "/api/MonthlyThemes/WithLastDate"))[0]!;
    const { id } = await club.apiOk<{ id: number }>(
      "POST",
      "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
      { date: "2025-12-12", hostName: "Closing Host", themeId: theme.id },
      admin.accessToken,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${id}/Flight`,
      { pours: [{ bottleId: bottles[0]!.id }, { bottleId: bottles[1]!.id }] },
      admin.accessToken,
    );
    await visit(page, `/meeting/${id}/score/1`);
    // Before a first part is given the status says so, and that what is given is saved.
    const notScored = "Not scored yet: your score is saved as you give it.";
    const status = main(page)
      .getByRole("status")
      .filter({ hasText: /saved as you g|Scoring is closed/ });
    await expect.poll(() => status.innerText()).toBe(notScored);
    // Sliders: scroll a thumb under the sticky total; the total is what shows there.
    await shows(main(page).getByRole("slider").first());
    const under = () =>
      page.evaluate(async () => {
        const bar = document.querySelector('[data-testid="score-total"]')!.parentElement!;
        const thumb = document.querySelector('[role="slider"]')!;
        const middle = (r: DOMRect) => r.top + r.height / 2;
        for (let i = 0; i < 6; i++) {
          const dy = middle(thumb.getBoundingClientRect()) - middle(bar.getBoundingClientRect());
          if (Math.abs(dy) < 2) break;
          window.scrollBy(0, dy);
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        const t = thumb.getBoundingClientRect();
        const b = bar.getBoundingClientRect();
        if (middle(t) < b.top || middle(t) > b.bottom) return "not under the bar";
        const top = document.elementFromPoint(t.left + t.width / 2, middle(t));
        return top?.closest('[role="slider"]')
          ? "slider"
          : bar.contains(top)
            ? "total bar"
            : String(top?.tagName);
      });
    expect(await under(), "what is drawn over the thumb's place").toBe("total bar");

    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${id}/Settings`,
      { capacity: null, blind: false, scoringOpen: false, hostMemberId: null },
      admin.accessToken,
    );
    await visit(page, `/meeting/${id}/score/1`);
    await expect.poll(() => status.innerText()).toBe("Scoring is closed for this meeting.");
    for (const saving of [notScored, "Changes are saved as you go."])
      expect(await main(page).getByText(saving).count()).toBe(0);
  });

  /**
   * What the toast with this text covers: the header's controls (the menu button first), any fixed
   * or sticky bar (the header, the offline and new-version bars, the score screen's total and pour
   * buttons), the page's title; and whether it leaves the screen. Empty when it covers none of them.
   */
  const toastCovers = (page: Page, text: string) =>
    page.evaluate((text) => {
      const note = Array.from(document.querySelectorAll<HTMLElement>(".mantine-Notification-root")).find(
        (el) => el.innerText.includes(text),
      );
      if (!note) return ["no toast"];
      const box = note.getBoundingClientRect();
      const covered: string[] = [];
      if (box.top < 0 || box.left < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight)
        covered.push(
          `the screen's edge (${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.right)}x${Math.round(box.bottom)})`,
        );
      const overlaps = (el: Element) => {
        const r = el.getBoundingClientRect();
        // Shown: a closed <details>' links still have boxes (content-visibility: hidden).
        const shown = el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true });
        return (
          shown &&
          r.width > 0 &&
          r.height > 0 &&
          r.left < box.right &&
          r.right > box.left &&
          r.top < box.bottom &&
          r.bottom > box.top
        );
      };
      const name = (el: Element) =>
        (el.getAttribute("aria-label") ?? (el as HTMLElement).innerText ?? el.tagName).trim().slice(0, 40) ||
        el.tagName;
      for (const el of document.querySelectorAll("header a, header button, main h1"))
        if (overlaps(el)) covered.push(`${el.tagName.toLowerCase()} ${name(el)}`);
      for (const el of document.querySelectorAll("body *")) {
        if (el.closest(".mantine-Notifications-root") || note.contains(el) || el.contains(note)) continue;
        const position = getComputedStyle(el).position;
        if ((position === "fixed" || position === "sticky") && overlaps(el))
          covered.push(`a ${position} ${el.tagName.toLowerCase()} (${name(el)})`);
      }
      return covered;
    }, text);

  it("9. toasts on a phone sit at the bottom, above any bar there: clear of the menu button, the header and the page's top; Undo stays a tap away", async () => {
    const [amrut] = bottles.filter((b) => b.name === "Amrut Fusion");
    const comment = "Toast test: tropical fruit and oak.";
    await club.apiOk("POST", "/api/BottleComments", { bottleId: amrut!.id, comment }, member.accessToken);
    const count = async () =>
      (
        await club.apiOk<unknown[]>(
          "GET",
          `/api/BottleComments/bottle/${amrut!.id}`,
          undefined,
          member.accessToken,
        )
      ).length;
    const before = await count();
    for (const theme of ["dark", "light"] as const) {
      const page = await phone(member, { theme, colorScheme: theme });
      await visit(page, `/bottle/${amrut!.id}`);
      await shows(main(page).getByText(comment, { exact: true }));
      await main(page).getByRole("button", { name: "Delete comment" }).first().click();
      const confirm = dialog(page, "Delete Comment");
      await confirm.getByRole("button", { name: "Delete comment" }).click();
      await hides(confirm);
      await expect.poll(count).toBe(before - 1);
      const shown = toast(page, "Comment deleted.");
      await shows(shown);
      await expect
        .poll(() => toastCovers(page, "Comment deleted."), { message: "what the toast covers" })
        .toEqual([]);
      const menu = (await page.getByRole("button", { name: "Open navigation" }).boundingBox())!;
      const box = (await shown.boundingBox())!;
      expect(box.y, "the toast is below the menu button").toBeGreaterThan(menu.y + menu.height);
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.screenshot({ path: `/tmp/shots-phone-walk/toast-phone-${theme}.png` });

      // A bar appears at the bottom (offline): the toast moves above it, clear of it.
      await shown.hover();
      await session!.context.setOffline(true);
      const offline = page.getByRole("status").filter({ hasText: PwaTexts.offline });
      await shows(offline);
      await expect
        .poll(() => toastCovers(page, "Comment deleted."), { message: "what the toast covers over a bar" })
        .toEqual([]);
      const bar = (await offline.boundingBox())!;
      expect((await shown.boundingBox())!.y + (await shown.boundingBox())!.height).toBeLessThanOrEqual(bar.y);
      await page.screenshot({ path: `/tmp/shots-phone-walk/toast-phone-offline-${theme}.png` });
      await session!.context.setOffline(false);
      await hides(offline);

      // Its Undo is a tap away and works.
      await shown.getByRole("button", { name: "Undo" }).tap();
      await shows(toast(page, "Undone"));
      await shows(main(page).getByText(comment, { exact: true }));
      expect(await count()).toBe(before);
      expectNoPageErrors(session!.watch, `toast, ${theme}`);
      await session!.close();
      session = undefined;

      // A desktop keeps its toasts at the top, below the header, clear of it.
      const wide = await open({ as: member, theme, colorScheme: theme, viewport: DESKTOP });
      await visit(wide, `/bottle/${amrut!.id}`);
      await main(wide).getByRole("button", { name: "Delete comment" }).first().click();
      await dialog(wide, "Delete Comment").getByRole("button", { name: "Delete comment" }).click();
      const top = toast(wide, "Comment deleted.");
      await shows(top);
      await expect
        .poll(() => toastCovers(wide, "Comment deleted."), { message: "what a desktop toast covers" })
        .toEqual([]);
      expect((await top.boundingBox())!.y, "a desktop toast is below the header").toBeGreaterThanOrEqual(64);
      await wide.screenshot({ path: `/tmp/shots-phone-walk/toast-desktop-${theme}.png` });
      await top.getByRole("button", { name: "Undo" }).click();
      await shows(toast(wide, "Undone"));
      await expect.poll(count).toBe(before);
      expectNoPageErrors(session!.watch, `desktop toast, ${theme}`);
      await session!.close();
      session = undefined;
    }
  });

  it("10. offline, a page not seen before says so, not a red 'Failed to fetch'", async () => {
    const page = await phone(null, { installedApp: true });
    await visit(page, "/");
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", null, {
      timeout: 30_000,
    });
    const unseen = bottles.find((b) => b.name === "Kavalan Classic")!;
    await session!.context.setOffline(true);
    try {
      await page.goto(`/bottle/${unseen.id}`);
      const notice = main(page).getByRole("status").filter({ hasText: PwaTexts.notSeenOffline });
      await shows(notice, 20_000);
      expect(await main(page).getByRole("alert").count(), "no red alert").toBe(0);
      expect(await main(page).innerText()).not.toContain("Failed to fetch");
      await shows(page.getByRole("status").filter({ hasText: PwaTexts.offline }));
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.screenshot({ path: "/tmp/shots-phone-walk/offline-unseen-phone.png" });
    } finally {
      await session!.context.setOffline(false);
    }
    // Back online, the page loads.
    await page.reload();
    await onScreen(page, unseen.name);
  });
});

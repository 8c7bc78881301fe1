import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  type BottleDetail,
  type BottleListItem,
  type MeetingDetail,
  type MeetingListItem,
  type ThemeListItem,
  Messages,
} from "@club/shared";
import {
  appInCharge,
  appliedScheme,
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  openInApp,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { closeInOrder } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club } from "./support/server";
import { columnTexts, dialog, hides, onScreen, shows } from "./support/ui";

/** Controls only members get; a visitor must see none of them on any screen. */
const MEMBER_BUTTONS = [
  "Add Meeting",
  "Add Bottle",
  "Add New Bottle",
  "Add Comment",
  "Add New Theme",
  "Upload",
  "Edit ABV",
  "Edit Brand",
  "Edit Name",
  "Add purchase",
  "Bottle Finished",
  "Post Comment",
  "Logout",
];

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

async function expectNoMemberControls(page: Page, where: string) {
  for (const name of MEMBER_BUTTONS) {
    expect(await page.getByRole("button", { name, exact: true }).count(), `${name} on ${where}`).toBe(0);
  }
  expect(await page.getByText(/^Welcome, /).count(), `welcome on ${where}`).toBe(0);
}

describe("visitor (demo club)", () => {
  let club: Club;
  let browser: Browser;
  let session: Session;
  let page: Page;
  let meetings: MeetingListItem[];
  let bottles: BottleListItem[];
  let themes: ThemeListItem[];

  const main = () => page.getByRole("main");

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    session = await openSession(browser, club.baseUrl);
    page = session.page;
    meetings = await club.apiOk<MeetingListItem[]>("GET", "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames");
    bottles = await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList");
    themes = await club.apiOk<ThemeListItem[]>("GET", "/api/MonthlyThemes/WithLastDate");
  });

  afterEach(screenshotOnFailure("visitor", () => page));

  afterAll(() => closeInOrder(session, browser, club));

  it("shows the navigation bar: club name, Home, Library Bottles, Theme Ideas, About, Register, Login, theme toggle", async () => {
    await visit(page, "/");
    const header = page.getByRole("banner");
    await shows(header.getByText("Whiskey Tasting Club"));
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, path] of [
      ["Home", "/"],
      ["Library Bottles", "/library-bottles"],
      ["Theme Ideas", "/theme-ideas"],
      ["About", "/about"],
    ] as const) {
      expect(await nav.getByRole("link", { name, exact: true }).getAttribute("href"), name).toBe(path);
    }
    expect(await header.getByRole("link", { name: "Register", exact: true }).getAttribute("href")).toBe(
      "/register",
    );
    expect(await header.getByRole("link", { name: "Login", exact: true }).getAttribute("href")).toBe(
      "/login",
    );
    await shows(header.getByRole("button", { name: "Light Mode" }));
    await expectNoMemberControls(page, "/");
  });

  it("lists meetings newest first with Date, Theme and Host; the date links to the meeting", async () => {
    await visit(page, "/");
    const table = main().getByRole("table", { name: "Monthly meetings" });
    expect(
      (await table.getByRole("columnheader").allInnerTexts()).map((t) => t.trim().toLowerCase()),
    ).toEqual(["date", "theme", "host"]);
    const dates = await table
      .locator("tbody tr td:nth-child(1) time")
      .evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""));
    expect(dates).toHaveLength(meetings.length);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await columnTexts(table, 2)).toEqual(meetings.map((m) => m.theme));
    expect(await columnTexts(table, 3)).toEqual(meetings.map((m) => m.host));
    const hrefs = await table
      .locator("tbody tr td:nth-child(1) a")
      .evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    expect(hrefs).toEqual(meetings.map((m) => `/monthlymeeting/${m.id}`));
  });

  it("shows a meeting: date, host, theme and the sampled bottles, each linking to its page", async () => {
    const meeting = meetings.find((m) => m.host === "Tom Brennan" && m.theme === "Bourbon Basics")!;
    const detail = await club.apiOk<MeetingDetail>("GET", `/api/MonthlyMeetings/${meeting.id}`);
    expect(detail.bottlesSampled.length).toBeGreaterThan(0);
    await visit(page, "/");
    await main()
      .getByRole("link")
      .filter({ has: page.locator(`time[datetime="${meeting.date}"]`) })
      .click();
    await onScreen(page, /\d{4}/);
    expect(new URL(page.url()).pathname).toBe(`/monthlymeeting/${meeting.id}`);
    expect(await main().locator(`h1 time[datetime="${meeting.date}"]`).count()).toBe(1);
    await shows(main().getByText("Host", { exact: true }));
    await shows(main().getByText(detail.hostName, { exact: true }));
    await shows(main().getByText("Theme", { exact: true }));
    await shows(main().getByText(detail.theme.description, { exact: true }));
    for (const bottle of detail.bottlesSampled) {
      expect(await main().getByRole("link", { name: bottle.name, exact: true }).getAttribute("href")).toBe(
        `/bottle/${bottle.id}`,
      );
    }
    await expectNoMemberControls(page, "meeting details");
  });

  it("lists the library: N/A for missing values, ABV with %, names linking to the bottle, default sort by name", async () => {
    await visit(page, "/library-bottles");
    const table = main().getByRole("table", { name: "Library bottles" });
    const headers = (await table.getByRole("columnheader").allInnerTexts()).map((t) =>
      t.trim().toLowerCase(),
    );
    expect(headers.slice(0, 6)).toEqual(["name", "brand", "type", "country", "state", "abv"]);
    const names = await columnTexts(table, 1);
    expect(names).toEqual([...bottles.map((b) => b.name)].sort(collator.compare));

    const infinity = table.getByRole("row").filter({ hasText: "Infinity Bottle" });
    const cells = (await infinity.getByRole("cell").allInnerTexts()).map((t) => t.trim());
    expect(cells.slice(0, 6)).toEqual(["Infinity Bottle", "N/A", "Other", "N/A", "N/A", "47.5%"]);
    for (const abv of await columnTexts(table, 6)) expect(abv).toMatch(/^\d+(\.\d+)?%$/);

    const buffalo = bottles.find((b) => b.name === "Buffalo Trace")!;
    expect(await table.getByRole("link", { name: "Buffalo Trace", exact: true }).getAttribute("href")).toBe(
      `/bottle/${buffalo.id}`,
    );
    expect(await table.getByRole("button", { name: "View Comments" }).count()).toBe(bottles.length);
    await expectNoMemberControls(page, "/library-bottles");
  });

  it("sorts the library by each column: first click ascending, second click descending", async () => {
    await visit(page, "/library-bottles");
    const table = main().getByRole("table", { name: "Library bottles" });
    const header = (label: string) => table.getByRole("columnheader", { name: label, exact: true });
    const sortBy = (label: string) => header(label).getByRole("button").click();

    const columns: { label: string; index: number; numeric?: boolean }[] = [
      { label: "Brand", index: 2 },
      { label: "Type", index: 3 },
      { label: "Country", index: 4 },
      { label: "State", index: 5 },
      { label: "ABV", index: 6, numeric: true },
      { label: "Name", index: 1 },
    ];
    const ordered = (values: string[], numeric: boolean | undefined, direction: 1 | -1) => {
      const known = values.filter((v) => v !== "N/A");
      const compare = numeric
        ? (a: string, b: string) => Number.parseFloat(a) - Number.parseFloat(b)
        : (a: string, b: string) => collator.compare(a, b);
      return [...known].sort((a, b) => compare(a, b) * direction);
    };

    // The server sorts: the header says the new order at once, the rows follow when
    // the answer arrives, so the rows are read until they are in order (or the poll times out).
    const sortedRows = async (column: (typeof columns)[number], direction: 1 | -1) => {
      let values: string[] = [];
      await expect
        .poll(
          async () => {
            values = await columnTexts(table, column.index);
            const known = values.filter((v) => v !== "N/A");
            return JSON.stringify(known) === JSON.stringify(ordered(values, column.numeric, direction));
          },
          { timeout: 10_000, message: `${column.label} ${direction === 1 ? "ascending" : "descending"}` },
        )
        .toBe(true);
      return values;
    };

    for (const column of columns) {
      await sortBy(column.label);
      expect(await header(column.label).getAttribute("aria-sort"), `${column.label} first click`).toBe(
        "ascending",
      );
      await sortedRows(column, 1);

      await sortBy(column.label);
      expect(await header(column.label).getAttribute("aria-sort"), `${column.label} second click`).toBe(
        "descending",
      );
      const desc = await sortedRows(column, -1);
      expect(desc).toHaveLength(bottles.length);
    }
  });

  it("shows a bottle's comments to a visitor in the View Comments dialog", async () => {
    await visit(page, "/library-bottles");
    const row = main()
      .getByRole("table", { name: "Library bottles" })
      .getByRole("row")
      .filter({
        has: page.getByRole("link", { name: "Buffalo Trace", exact: true }),
      });
    await row.getByRole("button", { name: "View Comments" }).click();
    const d = dialog(page, "Comments on Buffalo Trace");
    await shows(d.getByText("Caramel, vanilla and a little orange peel", { exact: false }));
    await shows(d.getByText("Dave Kowalski"));
    await page.keyboard.press("Escape");
    await hides(d);
  });

  it("shows bottle details: facts, store link, instances with $ prices and comments, without member controls", async () => {
    const buffalo = bottles.find((b) => b.name === "Buffalo Trace")!;
    const detail = await club.apiOk<BottleDetail>("GET", `/api/Bottles/${buffalo.id}`);
    await visit(page, `/bottle/${buffalo.id}`);
    await onScreen(page, "Buffalo Trace");
    const fact = (term: string) => main().locator("dl").locator(`dt:text-is("${term}") + dd`);
    expect((await fact("Brand").innerText()).trim()).toBe(detail.brand);
    expect((await fact("Type").innerText()).trim()).toBe(detail.drinkType);
    expect((await fact("Country").innerText()).trim()).toBe(detail.country);
    expect((await fact("State").innerText()).trim()).toBe(detail.state);
    expect((await fact("ABV").innerText()).trim()).toBe(`${detail.abv}%`);
    const store = main().getByRole("link", { name: /store link/i });
    expect(await store.getAttribute("href")).toBe(detail.storeLink);
    expect(await store.getAttribute("target")).toBe("_blank");
    expect((await store.getAttribute("rel"))?.split(/\s+/).sort()).toEqual(["noopener", "noreferrer"]);
    await shows(main().getByText(Messages.noImage, { exact: true }));

    const instances = main().getByRole("table", { name: "Bottle instances" });
    const headers = (await instances.getByRole("columnheader").allInnerTexts()).map((t) =>
      t.trim().toLowerCase(),
    );
    // the floor's three columns first, then the cellar's.
    expect(headers).toEqual([
      "date purchased",
      "date finished",
      "purchase price",
      "opened",
      "fill level",
      "cost per pour",
    ]);
    const prices = await columnTexts(instances, 3);
    expect(prices).toEqual(detail.bottleInstances.map((i) => `$${i.purchasePrice.toFixed(2)}`));
    await shows(main().getByRole("table", { name: "Comments" }).getByText("Dave Kowalski"));
    await expectNoMemberControls(page, "bottle details");
    expect(await main().getByRole("textbox").count(), "no inputs for a visitor").toBe(0);
    expect(await main().locator('input[type="file"]').count()).toBe(0);
  });

  it("shows N/A for a bottle's missing brand, country, state and store link", async () => {
    const infinity = bottles.find((b) => b.name === "Infinity Bottle")!;
    await visit(page, `/bottle/${infinity.id}`);
    await onScreen(page, "Infinity Bottle");
    const fact = (term: string) => main().locator("dl").locator(`dt:text-is("${term}") + dd`);
    for (const term of ["Brand", "Country", "State", "Store"])
      expect((await fact(term).innerText()).trim(), term).toBe("N/A");
  });

  it("lists themes with Theme Name and Last Used; a theme never used shows 'Never'", async () => {
    await visit(page, "/theme-ideas");
    await onScreen(page, "Monthly Themes");
    const table = main().getByRole("table", { name: "Monthly Themes" });
    expect(
      (await table.getByRole("columnheader").allInnerTexts()).map((t) => t.trim().toLowerCase()),
    ).toEqual(["theme name", "last used"]);
    const never = themes.find((t) => t.lastDate.startsWith("0001-"))!;
    const used = themes.find((t) => !t.lastDate.startsWith("0001-"))!;
    expect(never).toBeDefined();
    const neverRow = table.getByRole("row").filter({ hasText: never.name });
    expect((await neverRow.getByRole("cell").nth(1).innerText()).trim()).toBe("Never");
    const usedRow = table.getByRole("row").filter({ hasText: used.name });
    expect((await usedRow.getByRole("cell").nth(1).innerText()).trim()).not.toBe("Never");
    expect(await usedRow.locator(`time[datetime="${used.lastDate.slice(0, 10)}"]`).count()).toBe(1);
    await expectNoMemberControls(page, "/theme-ideas");
  });

  it("shows General Info and Dues on /about", async () => {
    await visit(page, "/about");
    const text = await main().innerText();
    for (const phrase of [
      "General Info",
      "Dues",
      "second Friday at 7:00 PM",
      "Hosting is voluntary",
      "$12 per month",
      "first meeting is free",
      "$40",
      "$52",
      "six months",
      "12 months",
      "hardship",
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(text).toMatch(/[Hh]osts and themes are chosen at the prior month.s meeting/);
  });

  it("has login and registration forms with required fields and email inputs", async () => {
    await visit(page, "/login");
    await onScreen(page, "Login");
    for (const label of ["Email", "Password"]) {
      expect(await main().getByLabel(label).getAttribute("required"), label).not.toBeNull();
    }
    expect(await main().getByLabel("Email").getAttribute("type")).toBe("email");

    await visit(page, "/register");
    await onScreen(page, "Register");
    for (const label of ["First name", "Last name", "Email", "Password"]) {
      expect(await main().getByLabel(label).getAttribute("required"), label).not.toBeNull();
    }
    expect(await main().getByLabel("Email").getAttribute("type")).toBe("email");
  });

  it("shows 'Invalid credentials. Try again.' for a wrong password and stays logged out", async () => {
    await visit(page, "/login");
    await main().getByLabel("Email").fill(DEMO_LOGIN.email);
    await main().getByLabel("Password").fill("not-the-password");
    await main().getByRole("button", { name: "Login", exact: true }).click();
    await shows(main().getByRole("alert").filter({ hasText: Messages.invalidCredentials }));
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
  });

  it("an email that is already registered is answered like any other; its owner gets an email", async () => {
    await visit(page, "/register");
    await main().getByLabel("First name").fill("Demo");
    await main().getByLabel("Last name").fill("Again");
    await main().getByLabel("Email").fill(DEMO_LOGIN.email);
    await main().getByLabel("Password").fill("long-enough-password");
    await main().getByRole("button", { name: "Register", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    const mail = await club.smtp.waitForMessage(DEMO_LOGIN.email);
    expect(mail).toContain("already a member");
    // The demo member's password still works.
    expect(
      (await club.api("POST", "/login", { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password })).status,
    ).toBe(200);
  });

  it("shows 'Invalid confirmation link.' without token or email, 'Email confirmation failed.' for a bad token", async () => {
    await visit(page, "/confirm-email");
    await shows(main().getByRole("alert").filter({ hasText: Messages.invalidConfirmationLink }));
    await visit(page, "/confirm-email?email=someone%40example.com");
    await shows(main().getByRole("alert").filter({ hasText: Messages.invalidConfirmationLink }));
    await visit(page, "/confirm-email?token=not-a-real-token&email=someone%40example.com");
    await shows(main().getByRole("alert").filter({ hasText: Messages.emailConfirmationFailed }));
    await new Promise((r) => setTimeout(r, 3_300));
    expect(new URL(page.url()).pathname, "no redirect after a failure").toBe("/confirm-email");
  });

  it("answers unknown routes and unknown ids with a not-found screen, not a crash", async () => {
    for (const path of ["/no-such-page", "/bottle/999999", "/monthlymeeting/999999", "/bottle/abc"]) {
      await visit(page, path);
      await shows(main().getByRole("heading", { level: 1, name: /not found/i }));
      await shows(main().getByRole("link", { name: "Back to Home" }));
    }
  });

  it("shows a spinner while loading and the floor's red alerts when loads fail", async () => {
    const cases: { path: string; procedure: string; message: string }[] = [
      { path: "/", procedure: "meetings.list", message: Messages.fetchData },
      { path: "/library-bottles", procedure: "search.bottles", message: Messages.fetchBottleData },
      { path: "/theme-ideas", procedure: "themes.list", message: Messages.fetchThemes },
      { path: `/bottle/${bottles[0]!.id}`, procedure: "bottles.byId", message: Messages.fetchBottleDetails },
      {
        path: `/monthlymeeting/${meetings[0]!.id}`,
        procedure: "meetings.byId",
        message: Messages.fetchMeetingDetails,
      },
    ];
    const s = await openSession(browser, club.baseUrl);
    try {
      // A cold load of a public page brings its first screen's reads in the page itself (the
      // server renders it): the read that can fail is the app's, arriving from another
      // screen. One app for the five failing reads: each read is a different procedure, asked for
      // the first time when its screen opens (the app fetches nothing ahead), so each fails anew.
      await s.page.goto("/about");
      await appInCharge(s.page);
      for (const c of cases) {
        const failing = (url: URL) => url.pathname.startsWith("/trpc/") && url.pathname.includes(c.procedure);
        await s.page.route(failing, (route) =>
          route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({
              error: {
                message: "boom",
                code: -32603,
                data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 },
              },
            }),
          }),
        );
        await openInApp(s.page, c.path);
        const alert = s.page.getByRole("main").getByRole("alert").filter({ hasText: c.message });
        await shows(alert, 15_000);
        expect(await alert.first().getAttribute("style"), `${c.path}: a red alert`).toContain("red");
        await s.page.unroute(failing);
      }

      // A slow answer shows the spinner first (a new app: the one above keeps meetings.list's error).
      const slow = (url: URL) => url.pathname.startsWith("/trpc/") && url.pathname.includes("meetings.list");
      await s.page.route(slow, async (route) => {
        await new Promise((r) => setTimeout(r, 1_500));
        await route.continue();
      });
      await s.page.goto("/about");
      await appInCharge(s.page);
      await openInApp(s.page, "/");
      await shows(s.page.getByRole("status", { name: "Loading" }));
      await shows(s.page.getByRole("table", { name: "Monthly meetings" }));
      await s.page.unroute(slow);

      // A failed comment fetch is silent: the dialog shows the empty message (the same app, whose
      // library read is its first).
      const comments = (url: URL) =>
        url.pathname.startsWith("/trpc/") && url.pathname.includes("comments.byBottle");
      await s.page.route(comments, (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
      );
      await openInApp(s.page, "/library-bottles");
      await onScreen(s.page, "Library Bottles");
      const row = s.page
        .getByRole("row")
        .filter({ has: s.page.getByRole("link", { name: "Buffalo Trace", exact: true }) });
      await row.getByRole("button", { name: "View Comments" }).click();
      await shows(
        dialog(s.page, "Comments on Buffalo Trace").getByText(Messages.noComments, { exact: true }),
      );
    } finally {
      await s.close();
    }
  });

  it("works on a phone: the links sit behind a menu button", async () => {
    const s = await openSession(browser, club.baseUrl, { viewport: { width: 390, height: 844 } });
    try {
      await visit(s.page, "/");
      await s.page.getByRole("button", { name: "Open navigation" }).click();
      await s.page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Theme Ideas" })
        .click();
      await onScreen(s.page, "Monthly Themes");
      await shows(s.page.getByRole("button", { name: "Light Mode" }));
    } finally {
      await s.close();
    }
  });

  it("never broke the Content-Security-Policy and threw no uncaught errors", () => {
    expectNoCspViolations(session.watch, "the visitor screens");
    expectNoPageErrors(session.watch, "the visitor screens");
  });
});

describe("display theme", () => {
  let club: Club;
  let browser: Browser;

  beforeAll(async () => {
    club = await startClub({ demoData: false });
    browser = await launchChromium();
  });
  afterAll(() => closeInOrder(browser, club));

  it("defaults to dark, even when the system prefers light", async () => {
    const s = await openSession(browser, club.baseUrl, { colorScheme: "light" });
    try {
      await visit(s.page, "/");
      expect(await appliedScheme(s.page)).toBe("dark");
      await shows(s.page.getByRole("button", { name: "Light Mode" }));
    } finally {
      await s.close();
    }
  });

  it("toggles to light, stores 'theme', and keeps the choice across reloads and screens", async () => {
    const s = await openSession(browser, club.baseUrl);
    try {
      const { page } = s;
      await visit(page, "/");
      expect(await appliedScheme(page)).toBe("dark");
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const darkBackground = await background();

      await page.getByRole("button", { name: "Light Mode" }).click();
      await expect.poll(() => appliedScheme(page)).toBe("light");
      expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
      await shows(page.getByRole("button", { name: "Dark Mode" }));
      await expect.poll(background).not.toBe(darkBackground);

      await page.reload();
      // Applied before the app renders (no dark flash), and still light once it has.
      expect(await appliedScheme(page)).toBe("light");
      await visit(page, "/about");
      expect(await appliedScheme(page)).toBe("light");
      await shows(page.getByRole("button", { name: "Dark Mode" }));

      await page.getByRole("button", { name: "Dark Mode" }).click();
      await expect.poll(() => appliedScheme(page)).toBe("dark");
      expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
      await page.reload();
      expect(await appliedScheme(page)).toBe("dark");
      expectNoCspViolations(s.watch, "the theme toggle");
    } finally {
      await s.close();
    }
  });
});

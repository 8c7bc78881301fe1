import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { longDate, Messages, ServerMessages } from "@club/shared";
import { expectNoPageErrors, launchChromium, screenshotOnFailure, visit } from "./support/browser";
import { closeInOrder, expectNoSidewaysScroll, PHONE, sessionPool, shot } from "./support/harness";
import { decodeQuotedPrintable, startClub, type Club } from "./support/server";
import { chooseOption, dialog, hides, onScreen, shows, toast } from "./support/ui";

/**
 * A new club, as its people make it (DEMO_DATA=false): its first member registers on her phone,
 * confirms her address by the emailed link and is the club's admin; she adds a theme, invites a
 * friend, who joins on his own phone; she adds the first meeting, which Home's Next meeting card
 * shows at once; he answers it from the email, which asks first. One browser context per person.
 */
let club: Club;
let browser: Browser;
const pool = sessionPool(
  () => browser,
  () => club.baseUrl,
);
let ada: Page;
let ben: Page;

const ADA = { first: "Ada", last: "Founder", email: "ada@example.org", password: "ada-long-password" };
const BEN = { first: "Ben", last: "Friend", email: "ben@example.org", password: "ben-long-password" };
const THEME = "Islands of Scotland";

beforeAll(async () => {
  club = await startClub({ demoData: false, env: { REGISTRATION: "approval" } });
  browser = await launchChromium();
  // Ada's phone has a share sheet (the Web Share API, which Chromium on Linux lacks): what she
  // shares is kept where the test can read it.
  ada = await pool.open({ viewport: PHONE, mobile: true, fresh: true });
  await ada.context().addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, "share", {
      value: (data: unknown) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  ben = await pool.open({ viewport: PHONE, mobile: true, theme: "light" });
});
afterEach(screenshotOnFailure("new-club", pool.current));
afterAll(() => closeInOrder({ close: pool.closeAll }, browser, club));

const main = (page: Page) => page.getByRole("main");

/** The link to `path` in the newest email to `to` whose text matches (waiting for one). */
async function emailedLink(to: string, path: string, text: RegExp = /./): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path.replace(/[?]/g, "\\?")}[^\\s"'<>]*`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const mail of club.smtp.messages.filter((m) => m.to.includes(to)).reverse()) {
          const raw = decodeQuotedPrintable(mail.raw);
          const match = text.test(raw) ? pattern.exec(raw) : null;
          if (match) {
            link = match[0].replace(/&amp;/g, "&");
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

/** The subjects of the emails sent to `to`. */
const subjectsTo = (to: string) =>
  club.smtp.messages
    .filter((m) => m.to.includes(to))
    .map((m) => /^Subject: (.*)$/m.exec(decodeQuotedPrintable(m.raw))?.[1] ?? "");

/** Taps a link of the phone's menu (in its "My club" group, closed at first, when said). */
async function menuLink(page: Page, name: string, group?: "My club") {
  await page.getByRole("button", { name: "Open navigation" }).click();
  await shows(page.locator("#mobile-navigation"));
  if (group) await page.getByRole("button", { name: group }).click();
  await page.locator("#mobile-navigation").getByRole("link", { name, exact: true }).click();
}

async function register(page: Page, who: typeof ADA) {
  await main(page).getByLabel("First name").fill(who.first);
  await main(page).getByLabel("Last name").fill(who.last);
  const email = main(page).getByLabel("Email");
  if ((await email.getAttribute("readonly")) === null) await email.fill(who.email);
  await main(page).getByLabel("Password").fill(who.password);
  await main(page).getByRole("button", { name: "Register", exact: true }).click();
  await onScreen(page, "Login");
}

/** Marks the page, so a later check can tell that it was never reloaded. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __sameLoad: true }));
const samePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad === true);

describe("a new club, from its first admin to its first meeting", () => {
  it("Ada registers on her phone and is told to confirm her address", async () => {
    await visit(ada, "/");
    await menuLink(ada, "Register");
    await onScreen(ada, "Register");
    await register(ada, ADA);
    await shows(main(ada).getByRole("status").filter({ hasText: "Registration successful" }));
    await shows(main(ada).getByRole("button", { name: "Resend confirmation email" }));
    await expectNoSidewaysScroll(ada, "/login after registering");
    await shot(ada, "new-club-login-registered-dark");
  });

  it("logging in before confirming says only that, with its one action", async () => {
    await main(ada).getByLabel("Password").fill(ADA.password);
    await main(ada).getByRole("button", { name: "Login", exact: true }).click();
    const line = main(ada).getByRole("alert").filter({ hasText: ServerMessages.emailNotConfirmed });
    await shows(line);
    // One state on screen: not the floor's wrong-password words, not the registration's notice.
    expect(await main(ada).getByText(Messages.invalidCredentials).count()).toBe(0);
    expect(
      await main(ada)
        .getByText(/Registration successful/)
        .count(),
    ).toBe(0);
    expect(await main(ada).getByRole("alert").count()).toBe(1);
    await main(ada).getByRole("button", { name: "Resend confirmation email" }).click();
    await shows(
      main(ada)
        .getByRole("status")
        .filter({ hasText: /confirm/i }),
    );
    await shot(ada, "new-club-login-not-confirmed-dark");
  });

  it("confirms by the emailed link, logs in as the club's admin, and Home has no meeting yet", async () => {
    await ada.goto(await emailedLink(ADA.email, "/confirm-email"));
    await shows(main(ada).getByText(ServerMessages.emailConfirmed));
    await ada.waitForURL((url) => url.pathname === "/login", { timeout: 8_000 });
    await onScreen(ada, "Login");
    await main(ada).getByLabel("Password").fill(ADA.password);
    await main(ada).getByRole("button", { name: "Login", exact: true }).click();
    await onScreen(ada, "Monthly Meetings");
    const card = main(ada).getByRole("region", { name: "Next meeting" });
    await shows(card.getByText(/Not scheduled yet/));
  });

  it("adds the club's first theme", async () => {
    await menuLink(ada, "Theme Ideas");
    await onScreen(ada, "Monthly Themes");
    await main(ada).getByRole("button", { name: "Add New Theme" }).click();
    const add = dialog(ada, "Add New Theme");
    await add.getByLabel("Theme name").fill(THEME);
    await add.getByRole("button", { name: "Submit" }).click();
    await hides(add);
    await shows(main(ada).getByText(THEME, { exact: true }));
  });

  it("invites Ben: each link stays listed with Share, and an open invite can be revoked", async () => {
    // The club's first member is its admin: Members is in her menu.
    await menuLink(ada, "Members", "My club");
    await onScreen(ada, "Members");
    await main(ada).getByLabel("Email (optional)").fill(BEN.email);
    await main(ada).getByRole("button", { name: "Create invite link" }).click();
    const forBen = main(ada).getByRole("listitem", { name: `For ${BEN.email}` });
    await shows(forBen.getByRole("textbox", { name: "Invite link" }));
    // A second link, for anyone: the first stays on screen beside it.
    await main(ada).getByRole("button", { name: "Create invite link" }).click();
    const forAnyone = main(ada).getByRole("listitem", { name: "Anyone with the link" });
    await shows(forAnyone.getByRole("textbox", { name: "Invite link" }));
    await shows(forBen.getByRole("textbox", { name: "Invite link" }));
    await shows(main(ada).getByText("Open invites (2)"));

    await forBen.getByRole("button", { name: "Share link" }).click();
    const benLink = await forBen.getByRole("textbox", { name: "Invite link" }).inputValue();
    await expect
      .poll(() => ada.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared))
      .toEqual([{ title: "Join the club", url: benLink }]);
    await expectNoSidewaysScroll(ada, "/members with two invites");
    await shot(ada, "new-club-members-invites-dark");

    const anyoneLink = await forAnyone.getByRole("textbox", { name: "Invite link" }).inputValue();
    await forAnyone.getByRole("button", { name: /^Revoke/ }).click();
    const ask = dialog(ada, "Revoke this invite?");
    await ask.getByRole("button", { name: "Revoke" }).click();
    await hides(ask);
    await hides(forAnyone);
    await shows(main(ada).getByText("Open invites (1)"));
    const token = new URL(anyoneLink).searchParams.get("invite");
    const refused = await club.api("POST", "/api/Register/register", {
      firstName: "Late",
      lastName: "Comer",
      email: "late@example.org",
      password: "late-long-password",
      invite: token,
    });
    expect(refused.status).toBe(400);
  });

  it("Ben joins with the emailed invite on his own phone", async () => {
    const link = await emailedLink(BEN.email, "/register?invite=");
    expect(subjectsTo(BEN.email)).toContain("You are invited to join the club");
    await visit(ben, link.slice(club.baseUrl.length));
    await onScreen(ben, "Register");
    await register(ben, BEN);
    await ben.goto(await emailedLink(BEN.email, "/confirm-email"));
    await shows(main(ben).getByText(ServerMessages.emailConfirmed));
    await ben.waitForURL((url) => url.pathname === "/login", { timeout: 8_000 });
    await onScreen(ben, "Login");
    await main(ben).getByLabel("Password").fill(BEN.password);
    await main(ben).getByRole("button", { name: "Login", exact: true }).click();
    await onScreen(ben, "Monthly Meetings");
    await shows(
      main(ben)
        .getByRole("region", { name: "Next meeting" })
        .getByText(/Not scheduled yet/),
    );
  });

  it("a role change asks first", async () => {
    // Later, Ada opens the club's Members page again (Ben joined meanwhile, from his phone).
    await visit(ada, "/members");
    await onScreen(ada, "Members");
    const role = main(ada).getByRole("combobox", { name: `Role of ${BEN.first} ${BEN.last}` });
    await role.selectOption("treasurer");
    const ask = dialog(ada, `Make ${BEN.first} ${BEN.last} Treasurer?`);
    await shows(ask);
    await shot(ada, "new-club-role-ask-dark");
    await ask.getByRole("button", { name: "Cancel" }).click();
    await hides(ask);
    expect(await role.inputValue()).toBe("member");
    const members = await club.apiOk<{ email: string; role: string }[]>(
      "GET",
      "/api/Members",
      undefined,
      (await club.tokensFor(ADA.email)).accessToken,
    );
    expect(members.find((m) => m.email === BEN.email)?.role).toBe("member");
    await role.selectOption("treasurer");
    await dialog(ada, `Make ${BEN.first} ${BEN.last} Treasurer?`)
      .getByRole("button", { name: "Make Treasurer" })
      .click();
    await shows(toast(ada, `${BEN.first} ${BEN.last} is now Treasurer.`));
    expect(await role.inputValue()).toBe("treasurer");
  });

  it("Ada adds the first meeting and Home's Next meeting card shows it without a reload", async () => {
    await menuLink(ada, "Home");
    await onScreen(ada, "Monthly Meetings");
    const card = main(ada).getByRole("region", { name: "Next meeting" });
    await shows(card.getByText(/Not scheduled yet/));
    await markPage(ada);
    await main(ada).getByRole("button", { name: "Add Meeting" }).click();
    const add = dialog(ada, "Add Meeting");
    await add.getByRole("button", { name: /^Next second Friday/ }).click();
    const date = await add.getByLabel("Date").inputValue();
    await add
      .getByRole("textbox", { name: /^Host/ })
      .or(add.getByRole("combobox", { name: /^Host/ }))
      .first()
      .fill(`${ADA.first} ${ADA.last}`);
    await chooseOption(add, ada, "Theme", THEME);
    await add.getByRole("button", { name: "Submit" }).click();
    await hides(add);
    await shows(card.getByText(longDate(date)));
    await shows(card.getByText(THEME, { exact: true }));
    await shows(card.getByText(`${ADA.first} ${ADA.last}`, { exact: true }));
    await shows(card.getByRole("group", { name: "Your answer" }));
    expect(await card.getByText(/Not scheduled yet/).count()).toBe(0);
    expect(await samePage(ada)).toBe(true);
    await expectNoSidewaysScroll(ada, "Home with the first meeting");
    await shot(ada, "new-club-home-first-meeting-dark");
    expectNoPageErrors(pool.watchOf(ada), "Ada's phone");
  });

  it("Ben's email says the date in words and asks before its Going link answers", async () => {
    const meetings = await club.apiOk<{ id: number; date: string }[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    const meeting = meetings[0]!;
    const day = longDate(meeting.date);
    await expect.poll(() => subjectsTo(BEN.email)).toContain(`New club meeting on ${day}`);
    const going = await emailedLink(BEN.email, "/rsvp?token=", /New club meeting/);
    expect(going).toMatch(/status=going$/);
    await emailedLink(BEN.email, "/rsvp?token=", /Not going: http/);

    // Opening the link (as a mail scanner would) answers nothing: the page asks.
    await visit(ben, going.slice(club.baseUrl.length));
    await onScreen(ben, "Your answer");
    await shows(main(ben).getByText(`The meeting on ${day}`));
    await shows(main(ben).getByText("Answer “Going”?"));
    const answers = async () =>
      (
        await club.apiOk<{ status: string }[]>(
          "GET",
          `/api/MonthlyMeetings/${meeting.id}/Rsvps`,
          undefined,
          (await club.tokensFor(BEN.email)).accessToken,
        )
      ).length;
    expect(await answers()).toBe(0);
    await expectNoSidewaysScroll(ben, "/rsvp asking");
    await shot(ben, "new-club-rsvp-ask-light");
    await main(ben).getByRole("button", { name: "Yes, answer Going" }).click();
    await shows(
      main(ben)
        .getByRole("status")
        .filter({ hasText: `You're going to the meeting on ${day}.` }),
    );
    await expect.poll(answers).toBe(1);

    await menuLink(ben, "Home");
    await onScreen(ben, "Monthly Meetings");
    const card = main(ben).getByRole("region", { name: "Next meeting" });
    await shows(card.getByRole("button", { name: "Going", pressed: true }));
    await shot(ben, "new-club-home-going-light");
    expectNoPageErrors(pool.watchOf(ben), "Ben's phone");
  });

  it("Ben's day: the library's phone rows say what a bottle is; one toast at a time, never over the next tap, Undo a tap away", async () => {
    const admin = (await club.tokensFor(ADA.email)).accessToken;
    const countries = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Countries");
    const states = await club.apiOk<{ id: number; name: string; countryId?: number }[]>("GET", "/api/States");
    const scotland = countries.find((c) => c.name === "Scotland")!;
    const islay = states.find((st) => st.name === "Islay")!;
    const types = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/DrinkTypes");
    const type = types.find((t) => t.name === "Single Malt Scotch")!;
    const bottle = await club.apiOk<{ id: number }>(
      "POST",
      "/api/Bottles/NewBottle",
      {
        name: "Ardbeg Ten",
        newBrand: "Ardbeg",
        drinkTypeId: type.id,
        countryId: scotland.id,
        stateId: islay.id,
        abv: 46,
      },
      admin,
    );
    for (const day of ["2026-01-10", "2026-02-14", "2026-03-13"])
      await club.apiOk(
        "POST",
        "/api/BottleInstances/new",
        { bottleId: bottle.id, datePurchased: day, purchasePrice: 49.5 },
        admin,
      );

    await menuLink(ben, "Library Bottles");
    await onScreen(ben, "Library Bottles");
    const row = main(ben)
      .getByRole("link", { name: /Ardbeg Ten/ })
      .first();
    await shows(row);
    const card = main(ben).getByRole("row").filter({ hasText: "Ardbeg Ten" }).first();
    // Each whole and on view: brand, type (not cut to "Single…"), country, state, ABV, status.
    for (const words of ["Ardbeg", "Single Malt Scotch", "Scotland", "Islay", "46%", "Sealed"]) {
      const cell = card.getByText(words, { exact: true });
      await shows(cell);
      expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth), words).toBe(true);
    }
    await shows(card.getByRole("button", { name: "Add Comment" }));
    expect(await card.getByRole("button", { name: "Add Comment" }).innerText()).toBe("Add Comment");
    await shot(ben, "new-club-library-phone-light");
    await row.click();
    await onScreen(ben, "Ardbeg Ten");

    const finish = main(ben).getByRole("button", { name: "Bottle Finished" });
    await expect.poll(() => finish.count()).toBe(3);
    const toasts = ben
      .getByRole("alert")
      .filter({ has: ben.getByRole("button", { name: "Close the message" }) });
    for (let i = 0; i < 3; i++) {
      await finish.first().click();
      const ask = dialog(ben, "Bottle Finished");
      await ask.getByRole("button", { name: "Mark finished" }).click();
      await hides(ask);
      await shows(toasts);
      // The one before leaves as this one comes: one toast at a time once it has gone.
      await expect.poll(() => toasts.count(), { message: "one toast at a time" }).toBe(1);
      // Nothing the member can tap next is under the toast.
      const box = (await toasts.first().boundingBox())!;
      await expect
        .poll(
          () =>
            main(ben)
              .locator("a[href], button, input, select, textarea")
              .evaluateAll(
                (els, top) =>
                  els
                    .filter((el) => {
                      const r = el.getBoundingClientRect();
                      return r.height > 0 && r.bottom > top && r.top < window.innerHeight;
                    })
                    .map((el) => el.getAttribute("aria-label") ?? el.textContent ?? el.tagName),
                box.y,
              ),
          { message: "controls under the toast" },
        )
        .toEqual([]);
      if (i === 0) await shot(ben, "new-club-bottle-toast-light");
    }
    await expect.poll(() => finish.count()).toBe(0);
    await toasts.first().getByRole("button", { name: "Undo" }).click();
    await shows(ben.getByRole("alert").filter({ hasText: "Undone" }));
    await expect.poll(() => finish.count()).toBe(1);
    expectNoPageErrors(pool.watchOf(ben), "Ben's bottle page");
  });
});

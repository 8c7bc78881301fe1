import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { ActivityEntry } from "@club/shared";
import { expectNoPageErrors, launchChromium, openSession, visit, type Session } from "./support/browser";
import { closeInOrder, expectNoSidewaysScroll, PHONE } from "./support/harness";
import { startClub, type Club, type Member } from "./support/server";
import { dialog, hides, onScreen, shows } from "./support/ui";

const main = (page: Page) => page.getByRole("main");
const tokens = (page: Page) => main(page).getByRole("region", { name: "API tokens" });
const devices = (page: Page) => main(page).getByRole("list", { name: "Your devices" });

/** A member's account on a phone: API tokens made in the browser and used by a script over HTTP. */
describe("the Account page's API tokens on a phone", () => {
  let club: Club;
  let browser: Browser;
  let phone: Session;
  let ann: Member;

  beforeAll(async () => {
    club = await startClub({ demoData: false });
    browser = await launchChromium();
    ann = await club.member({ firstName: "Ann", lastName: "Lee" });
    phone = await openSession(browser, club.baseUrl, { viewport: PHONE, mobile: true, as: ann });
  });
  afterAll(() => closeInOrder(phone, browser, club));

  it("a member makes a token, copies it once, a script uses it, and revoking it stops the script", async () => {
    const page = phone.page;
    await visit(page, "/account");
    await onScreen(page, "Your account");
    const card = tokens(page);
    await shows(card.getByText("No tokens yet."));

    await card.getByLabel("Token name").tap();
    await card.getByLabel("Token name").fill("Kitchen display");
    await card.getByRole("checkbox", { name: "Write" }).tap();
    await card.getByLabel("Expires after").selectOption({ label: "30 days" });
    await card.getByRole("button", { name: "Create token" }).tap();

    const shown = card.getByRole("textbox", { name: "Your new token" });
    await shows(shown);
    const token = await shown.inputValue();
    expect(token).toMatch(/^club_[A-Za-z0-9_-]{43}$/);
    await shows(card.getByRole("button", { name: "Copy token" }));
    const row = card.getByRole("listitem", { name: "Kitchen display" });
    await shows(row.getByText(/Read and write · made .* · never used · expires /));
    await expectNoSidewaysScroll(page, "/account with a new token");

    // The script: plain HTTP with the token, as the member.
    const account = await club.api("GET", "/api/Account", undefined, token);
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ email: ann.email });
    const renamed = await club.api("PUT", "/api/Account", { firstName: "Ann", lastName: "Scripted" }, token);
    expect(renamed.status).toBe(200);
    const log = await club.apiOk<ActivityEntry[]>(
      "GET",
      "/api/Activity?mine=true&limit=1",
      undefined,
      ann.accessToken,
    );
    expect(log[0]).toMatchObject({ action: "account.update", viaToken: "Kitchen display" });

    // The token is shown once: after a reload only its name and times are.
    await page.reload();
    await onScreen(page, "Your account");
    await shows(row.getByText(/last used /));
    await hides(card.getByRole("textbox", { name: "Your new token" }));
    expect(await page.content()).not.toContain(token);

    // The Activity screen says which token made the change.
    await visit(page, "/activity");
    await shows(main(page).getByText(/via token Kitchen display/));

    await visit(page, "/account");
    await onScreen(page, "Your account");
    await row.getByRole("button", { name: "Revoke the token Kitchen display" }).tap();
    await dialog(page, "Revoke this token?").getByRole("button", { name: "Revoke" }).tap();
    await hides(row);
    await shows(card.getByText("No tokens yet."));
    expect((await club.api("GET", "/api/Account", undefined, token)).status).toBe(401);
    expectNoPageErrors(phone.watch, "/account");
  });
});

/** Devices: two phones logged in as one member; one logs the other out. */
describe("the Account page's devices on two phones", () => {
  let club: Club;
  let browser: Browser;
  let first: Session;
  let second: Session;
  let bea: Member;

  beforeAll(async () => {
    club = await startClub({ demoData: false });
    browser = await launchChromium();
    bea = await club.member({ firstName: "Bea", lastName: "Moss" });
    first = await openSession(browser, club.baseUrl, { viewport: PHONE, mobile: true, as: bea });
    second = await openSession(browser, club.baseUrl, { viewport: PHONE, mobile: true, fresh: true });
  });
  afterAll(() => closeInOrder(first, second, browser, club));

  it("the second phone logs in, the first lists it and logs it out; the second is sent to login", async () => {
    // The second phone logs in with the password, in its own browser.
    await visit(second.page, "/login");
    await main(second.page).getByLabel("Email").fill(bea.email);
    await main(second.page).getByLabel("Password").fill("correct horse battery");
    await main(second.page).getByRole("button", { name: "Login", exact: true }).tap();
    await second.page.waitForURL((url) => url.pathname === "/");
    await visit(second.page, "/account");
    await onScreen(second.page, "Your account");
    const secondDevices = devices(second.page);
    await shows(secondDevices.getByRole("listitem", { name: /\(this device\)$/ }));

    // The first phone sees both: itself (logged in by the test, no browser named) and the second.
    const page = first.page;
    await visit(page, "/account");
    await onScreen(page, "Your account");
    const list = devices(page);
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
    const other = list.getByRole("listitem").filter({ hasNot: page.getByText("This device") });
    const name = (await other.getByRole("button", { name: /^Log out / }).getAttribute("aria-label"))!;
    expect(name).toMatch(/^Log out Chrome [\d.]+ on Linux$/);
    await shows(other.getByText(/Last seen .* from 127\.0\.0\.1/));
    await expectNoSidewaysScroll(page, "/account with two devices");

    await other.getByRole("button", { name }).tap();
    await dialog(page, "Log out this device?").getByRole("button", { name: "Log out" }).tap();
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
    await shows(list.getByRole("listitem", { name: /\(this device\)$/ }));

    // The second phone's next screen finds its session gone and asks for a login.
    await visit(second.page, "/account");
    await second.page.waitForURL((url) => url.pathname === "/login");
    // The first phone is still logged in.
    await page.reload();
    await onScreen(page, "Your account");
    expectNoPageErrors(first.watch, "/account");
  });
});

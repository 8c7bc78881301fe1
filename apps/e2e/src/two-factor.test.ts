import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { Secret, TOTP } from "otpauth";
import { expectNoPageErrors, launchChromium, openSession, visit, type Session } from "./support/browser";
import { closeInOrder, expectNoSidewaysScroll, PHONE, shot } from "./support/harness";
import { startClub, type Club, type Member } from "./support/server";
import { onScreen, shows } from "./support/ui";

const PASSWORD = "correct horse battery";
const main = (page: Page) => page.getByRole("main");
const card = (page: Page) => main(page).getByRole("region", { name: "Two-factor sign-in" });

/** The app's code for a secret, as a phone's authenticator app computes it (now, or a step later). */
const codeAt = (secret: string, stepsLater = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsLater * 30_000 });

/**
 * Two-factor sign-in on a phone: a member sets it up reading the secret off the screen, logs out,
 * logs in with password and code, then again with a recovery code.
 */
describe("two-factor sign-in on a phone", () => {
  let club: Club;
  let browser: Browser;
  let phone: Session;
  let ann: Member;

  beforeAll(async () => {
    club = await startClub({ demoData: false });
    browser = await launchChromium();
    ann = await club.member({ firstName: "Ann", lastName: "Lee" });
    phone = await openSession(browser, club.baseUrl, {
      viewport: PHONE,
      mobile: true,
      as: ann,
      colorScheme: "light",
      theme: "light",
    });
  });
  afterAll(() => closeInOrder(phone, browser, club));

  async function logOut(page: Page) {
    // On a phone, Logout is in the navigation menu.
    await page.getByRole("button", { name: "Open navigation" }).tap();
    await page.locator("#mobile-navigation").getByRole("button", { name: "Logout" }).tap();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("refreshToken"))).toBeNull();
  }

  async function password(page: Page) {
    await visit(page, "/login");
    await main(page).getByLabel("Email").fill(ann.email);
    await main(page).getByLabel("Password").fill(PASSWORD);
    await main(page).getByRole("button", { name: "Login", exact: true }).tap();
    await onScreen(page, "Two-factor sign-in");
  }

  let secret = "";
  let recoveryCodes: string[] = [];

  it("sets it up with the secret read off the screen and a code; the recovery codes are shown once", async () => {
    const page = phone.page;
    await visit(page, "/account");
    await onScreen(page, "Your account");
    await card(page).getByRole("button", { name: "Set up two-factor sign-in" }).tap();
    await shows(card(page).getByRole("img", { name: "QR code of your two-factor secret" }));
    const shown = card(page).getByRole("textbox", { name: "Secret to type" });
    await shows(shown);
    secret = (await shown.inputValue()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const field = card(page).getByLabel("Code from your app");
    expect(await field.getAttribute("inputmode")).toBe("numeric");
    expect(await field.getAttribute("autocomplete")).toBe("one-time-code");
    await expectNoSidewaysScroll(page, "/account, setting up two-factor sign-in");
    await card(page).scrollIntoViewIfNeeded();
    await shot(page, "two-factor-setup-phone-light", false);

    // A wrong code first: the server's sentence, and it stays off.
    await field.fill("000000");
    await card(page).getByRole("button", { name: "Turn on" }).tap();
    await shows(
      card(page).getByText(
        "That code is not right. Enter the current 6-digit code from your authenticator app.",
      ),
    );
    await field.fill(codeAt(secret));
    await card(page).getByRole("button", { name: "Turn on" }).tap();

    const list = card(page).getByRole("list", { name: "Your recovery codes" });
    await shows(list);
    recoveryCodes = await list.getByRole("listitem").allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await shows(card(page).getByRole("button", { name: "Copy codes" }));
    await shows(card(page).getByRole("button", { name: "Download codes" }));
    await expectNoSidewaysScroll(page, "/account, the recovery codes");
    await list.scrollIntoViewIfNeeded();
    await shot(page, "two-factor-codes-phone-light", false);
    await card(page).getByRole("button", { name: "I have saved them" }).tap();
    await shows(card(page).getByText("On. 10 of 10 recovery codes left."));
    // Shown once: after a reload neither the secret nor the codes are on the page.
    await page.reload();
    await onScreen(page, "Your account");
    await shows(card(page).getByText("On. 10 of 10 recovery codes left."));
    const html = await page.content();
    expect(html).not.toContain(recoveryCodes[0]);
    expect(html).not.toContain(secret);
  });

  it("logs out, then in with the password and the app's code", async () => {
    const page = phone.page;
    await logOut(page);
    await password(page);
    const field = main(page).getByLabel("Code from your app");
    expect(await field.getAttribute("inputmode")).toBe("numeric");
    expect(await field.getAttribute("autocomplete")).toBe("one-time-code");
    await expectNoSidewaysScroll(page, "/login, the second step");
    await shot(page, "two-factor-login-phone-light");
    // The code that turned it on may still be the app's current one, and a code works once: the
    // next step's code, which the server takes too (a phone's clock a little ahead).
    await field.fill(codeAt(secret, 1));
    await main(page).getByRole("button", { name: "Verify" }).tap();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.evaluate(() => localStorage.getItem("email"))).toBe(ann.email);
  });

  it("logs out, then in with the password and a recovery code, which works once", async () => {
    const page = phone.page;
    await logOut(page);
    await password(page);
    await main(page).getByRole("button", { name: "Use a recovery code instead" }).tap();
    const field = main(page).getByLabel("Recovery code");
    await field.fill(recoveryCodes[0] ?? "");
    await main(page).getByRole("button", { name: "Verify" }).tap();
    await page.waitForURL((url) => url.pathname === "/");

    await visit(page, "/account");
    await onScreen(page, "Your account");
    await shows(card(page).getByText("On. 9 of 10 recovery codes left."));

    // The same recovery code again is refused, in words.
    await logOut(page);
    await password(page);
    await main(page).getByRole("button", { name: "Use a recovery code instead" }).tap();
    await main(page)
      .getByLabel("Recovery code")
      .fill(recoveryCodes[0] ?? "");
    await main(page).getByRole("button", { name: "Verify" }).tap();
    await shows(main(page).getByText(/That code is not right\./));
    expectNoPageErrors(phone.watch, "/login");
  });
});

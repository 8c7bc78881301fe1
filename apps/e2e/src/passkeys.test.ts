import { generateKeyPairSync, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, CDPSession, Page } from "playwright-core";
import { Secret, TOTP } from "otpauth";
import type { ActivityEntry, TotpSetup } from "@club/shared";
import {
  appliedScheme,
  expectNoPageErrors,
  launchChromium,
  openSession,
  visit,
  type Session,
} from "./support/browser";
import { closeInOrder, expectNoSidewaysScroll, PHONE, shot } from "./support/harness";
import { startClub, type Club, type Member } from "./support/server";
import { dialog, hides, onScreen, shows } from "./support/ui";

const main = (page: Page) => page.getByRole("main");
const card = (page: Page) => main(page).getByRole("region", { name: "Passkeys" });
const passkeyRows = (page: Page) =>
  card(page).getByRole("list", { name: "Your passkeys" }).getByRole("listitem");

/**
 * Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): a platform
 * authenticator that keeps discoverable passkeys and verifies its user at once, as a phone's
 * fingerprint would.
 */
async function addAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

async function addPasskey(page: Page, name: string) {
  const field = card(page).getByLabel("Passkey name");
  await field.tap();
  await field.fill(name);
  await card(page).getByRole("button", { name: "Add a passkey" }).tap();
  await shows(card(page).getByRole("listitem", { name }));
}

/**
 * A member's passkeys on a phone, in light and dark: two added on the Account page (one per
 * device), one renamed, one removed after its phone was lost, and a sign-in with the other after
 * logging out, which is the same session as a password's.
 */
describe("passkeys on a phone", () => {
  let club: Club;
  let browser: Browser;
  let phone: Session;
  let ann: Member;
  let cdp: CDPSession;
  let laptopKey = "";
  let base = "";

  beforeAll(async () => {
    club = await startClub({ demoData: false });
    // A passkey's relying party is a host name (an IP address is none): the club at localhost.
    base = club.baseUrl.replace("127.0.0.1", "localhost");
    club.config.appUrl = base;
    browser = await launchChromium();
    ann = await club.member({ firstName: "Ann", lastName: "Lee" });
    phone = await openSession(browser, base, { viewport: PHONE, mobile: true, as: ann, fresh: true });
    cdp = await phone.context.newCDPSession(phone.page);
    await cdp.send("WebAuthn.enable");
  });
  afterAll(() => closeInOrder(phone, browser, club));

  it("adds two passkeys, renames one, removes one, logs out and signs in with the other", async () => {
    const page = phone.page;
    const phoneKey = await addAuthenticator(cdp);
    await visit(page, "/account");
    await onScreen(page, "Your account");
    await shows(card(page).getByText("No passkeys yet."));
    // The name starts as the device's.
    await expect.poll(() => card(page).getByLabel("Passkey name").inputValue()).not.toBe("");
    await addPasskey(page, "Ann's phone");
    await shows(
      card(page)
        .getByRole("listitem", { name: "Ann's phone" })
        .getByText(/added .* · never used/),
    );

    // The second device: another authenticator (the phone's is gone from this browser).
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: phoneKey });
    laptopKey = await addAuthenticator(cdp);
    await addPasskey(page, "Laptop");
    await expect.poll(() => passkeyRows(page).count()).toBe(2);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId: laptopKey });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    await expectNoSidewaysScroll(page, "/account with two passkeys");
    await shot(page, "passkeys-account-dark");
    // The rest in the light theme.
    await page.evaluate(() => window.localStorage.setItem("theme", "light"));
    await page.reload();
    await onScreen(page, "Your account");
    expect(await appliedScheme(page)).toBe("light");
    await expect.poll(() => passkeyRows(page).count()).toBe(2);
    await shot(page, "passkeys-account-light");

    // Renamed.
    await card(page).getByRole("button", { name: "Rename the passkey Laptop" }).tap();
    const rename = dialog(page, "Rename this passkey");
    await rename.getByLabel("Passkey name").fill("Work laptop");
    await shot(page, "passkeys-rename");
    await rename.getByRole("button", { name: "Save" }).tap();
    await hides(rename);
    await shows(card(page).getByRole("listitem", { name: "Work laptop" }));

    // The phone was lost: its passkey is removed, after a confirmation.
    await card(page).getByRole("button", { name: "Remove the passkey Ann's phone" }).tap();
    const confirm = dialog(page, "Remove this passkey?");
    await shows(confirm.getByText(/Ann's phone will no longer sign you in/));
    await shot(page, "passkeys-remove");
    await confirm.getByRole("button", { name: "Remove" }).tap();
    await hides(card(page).getByRole("listitem", { name: "Ann's phone" }));
    await expect.poll(() => passkeyRows(page).count()).toBe(1);
    const log = await club.apiOk<ActivityEntry[]>(
      "GET",
      "/api/Activity?mine=true&limit=4",
      undefined,
      ann.accessToken,
    );
    expect(log.map((e) => e.action)).toEqual([
      "passkeys.remove",
      "passkeys.rename",
      "passkeys.register",
      "passkeys.register",
    ]);

    // Logged out, then signed in with the laptop's passkey: no email, no password.
    await page.getByRole("button", { name: "Open navigation" }).tap();
    await shows(page.locator("#mobile-navigation"));
    await page.locator("#mobile-navigation").getByRole("button", { name: "Logout" }).tap();
    await visit(page, "/login?next=/account");
    await onScreen(page, "Login");
    await shot(page, "passkeys-login");
    await main(page).getByRole("button", { name: "Sign in with a passkey" }).tap();
    await page.waitForURL((url) => url.pathname === "/account");
    await onScreen(page, "Your account");
    await shows(
      card(page)
        .getByRole("listitem", { name: "Work laptop" })
        .getByText(/last used /),
    );
    // The same session as a password login: the app keeps a token pair that refreshes.
    const refreshToken = await page.evaluate(() => window.localStorage.getItem("refreshToken"));
    expect(refreshToken).toBeTruthy();
    const refreshed = await club.api("POST", "/api/Register/refresh", { refreshToken });
    expect(refreshed.status).toBe(200);
    expectNoPageErrors(phone.watch, "passkeys");
  });

  it("a passkey the club does not know signs no one in, and the login screen says so", async () => {
    const page = phone.page;
    // Another device, holding a passkey for this host that was never added here.
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: laptopKey });
    const strangerKey = await addAuthenticator(cdp);
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    await cdp.send("WebAuthn.addCredential", {
      authenticatorId: strangerKey,
      credential: {
        credentialId: randomBytes(16).toString("base64"),
        isResidentCredential: true,
        rpId: "localhost",
        privateKey: privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
        userHandle: Buffer.from("someone-else").toString("base64"),
        signCount: 0,
      },
    });
    await page.evaluate(() => window.localStorage.clear());
    await visit(page, "/login");
    await onScreen(page, "Login");
    await main(page).getByRole("button", { name: "Sign in with a passkey" }).tap();
    const alert = main(page).getByRole("alert").filter({ hasText: "You were not signed in with a passkey." });
    await shows(alert.getByText(/That passkey is not registered here/));
    expect(new URL(page.url()).pathname).toBe("/login");
    await expectNoSidewaysScroll(page, "/login after an unknown passkey");
    await shot(page, "passkeys-login-unknown");
  });

  it("with two-factor sign-in on: the password, then a passkey instead of the code, signs in", async () => {
    const bo = await club.member({ firstName: "Bo", lastName: "Berg" });
    const setup = await club.apiOk<TotpSetup>("POST", "/api/Account/Totp/Setup", undefined, bo.accessToken);
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
    await club.apiOk("POST", "/api/Account/Totp/Enable", { code }, bo.accessToken);
    const second = await openSession(browser, base, { viewport: PHONE, mobile: true, as: bo, fresh: true });
    try {
      const page = second.page;
      const boCdp = await second.context.newCDPSession(page);
      await boCdp.send("WebAuthn.enable");
      await addAuthenticator(boCdp);
      await visit(page, "/account");
      await onScreen(page, "Your account");
      await addPasskey(page, "Bo's phone");

      await page.getByRole("button", { name: "Open navigation" }).tap();
      await page.locator("#mobile-navigation").getByRole("button", { name: "Logout" }).tap();
      await expect.poll(() => page.evaluate(() => localStorage.getItem("refreshToken"))).toBeNull();
      await visit(page, "/login");
      await main(page).getByLabel("Email").fill(bo.email);
      await main(page).getByLabel("Password").fill("correct horse battery");
      await main(page).getByRole("button", { name: "Login", exact: true }).tap();
      await onScreen(page, "Two-factor sign-in");
      const instead = main(page).getByRole("button", { name: "Use a passkey instead" });
      await shows(instead);
      await expectNoSidewaysScroll(page, "/login, the second step with a passkey");
      await shot(page, "passkeys-second-step-dark");
      // And in light: the header's toggle, which keeps the step on screen.
      await page.getByRole("banner").getByRole("button", { name: "Light Mode" }).tap();
      await expect.poll(() => appliedScheme(page)).toBe("light");
      await shot(page, "passkeys-second-step-light");
      await instead.tap();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await page.evaluate(() => localStorage.getItem("email"))).toBe(bo.email);
      const refreshToken = await page.evaluate(() => window.localStorage.getItem("refreshToken"));
      expect((await club.api("POST", "/api/Register/refresh", { refreshToken })).status).toBe(200);
      expectNoPageErrors(second.watch, "the second step with a passkey");
    } finally {
      await second.close();
    }
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startOidcProvider, type TestOidcProvider } from "@club/testing/oidc";
import {
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { seriousViolations } from "./support/axe";
import { closeInOrder, PHONE } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club } from "./support/server";
import { onScreen, shows } from "./support/ui";

const LABEL = "Sign in with Test ID";
const ADA = {
  sub: "e2e-ada",
  email: "ada.sso@example.com",
  email_verified: true,
  given_name: "Ada",
  family_name: "Lovelace",
};
const SHOTS = process.env.OIDC_SHOTS_DIR;

const main = (page: Page) => page.getByRole("main");
const stored = (page: Page) =>
  page.evaluate(() => ({
    accessToken: localStorage.getItem("accessToken"),
    email: localStorage.getItem("email"),
  }));

/**
 * Single sign-on: a real OpenID provider (oidc-provider, in this process) with its own
 * login and consent pages; the club's login screen sends the browser there and back.
 */
describe("single sign-on in the browser", () => {
  let club: Club;
  let provider: TestOidcProvider;
  let browser: Browser;
  let session: Session | undefined;

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    // The redirect URI names the club's port, known only once it listens: the settings follow.
    provider = await startOidcProvider({
      redirectUri: `${club.baseUrl}/auth/oidc/callback`,
      users: [
        ADA,
        { sub: "e2e-newt", email: "newt.sso@example.com", email_verified: true, name: "Newt Scamander" },
        {
          sub: "e2e-grace",
          email: "grace.sso@example.com",
          email_verified: true,
          name: "Grace Hopper",
          groups: ["whisky-admins"],
        },
      ],
      interactive: true,
    });
    club.config.oidc = {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      buttonLabel: LABEL,
      roles: null,
      autoRedirect: false,
    };
    browser = await launchChromium();
  });
  afterAll(() => closeInOrder(browser, provider, club));
  afterEach(screenshotOnFailure("oidc", () => session?.page));
  afterEach(async () => {
    if (session) expectNoPageErrors(session.watch, "single sign-on");
    await session?.close();
    session = undefined;
  });

  /** The provider's own pages: choose the account, "Sign in", then "Allow". */
  async function atProvider(page: Page, sub: string) {
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.getByLabel("Account").selectOption(sub);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Allow" }).click();
  }

  it("on a phone: the button, the provider's login and consent, back logged in where the member was going", async () => {
    session = await openSession(browser, club.baseUrl, { viewport: PHONE, theme: "dark" });
    const { page } = session;
    await visit(page, "/login?next=%2Flibrary-bottles");
    const button = main(page).getByRole("link", { name: LABEL });
    await shows(button);
    const box = await button.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(40);
    await button.click();
    await atProvider(page, ADA.sub);
    await page.waitForURL((url) => url.origin === club.baseUrl && url.pathname === "/library-bottles", {
      timeout: 30_000,
    });
    await onScreen(page, "Library Bottles");
    expect(await stored(page)).toMatchObject({ email: ADA.email, accessToken: expect.any(String) });
    // Signed in as a member: the member's own actions are there.
    await shows(main(page).getByRole("button", { name: "Add New Bottle" }));
    // The one-time code left no trace in the address bar.
    expect(page.url()).not.toMatch(/code=/);
    const row = club.app.deps.db.$client
      .prepare("SELECT status, oidc_subject AS subject FROM members WHERE email = ?")
      .get(ADA.email);
    expect(row).toEqual({ status: "active", subject: ADA.sub });
    expectNoCspViolations(session.watch, "single sign-on");
  });

  it("the password login still works beside it; the screen passes axe with the button", async () => {
    session = await openSession(browser, club.baseUrl, { theme: "light" });
    const { page } = session;
    await visit(page, "/login?sso=FAILED");
    await shows(main(page).getByRole("link", { name: LABEL }));
    expect(await seriousViolations(page)).toEqual([]);
    await main(page).getByLabel("Email").fill(DEMO_LOGIN.email);
    await main(page).getByLabel("Password").fill(DEMO_LOGIN.password);
    await main(page).getByRole("button", { name: "Login", exact: true }).click();
    await shows(page.getByText(`Welcome, ${DEMO_LOGIN.email}`));
  });

  it("a refusal comes back to the login screen in plain words (REGISTRATION=invite, a new person)", async () => {
    const registration = club.config.registration;
    club.config.registration = "invite";
    try {
      session = await openSession(browser, club.baseUrl, { viewport: PHONE });
      const { page } = session;
      await visit(page, "/login");
      await main(page).getByRole("link", { name: LABEL }).click();
      await atProvider(page, "e2e-newt");
      await page.waitForURL((url) => url.origin === club.baseUrl && url.pathname === "/login");
      await shows(main(page).getByRole("alert").filter({ hasText: "joining this club needs an invite" }));
      expect(await stored(page)).toMatchObject({ accessToken: null });
    } finally {
      club.config.registration = registration;
    }
  });

  it("OIDC_AUTO_REDIRECT on a phone: the login page goes straight to the provider; the admin group comes back an admin; ?local=1 keeps the password", async () => {
    const settings = club.config.oidc!;
    club.config.oidc = {
      ...settings,
      autoRedirect: true,
      roles: { claim: "groups", admin: ["whisky-admins"], treasurer: ["whisky-treasury"] },
    };
    try {
      session = await openSession(browser, club.baseUrl, { viewport: PHONE, mobile: true, fresh: true });
      const { page } = session;
      await page.goto("/login?next=%2Fmembers");
      await atProvider(page, "e2e-grace");
      await page.waitForURL((url) => url.origin === club.baseUrl && url.pathname === "/members", {
        timeout: 30_000,
      });
      await onScreen(page, "Members");
      // The admin's screen, not the refusal: the provider's group gave the role.
      await shows(main(page).getByRole("heading", { name: /^Members \(\d+\)$/ }));
      const row = club.app.deps.db.$client
        .prepare("SELECT role FROM members WHERE oidc_subject = ?")
        .get("e2e-grace");
      expect(row).toEqual({ role: "admin" });

      // A local admin's way around it: the password form, no trip to the provider.
      await page.evaluate(() => localStorage.clear());
      await visit(page, "/login?local=1");
      await shows(main(page).getByLabel("Password"));
      expect(new URL(page.url()).origin).toBe(club.baseUrl);
      await main(page).getByLabel("Email").fill(DEMO_LOGIN.email);
      await main(page).getByLabel("Password").fill(DEMO_LOGIN.password);
      await main(page).getByRole("button", { name: "Login", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await stored(page)).toMatchObject({ email: DEMO_LOGIN.email, accessToken: expect.any(String) });
    } finally {
      club.config.oidc = settings;
    }
  });

  it("a used or missing sign-in code says so and offers the way back", async () => {
    session = await openSession(browser, club.baseUrl, { viewport: PHONE });
    const { page } = session;
    await visit(page, `/login/sso#code=${"A".repeat(43)}`);
    await shows(main(page).getByText("This sign-in did not finish in time. Please sign in again."));
    expect(await seriousViolations(page)).toEqual([]);
    await main(page).getByRole("link", { name: "Back to login" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
  });

  it.runIf(SHOTS)("screenshots of the login screen with the button", async () => {
    for (const theme of ["dark", "light"] as const)
      for (const [name, viewport] of [
        ["phone", PHONE],
        ["desktop", { width: 1366, height: 900 }],
      ] as const) {
        const s = await openSession(browser, club.baseUrl, { theme, viewport });
        await visit(s.page, "/login");
        await shows(main(s.page).getByRole("link", { name: LABEL }));
        const overflow = await s.page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${theme} ${name}`).toBeLessThanOrEqual(0);
        await s.page.screenshot({ path: `${SHOTS}/login-${theme}-${name}.png`, fullPage: true });
        await visit(s.page, "/login?sso=EMAIL_UNVERIFIED");
        await s.page.screenshot({ path: `${SHOTS}/login-refused-${theme}-${name}.png`, fullPage: true });
        await visit(s.page, "/login?sso=MEMBERSHIP_PENDING");
        await s.page.screenshot({ path: `${SHOTS}/login-pending-${theme}-${name}.png`, fullPage: true });
        await visit(s.page, "/register");
        await shows(main(s.page).getByRole("link", { name: LABEL }));
        await s.page.screenshot({ path: `${SHOTS}/register-${theme}-${name}.png`, fullPage: true });
        await visit(s.page, "/login/sso");
        await shows(main(s.page).getByRole("link", { name: "Back to login" }));
        await s.page.screenshot({ path: `${SHOTS}/landing-failed-${theme}-${name}.png`, fullPage: true });
        await s.close();
      }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { Messages, ServerMessages } from "@club/shared";
import { launchChromium, openSession, visit, type Session } from "./support/browser";
import { closeInOrder } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club } from "./support/server";
import { shows } from "./support/ui";

/**
 * A rate-limited login (HTTP 429, tRPC TOO_MANY_REQUESTS) says so, in the server's words,
 * instead of 'Invalid credentials. Try again.' (which would send the member hunting for a typo).
 */
describe("login when rate limited", () => {
  let club: Club;
  let browser: Browser;
  let session: Session;

  beforeAll(async () => {
    club = await startClub({ demoData: true, env: { RATE_LIMIT_AUTH_MAX: "2" } });
    browser = await launchChromium();
    session = await openSession(browser, club.baseUrl);
  });

  afterAll(() => closeInOrder(session, browser, club));

  it("shows the floor's text for wrong credentials, then the server's rate-limit message", async () => {
    const { page } = session;
    const main = page.getByRole("main");
    await visit(page, "/login");
    const attempt = async (password: string) => {
      await main.getByLabel("Email").fill(DEMO_LOGIN.email);
      await main.getByLabel("Password").fill(password);
      await main.getByRole("button", { name: "Login", exact: true }).click();
    };

    for (let i = 0; i < 2; i++) {
      await attempt("not-the-password");
      await shows(main.getByRole("alert").filter({ hasText: Messages.invalidCredentials }));
    }
    // The third try in the window is refused before the password is even checked (the right one here).
    await attempt(DEMO_LOGIN.password);
    await shows(main.getByRole("alert").filter({ hasText: ServerMessages.tooManyRequests }));
    expect(await main.getByRole("alert").filter({ hasText: Messages.invalidCredentials }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
  });
});

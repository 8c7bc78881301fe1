import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { Messages, ServerMessages } from "@club/shared";
import {
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  openSession,
  visit,
  type Session,
} from "./support/browser";
import { closeInOrder, expectNoSidewaysScroll, PHONE } from "./support/harness";
import { DEMO_LOGIN, decodeQuotedPrintable, startClub, type Club } from "./support/server";
import { dialog, onScreen, shows, hides, toast } from "./support/ui";

/** The link to `path` in the newest email to `to` (waiting for one that has it). */
async function emailedLink(club: Club, to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path}\\?[^\\s"'<>]+`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = club.smtp.messages.filter((m) => m.to.includes(to)).reverse();
        for (const mail of mails) {
          const match = pattern.exec(decodeQuotedPrintable(mail.raw));
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

const main = (page: Page) => page.getByRole("main");
const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** On a phone the account buttons are in the burger menu. */
async function openMenu(page: Page) {
  await page.getByRole("button", { name: "Open navigation" }).click();
  await shows(page.locator("#mobile-navigation"));
}

describe("membership under REGISTRATION=approval", () => {
  let club: Club;
  let browser: Browser;
  let newcomer: Session;
  let admin: Session;
  const email = "newt@example.org";
  const password = "newt-first-password";
  const newPassword = "newt-second-password";
  let bottlePath = "";
  let bottleName = "";

  beforeAll(async () => {
    club = await startClub({ demoData: true, env: { REGISTRATION: "approval" } });
    browser = await launchChromium();
    const bottles = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Bottles");
    bottlePath = `/bottle/${bottles[0]!.id}`;
    bottleName = bottles[0]!.name;
    newcomer = await openSession(browser, club.baseUrl, { viewport: PHONE, theme: "light" });
    admin = await openSession(browser, club.baseUrl, {
      viewport: PHONE,
      as: await club.tokensFor(DEMO_LOGIN.email),
    });
  });
  afterAll(() => closeInOrder(newcomer, admin, browser, club));

  it("a newcomer registers on a phone and is sent to login with the email filled in", async () => {
    const page = newcomer.page;
    await visit(page, "/");
    await openMenu(page);
    await page.getByRole("link", { name: "Register", exact: true }).click();
    await onScreen(page, "Register");
    await main(page).getByLabel("First name").fill("Newt");
    await main(page).getByLabel("Last name").fill("Comer");
    await main(page).getByLabel("Email").fill(email);
    await main(page).getByLabel("Password").fill(password);
    await main(page).getByRole("button", { name: "Register", exact: true }).click();
    await onScreen(page, "Login");
    expect(new URL(page.url()).searchParams.get("email")).toBe(email);
    expect(await main(page).getByLabel("Email").inputValue()).toBe(email);
    await expectNoSidewaysScroll(page, "/login after registering");
  });

  it("confirms through the emailed link, hears that an admin must approve, and returns to login", async () => {
    const page = newcomer.page;
    await page.goto(await emailedLink(club, email, "/confirm-email"));
    await shows(main(page).getByText(ServerMessages.emailConfirmedPending));
    await page.waitForURL((url) => url.pathname === "/login", { timeout: 8_000 });
    await onScreen(page, "Login");
    expect(await main(page).getByLabel("Email").inputValue()).toBe(email);
  });

  it("cannot log in yet: the login screen says the membership waits for approval", async () => {
    const page = newcomer.page;
    await main(page).getByLabel("Password").fill(password);
    await main(page).getByRole("button", { name: "Login", exact: true }).click();
    // Only the waiting message, not 'Invalid credentials' (the password was right).
    const alert = main(page).getByRole("alert").filter({ hasText: ServerMessages.membershipPending });
    await shows(alert);
    expect(await main(page).getByText(Messages.invalidCredentials).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/login");
    await expectNoSidewaysScroll(page, "/login with the pending message");
  });

  it("the demo admin, on a phone, sees the waiting request in the menu and approves it on /members", async () => {
    const page = admin.page;
    await visit(page, "/");
    await openMenu(page);
    const members = nav(page).getByRole("link", { name: "Members (1 waiting for approval)" });
    await shows(members);
    await members.click();
    await onScreen(page, "Members");
    const waiting = main(page).getByRole("region", { name: "Waiting for approval (1)" });
    await shows(waiting.getByText(email));
    await waiting.getByRole("button", { name: "Approve Newt Comer" }).click();
    await shows(toast(page, "Newt Comer is now a member."));
    await hides(main(page).getByRole("region", { name: /^Waiting for approval/ }));
    await expectNoSidewaysScroll(page, "/members on a phone");
    await openMenu(page);
    await shows(nav(page).getByRole("link", { name: "Members", exact: true }));
    const approved = (
      await club.apiOk<{ email: string; status: string }[]>(
        "GET",
        "/api/Members",
        undefined,
        (await club.tokensFor(DEMO_LOGIN.email)).accessToken,
      )
    ).find((m) => m.email === email);
    expect(approved?.status).toBe("active");
    expectNoCspViolations(admin.watch, "/members");
    expectNoPageErrors(admin.watch, "/members");
  });

  it("the newcomer logs in from a bottle's page and lands back on it", async () => {
    const page = newcomer.page;
    await visit(page, bottlePath);
    await openMenu(page);
    await page.getByRole("link", { name: "Login", exact: true }).click();
    await onScreen(page, "Login");
    expect(new URL(page.url()).searchParams.get("next")).toBe(bottlePath);
    // The link survives a reload: the server serves the login screen for /login?next=...
    await page.reload();
    await onScreen(page, "Login");
    await main(page).getByLabel("Email").fill(email);
    await main(page).getByLabel("Password").fill(password);
    await main(page).getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL((url) => url.pathname === bottlePath);
    // The route change renders after the URL changes and closes the menu: open it once the page is there.
    await onScreen(page, bottleName);
    await openMenu(page);
    await shows(page.locator("#mobile-navigation").getByText(`Welcome, ${email}`));
  });

  it("a member who is not an admin gets no Members link, and /members says it is for admins", async () => {
    const page = newcomer.page;
    await shows(page.locator("#mobile-navigation").getByRole("link", { name: "Account", exact: true }));
    expect(
      await nav(page)
        .getByRole("link", { name: /^Members/ })
        .count(),
    ).toBe(0);
    await visit(page, "/members");
    await shows(main(page).getByRole("alert").filter({ hasText: ServerMessages.adminOnly }));
    await expectNoSidewaysScroll(page, "/members as a member");
  });

  it("the approved newcomer corrects their own comment, deletes it, and undoes the deletion from the toast", async () => {
    const page = newcomer.page;
    const { accessToken: token } = await club.apiOk<{ accessToken: string }>("POST", "/login", {
      email,
      password,
    });
    const bottleId = Number(bottlePath.split("/").pop());
    const posted = await club.api(
      "POST",
      "/api/BottleComments",
      { bottleId, comment: "Smoky, a bit thin." },
      token,
    );
    expect(posted.status).toBe(201);
    await visit(page, bottlePath);
    await shows(main(page).getByText("Smoky, a bit thin.", { exact: true }));

    await main(page).getByRole("button", { name: "Edit comment" }).first().click();
    const edit = dialog(page, "Edit Comment");
    await edit.getByRole("textbox", { name: "Comment" }).fill("Smoky, and long on the finish.");
    await edit.getByRole("button", { name: "Save" }).click();
    await hides(edit);
    await shows(main(page).getByText("Smoky, and long on the finish.", { exact: true }));

    await main(page).getByRole("button", { name: "Delete comment" }).first().click();
    const confirm = dialog(page, "Delete Comment");
    await confirm.getByRole("button", { name: "Delete comment" }).click();
    await hides(confirm);
    await hides(main(page).getByText("Smoky, and long on the finish.", { exact: true }));
    await toast(page, "Comment deleted.").getByRole("button", { name: "Undo" }).click();
    await shows(main(page).getByText("Smoky, and long on the finish.", { exact: true }));
    const comments = await club.apiOk<{ comment: string }[]>("GET", `/api/BottleComments/bottle/${bottleId}`);
    expect(comments.map((c) => c.comment)).toContain("Smoky, and long on the finish.");
    await expectNoSidewaysScroll(page, "the bottle page after undo");
  });

  it("forgot password: the emailed link sets a new one, then login with the email filled in", async () => {
    const s = await openSession(browser, club.baseUrl, { viewport: PHONE });
    const page = s.page;
    try {
      await visit(page, "/login");
      await main(page).getByLabel("Email").fill(email);
      await main(page).getByRole("link", { name: "Forgot password?" }).click();
      await onScreen(page, "Forgot password");
      expect(await main(page).getByLabel("Email").inputValue()).toBe(email);
      await main(page).getByRole("button", { name: "Send reset link" }).click();
      await shows(main(page).getByText(ServerMessages.resetRequested));

      await page.goto(await emailedLink(club, email, "/reset-password"));
      await onScreen(page, "Choose a new password");
      await main(page)
        .getByLabel(/^New password/)
        .fill(newPassword);
      await main(page).getByLabel("Repeat new password").fill(`${newPassword}-typo`);
      await main(page).getByRole("button", { name: "Set new password" }).click();
      await shows(main(page).getByText("The two passwords are not the same."));
      await main(page).getByLabel("Repeat new password").fill(newPassword);
      await main(page).getByRole("button", { name: "Set new password" }).click();
      await onScreen(page, "Login");
      await shows(main(page).getByText(ServerMessages.passwordChanged));
      expect(await main(page).getByLabel("Email").inputValue()).toBe(email);
      await expectNoSidewaysScroll(page, "/login after a reset");

      expect((await club.api("POST", "/login", { email, password })).status).toBe(401);
      await main(page).getByLabel("Password").fill(newPassword);
      await main(page).getByRole("button", { name: "Login", exact: true }).click();
      await onScreen(page, "Monthly Meetings");
      expect(new URL(page.url()).pathname).toBe("/");
      expectNoPageErrors(s.watch, "the password reset");
    } finally {
      await s.close();
    }
  });

  it("account: the name, a password change that keeps this device in, and log out everywhere", async () => {
    const tokens = await club.apiOk<{ accessToken: string; refreshToken: string }>("POST", "/login", {
      email,
      password: newPassword,
    });
    const s = await openSession(browser, club.baseUrl, { as: { email, ...tokens } });
    const page = s.page;
    try {
      await visit(page, "/account");
      await onScreen(page, "Your account");
      await shows(main(page).getByText("Member", { exact: true }));
      await main(page).getByLabel("First name").fill("Newton");
      await main(page).getByRole("button", { name: "Save name" }).click();
      await shows(toast(page, "Your name has been saved."));
      const saved = club.app.deps.db.$client
        .prepare("SELECT first_name AS firstName FROM members WHERE email = ?")
        .get(email) as { firstName: string };
      expect(saved.firstName).toBe("Newton");

      const password = main(page).getByRole("region", { name: "Change password" });
      await password.getByLabel("Current password").fill("not-my-password");
      await password.getByLabel(/^New password/).fill("newt-third-password");
      await password.getByLabel("Repeat new password").fill("newt-third-password");
      await password.getByRole("button", { name: "Change password" }).click();
      await shows(password.getByText(ServerMessages.wrongPassword));
      await password.getByLabel("Current password").fill(newPassword);
      await password.getByRole("button", { name: "Change password" }).click();
      await shows(toast(page, ServerMessages.passwordChanged));
      expect((await club.api("POST", "/login", { email, password: "newt-third-password" })).status).toBe(200);
      // The new token pair is in use: a reload keeps the member logged in.
      await visit(page, "/account");
      await onScreen(page, "Your account");
      await shows(page.getByText(`Welcome, ${email}`));

      await main(page).getByRole("button", { name: "Log out everywhere" }).click();
      await dialog(page, "Log out everywhere?").getByRole("button", { name: "Log out everywhere" }).click();
      await onScreen(page, "Login");
      expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
      expect(new URL(page.url()).searchParams.get("next")).toBe("/account");
      expect((await club.api("GET", "/api/Account", undefined, tokens.accessToken)).status).toBe(401);
      expect(await main(page).getByLabel("Email").inputValue()).toBe(email);
      expectNoPageErrors(s.watch, "/account");
    } finally {
      await s.close();
    }
  });
});

describe("joining with an invite under REGISTRATION=invite", () => {
  let club: Club;
  let browser: Browser;
  const email = "ivy@example.org";
  const password = "ivy-password-1";

  beforeAll(async () => {
    club = await startClub({ demoData: true, env: { REGISTRATION: "invite" } });
    browser = await launchChromium();
  });
  afterAll(() => closeInOrder(browser, club));

  it("without an invite, registering fails with the reason", async () => {
    const s = await openSession(browser, club.baseUrl, { viewport: PHONE });
    try {
      await visit(s.page, "/register");
      const page = s.page;
      await main(page).getByLabel("First name").fill("No");
      await main(page).getByLabel("Last name").fill("Invite");
      await main(page).getByLabel("Email").fill("stranger@example.org");
      await main(page).getByLabel("Password").fill("stranger-password");
      await main(page).getByRole("button", { name: "Register", exact: true }).click();
      const alert = main(page).getByRole("alert").filter({ hasText: Messages.registrationFailed });
      await shows(alert);
      expect(await alert.innerText()).toContain(ServerMessages.inviteRequired);
      await expectNoSidewaysScroll(page, "/register refused");
    } finally {
      await s.close();
    }
  });

  it("the admin makes an invite for an address; the invitee joins with it and logs in", async () => {
    const adminSession = await openSession(browser, club.baseUrl, {
      as: await club.tokensFor(DEMO_LOGIN.email),
      viewport: PHONE,
    });
    let link: string;
    try {
      const page = adminSession.page;
      await visit(page, "/members");
      await onScreen(page, "Members");
      await main(page).getByLabel("Email (optional)").fill(email);
      await main(page).getByRole("button", { name: "Create invite link" }).click();
      const linkBox = main(page).getByRole("textbox", { name: "Invite link" });
      await shows(linkBox);
      link = await linkBox.inputValue();
      expect(link.startsWith(`${club.baseUrl}/register?invite=`)).toBe(true);
      await shows(main(page).getByRole("button", { name: "Copy link" }));
      await shows(main(page).getByText(/Works once, until/));
      await expectNoSidewaysScroll(page, "/members with an invite link");
    } finally {
      await adminSession.close();
    }

    const s = await openSession(browser, club.baseUrl, { viewport: PHONE });
    try {
      const page = s.page;
      await visit(page, link.slice(club.baseUrl.length));
      await onScreen(page, "Register");
      const emailField = main(page).getByLabel("Email");
      expect(await emailField.inputValue()).toBe(email);
      expect(await emailField.getAttribute("readonly")).not.toBeNull();
      await main(page).getByLabel("First name").fill("Ivy");
      await main(page).getByLabel("Last name").fill("Invited");
      await main(page).getByLabel("Password").fill(password);
      await main(page).getByRole("button", { name: "Register", exact: true }).click();
      await onScreen(page, "Login");

      await page.goto(await emailedLink(club, email, "/confirm-email"));
      await shows(main(page).getByText(ServerMessages.emailConfirmed));
      await page.waitForURL((url) => url.pathname === "/login", { timeout: 8_000 });
      await onScreen(page, "Login");
      await main(page).getByLabel("Password").fill(password);
      await main(page).getByRole("button", { name: "Login", exact: true }).click();
      await onScreen(page, "Monthly Meetings");
      expectNoPageErrors(s.watch, "joining with an invite");
    } finally {
      await s.close();
    }
  });
});

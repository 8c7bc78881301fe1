import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Request } from "playwright-core";
import type { BottleListItem, ThemeListItem } from "@club/shared";
import { expectNoCspViolations, launchChromium, openSession, visit, type Session } from "./support/browser";
import { expiredAccessToken } from "./support/jwt";
import { makePng } from "./support/png";
import { closeInOrder } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { dialog, hides, onScreen, shows } from "./support/ui";

const REFRESH = "/api/Register/refresh";

const stored = (page: Page) =>
  page.evaluate(() => ({
    accessToken: localStorage.getItem("accessToken"),
    refreshToken: localStorage.getItem("refreshToken"),
    email: localStorage.getItem("email"),
  }));

/** Status codes of the answered requests, in order. */
const statuses = async (requests: Request[]) =>
  Promise.all(requests.map(async (r) => (await r.response())?.status() ?? 0));

/** tRPC requests that carried this procedure (alone or batched). */
const trpcCalls = (s: Session, procedure: string, method = "POST") =>
  s.watch.requests.filter((r) => {
    const url = new URL(r.url());
    return (
      url.pathname.startsWith("/trpc/") &&
      url.pathname.slice(6).split(",").includes(procedure) &&
      r.method() === method
    );
  });

/**
 * docs/product.md (The session): session start validates the stored access token, refreshes it when invalid, and
 * clears the session when there is no refresh token or refreshing fails; any 401 gets exactly one
 * refresh and one retry per request.
 */
describe("session and the 401 retry", () => {
  let club: Club;
  let browser: Browser;

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
  });
  afterAll(() => closeInOrder(browser, club));

  /** A member with a valid refresh token but an expired (or garbage) access token in the browser. */
  async function staleSession(makeToken: (m: Member) => string) {
    const member = await club.member();
    const staleToken = makeToken(member);
    const s = await openSession(browser, club.baseUrl, { as: { ...member, accessToken: staleToken } });
    return { member, staleToken, s };
  }

  for (const [kind, makeToken] of [
    ["an expired", (m: Member) => expiredAccessToken(club.config.jwtSecret, m)],
    ["a garbage", () => "garbage.not-a.jwt"],
  ] as const) {
    it(`on start, ${kind} access token is refreshed exactly once and the new pair is stored`, async () => {
      const { member, staleToken, s } = await staleSession(makeToken);
      try {
        await visit(s.page, "/");
        await shows(s.page.getByText(`Welcome, ${member.email}`));
        await expect.poll(async () => (await stored(s.page)).refreshToken).not.toBe(member.refreshToken);
        expect(s.watch.requestsTo(REFRESH, "POST")).toHaveLength(1);
        expect(await statuses(s.watch.requestsTo(REFRESH, "POST"))).toEqual([200]);
        const validations = s.watch.requestsTo("/api/Register/validateToken", "POST");
        expect(await statuses(validations)).toEqual([401]);
        const now = await stored(s.page);
        expect(now.accessToken).not.toBe(staleToken);
        expect(now.email).toBe(member.email);
        // The stored pair works.
        expect(
          (await club.api("POST", "/api/Register/validateToken", undefined, now.accessToken!)).status,
        ).toBe(200);
        // A member screen works with it, without another refresh.
        await visit(s.page, "/theme-ideas");
        await shows(s.page.getByRole("button", { name: "Add New Theme" }));
        expect(s.watch.requestsTo(REFRESH, "POST")).toHaveLength(1);
        expectNoCspViolations(s.watch, "session start");
      } finally {
        await s.close();
      }
    });
  }

  it("on start, a rejected refresh token clears the session (one refresh attempt)", async () => {
    const member = await club.member();
    const s = await openSession(browser, club.baseUrl, {
      as: {
        ...member,
        accessToken: expiredAccessToken(club.config.jwtSecret, member),
        refreshToken: "revoked-or-unknown",
      },
    });
    try {
      await visit(s.page, "/");
      await shows(s.page.getByRole("link", { name: "Login", exact: true }));
      await expect.poll(() => stored(s.page)).toEqual({ accessToken: null, refreshToken: null, email: null });
      expect(s.watch.requestsTo(REFRESH, "POST")).toHaveLength(1);
      expect(await statuses(s.watch.requestsTo(REFRESH, "POST"))).toEqual([401]);
      expect(await s.page.getByText(/^Welcome, /).count()).toBe(0);
    } finally {
      await s.close();
    }
  });

  it("on start, an access token without a refresh token is cleared when invalid", async () => {
    const member = await club.member();
    const s = await openSession(browser, club.baseUrl, {
      storage: { accessToken: expiredAccessToken(club.config.jwtSecret, member), email: member.email },
    });
    try {
      await visit(s.page, "/");
      await shows(s.page.getByRole("link", { name: "Login", exact: true }));
      await expect.poll(() => stored(s.page)).toEqual({ accessToken: null, refreshToken: null, email: null });
      expect(s.watch.requestsTo(REFRESH, "POST")).toHaveLength(0);
    } finally {
      await s.close();
    }
  });

  /**
   * Mid-session expiry: the page is running with a valid token; another tab of the same browser then
   * stores an expired one (the app follows storage events). The next write gets a 401, refreshes
   * once and is repeated.
   */
  async function expireInAnotherTab(s: Session, member: Member) {
    const other = await s.context.newPage();
    await other.goto("/favicon.svg");
    await other.evaluate(
      (token) => localStorage.setItem("accessToken", token),
      expiredAccessToken(club.config.jwtSecret, member),
    );
    await other.close();
    await expect
      .poll(() => s.page.evaluate(() => localStorage.getItem("accessToken")))
      .not.toBe(member.accessToken);
  }

  it("a tRPC write with an expired access token is retried once after exactly one refresh", async () => {
    const member = await club.member();
    const s = await openSession(browser, club.baseUrl, { as: member });
    try {
      await visit(s.page, "/theme-ideas");
      await onScreen(s.page, "Monthly Themes");
      await shows(s.page.getByRole("button", { name: "Add New Theme" }));
      await expireInAnotherTab(s, member);
      s.watch.reset();

      await s.page.getByRole("button", { name: "Add New Theme" }).click();
      const d = dialog(s.page, "Add New Theme");
      await d.getByLabel("Theme name").fill("Refreshed Rarities");
      await d.getByRole("button", { name: "Submit" }).click();
      await hides(d);
      await shows(s.page.getByRole("row").filter({ hasText: "Refreshed Rarities" }));

      expect(s.watch.requestsTo(REFRESH, "POST")).toHaveLength(1);
      expect(await statuses(trpcCalls(s, "themes.create"))).toEqual([401, 200]);
      const themes = await club.apiOk<ThemeListItem[]>("GET", "/api/MonthlyThemes/WithLastDate");
      expect(themes.filter((t) => t.name === "Refreshed Rarities")).toHaveLength(1);
      expect((await stored(s.page)).refreshToken).not.toBe(member.refreshToken);
    } finally {
      await s.close();
    }
  });

  it("a REST image upload with an expired access token is retried once after exactly one refresh", async () => {
    const member = await club.member();
    const bottles = await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList");
    const bottle = bottles.find((b) => b.name === "Springbank 10")!;
    const s = await openSession(browser, club.baseUrl, { as: member });
    try {
      await visit(s.page, `/bottle/${bottle.id}`);
      await onScreen(s.page, bottle.name);
      await expireInAnotherTab(s, member);
      s.watch.reset();

      await s.page
        .locator('input[type="file"]')
        .setInputFiles({ name: "b.png", mimeType: "image/png", buffer: makePng(64, 96) });
      await s.page.getByRole("button", { name: "Upload", exact: true }).click();
      await shows(s.page.getByRole("img", { name: `Photo of ${bottle.name}` }));

      expect(s.watch.requestsTo(REFRESH, "POST")).toHaveLength(1);
      const uploads = await statuses(s.watch.requestsTo("/api/Bottles/UploadImage", "POST"));
      expect(uploads).toHaveLength(2);
      expect(uploads[0]).toBe(401);
      expect(uploads[1]).toBeGreaterThanOrEqual(200);
      expect(uploads[1]).toBeLessThan(300);
      expect((await club.api("GET", `/api/Bottles/${bottle.id}/Image`)).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("logs in through the form as the demo member and out again", async () => {
    const s = await openSession(browser, club.baseUrl);
    try {
      await visit(s.page, "/login");
      await s.page.getByRole("main").getByLabel("Email").fill(DEMO_LOGIN.email);
      await s.page.getByRole("main").getByLabel("Password").fill(DEMO_LOGIN.password);
      await s.page.getByRole("main").getByRole("button", { name: "Login", exact: true }).click();
      await onScreen(s.page, "Monthly Meetings");
      await shows(s.page.getByText(`Welcome, ${DEMO_LOGIN.email}`));
      // The browser says a member is signed in (the server keeps opener isolation for it on the
      // public pages it prerenders), and stops saying so on logout.
      const hint = async () => (await s.context.cookies()).find((c) => c.name === "club_member")?.value;
      expect(await hint()).toBe("1");
      const home = await s.page.request.get(`${club.baseUrl}/`, { headers: { accept: "text/html" } });
      expect(home.headers()["cross-origin-opener-policy"]).toBe("same-origin");
      await s.page.getByRole("button", { name: "Logout" }).click();
      await shows(s.page.getByRole("link", { name: "Login", exact: true }));
      expect(await stored(s.page)).toEqual({ accessToken: null, refreshToken: null, email: null });
      expect(await hint()).toBeUndefined();
    } finally {
      await s.close();
    }
  });
});

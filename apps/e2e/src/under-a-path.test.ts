import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  settle,
  type Session,
} from "./support/browser";
import { closeInOrder, PHONE, shot } from "./support/harness";
import { startNginx, type Nginx } from "./support/nginx";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { onScreen, shows } from "./support/ui";

/**
 * A club at https://host/club: APP_URL has a path, and a real nginx forwards that path as it is
 * (`location /club/ { proxy_pass http://127.0.0.1:PORT; }`, no rewrite). A phone opens the club
 * through it, logs in, goes from screen to screen and hears the meeting's live stream; every
 * request the app makes is under /club/; its service worker and manifest are the club's path's.
 * A monitor on /club/api/Bottles gets the club's JSON, one on /api/Bottles a 404.
 */
const PATH = "/club";

/**
 * `curl` as a monitor runs it: the status, the content type and the body. (Not execFileSync: the
 * club runs in this process, and would not answer while it waits.)
 */
async function curl(url: string): Promise<{ status: number; type: string; body: string }> {
  const { stdout: out } = await promisify(execFile)("curl", [
    "-sS",
    "-o",
    "-",
    "-w",
    "\n%{http_code} %{content_type}",
    url,
  ]);
  const at = out.lastIndexOf("\n");
  const [status, type = ""] = out.slice(at + 1).split(" ");
  return { status: Number(status), type, body: out.slice(0, at) };
}

describe("the club under a path, behind nginx", () => {
  let club: Club;
  let nginx: Nginx;
  let browser: Browser;
  let session: Session | undefined;
  let current: Page | undefined;
  let meetingId = 0;
  let ben: Member;
  /** The club's address as its members see it: nginx's origin and the path. */
  const clubUrl = () => `${nginx.origin}${PATH}`;
  const main = (page: Page) => page.getByRole("main");

  afterEach(screenshotOnFailure("under-a-path", () => current));

  beforeAll(async () => {
    // The path comes from APP_URL; its host and port are nginx's, known once it listens.
    club = await startClub({ demoData: true, env: { APP_URL: `http://127.0.0.1${PATH}` } });
    nginx = await startNginx({ upstreamPort: Number(new URL(club.baseUrl).port), path: PATH });
    club.config.appUrl = clubUrl();
    ben = await club.member({ firstName: "Ben", lastName: "Baker" });
    const today = new Date().toISOString().slice(0, 10);
    const meetings = (await (
      await fetch(`${clubUrl()}/api/MonthlyMeetings/GetMonthlyMeetingsWithNames`)
    ).json()) as { id: number; date: string }[];
    const upcoming = meetings.filter((m) => m.date >= today).sort((a, b) => a.date.localeCompare(b.date));
    meetingId = upcoming[0]!.id;
    browser = await launchChromium();
  });

  afterAll(() => closeInOrder(session, browser, nginx, club));

  it("a monitor on /club/api/Bottles gets the club's JSON, one on /api/Bottles a JSON 404", async () => {
    const bottles = await curl(`${clubUrl()}/api/Bottles`);
    expect(bottles.status).toBe(200);
    expect(bottles.type).toMatch(/^application\/json/);
    expect((JSON.parse(bottles.body) as unknown[]).length).toBeGreaterThan(0);

    // nginx's `location /` forwards it to the app, which answers for nothing outside its path.
    const outside = await curl(`${nginx.origin}/api/Bottles`);
    expect(outside.status).toBe(404);
    expect(outside.type).toMatch(/^application\/json/);
    expect(JSON.parse(outside.body)).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
    for (const path of ["/trpc/bottles.list", "/healthz", "/assets/x.js", "/manifest.webmanifest"])
      expect((await curl(`${nginx.origin}${path}`)).status, path).toBe(404);
    expect((await curl(`${nginx.origin}/`)).status).toBe(404);
    expect((await curl(`${clubUrl()}/healthz`)).status).toBe(200);
  });

  it("the page, its manifest and its worker are the path's", async () => {
    const page = await (await fetch(`${clubUrl()}/`, { headers: { accept: "text/html" } })).text();
    const links = [...page.matchAll(/\s(?:href|src)="([^"#][^"]*)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(link, link).toMatch(new RegExp(`^${PATH}(/|$)`));

    const manifest = (await (await fetch(`${clubUrl()}/manifest.webmanifest`)).json()) as {
      id: string;
      start_url: string;
      scope: string;
      icons: { src: string }[];
    };
    expect([manifest.id, manifest.start_url, manifest.scope]).toEqual([`${PATH}/`, `${PATH}/`, `${PATH}/`]);
    for (const icon of manifest.icons) expect(icon.src).toMatch(new RegExp(`^${PATH}/icons/`));

    const worker = await fetch(`${clubUrl()}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("service-worker-allowed")).toBe(`${PATH}/`);
    // The path without its "/" goes to the app's folder (nginx says so itself for its location;
    // the app, reached directly, too).
    const bare = await fetch(clubUrl(), { redirect: "manual" });
    expect(bare.status).toBe(301);
    expect(new URL(bare.headers.get("location")!, clubUrl()).pathname).toBe(`${PATH}/`);
    const direct = await fetch(`${club.baseUrl}${PATH}?from=monitor`, { redirect: "manual" });
    expect(direct.status).toBe(308);
    expect(direct.headers.get("location")).toBe(`${PATH}/?from=monitor`);
  });

  it("a phone opens the club through nginx, logs in and goes from screen to screen", async () => {
    session = await openSession(browser, clubUrl(), { fresh: true, mobile: true, viewport: PHONE });
    const page = (current = session.page);
    await page.goto(`${clubUrl()}/`);
    await settle(page);
    await shot(page, "under-a-path-home-phone-dark");
    // The router's own link, under the path.
    await main(page).getByRole("link", { name: "Log in" }).click();
    await onScreen(page, "Login");
    expect(new URL(page.url()).pathname).toBe(`${PATH}/login`);
    await main(page).getByLabel("Email").fill(DEMO_LOGIN.email);
    await main(page).getByLabel("Password").fill(DEMO_LOGIN.password);
    await main(page).getByRole("button", { name: "Login", exact: true }).click();
    await onScreen(page, "Monthly Meetings");
    expect(new URL(page.url()).pathname).toBe(`${PATH}/`);
    // The member hint is the club's path's cookie.
    const hint = (await session.context.cookies()).find((c) => c.name === "club_member");
    expect(hint?.path).toBe(`${PATH}/`);

    await page.goto(`${clubUrl()}/library-bottles`);
    await settle(page);
    const table = main(page).getByRole("table", { name: "Library bottles" });
    await shows(table);
    // A bottle's row link, a plain <a href> the table turns into the router's navigation.
    const first = table.getByRole("link").first();
    expect(await first.getAttribute("href")).toMatch(new RegExp(`^${PATH}/bottle/\\d+$`));
    const name = (await first.textContent())!;
    await first.click();
    await onScreen(page, name);
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${PATH}/bottle/\\d+$`));
    await page.emulateMedia({ colorScheme: "light" });
    await page.evaluate(() => window.localStorage.setItem("theme", "light"));
    await page.reload();
    await settle(page);
    await shot(page, "under-a-path-bottle-phone-light");

    await page.goto(`${clubUrl()}/account`);
    await settle(page);
    await onScreen(page, "Account");

    const outside = session.watch.requests
      .map((r) => new URL(r.url()))
      .filter((url) => url.origin === nginx.origin && !url.pathname.startsWith(`${PATH}/`));
    expect(outside.map((url) => url.pathname)).toEqual([]);
    expect(session.watch.requests.some((r) => r.url().startsWith(`${clubUrl()}/trpc/`))).toBe(true);
    expectNoPageErrors(session.watch, "the club under a path");
    expectNoCspViolations(session.watch, "the club under a path");
  });

  it("a meeting's page hears the live stream through nginx", async () => {
    const page = (current = session!.page);
    await page.goto(`${clubUrl()}/monthlymeeting/${meetingId}`);
    await settle(page);
    await page.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
    const stream = `${clubUrl()}/trpc/night.events`;
    await expect.poll(() => session!.watch.requests.some((r) => r.url().startsWith(stream))).toBe(true);
    // Another member answers over the API, through nginx: the open page shows it without a reload.
    const res = await fetch(`${clubUrl()}/api/MonthlyMeetings/${meetingId}/Rsvp`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${ben.accessToken}` },
      body: JSON.stringify({ status: "going", guests: 0 }),
    });
    expect(res.status).toBe(200);
    await shows(main(page).getByText("Ben Baker"), 5_000);
    expect(await page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept)).toBe(true);
    await shot(page, "under-a-path-meeting-phone-light");
    await session!.close();
    session = undefined;
  });

  it("the installed app's worker controls the path, and only it", async () => {
    session = await openSession(browser, clubUrl(), { installedApp: true, mobile: true, viewport: PHONE });
    const page = (current = session.page);
    await page.goto(`${clubUrl()}/`);
    await settle(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", null, {
      timeout: 30_000,
    });
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, script: ready.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${clubUrl()}/`, script: `${clubUrl()}/sw.js` });
    // A page load under the path goes through the worker and comes back the club's.
    await page.goto(`${clubUrl()}/library-bottles`);
    await settle(page);
    await shows(main(page).getByRole("table", { name: "Library bottles" }));
    expectNoPageErrors(session.watch, "the installed app under a path");
  });
});

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Frame, Page } from "playwright-core";
import { longDate } from "@club/shared";
import { launchChromium, openSession, type Session } from "./support/browser";
import { closeInOrder, PHONE } from "./support/harness";
import { startClub, type Club } from "./support/server";

/**
 * A club's website on another origin frames the next-meeting card and reads the public data (the
 * CORS_ORIGINS); a site that is not listed gets neither.
 */
interface Site {
  origin: string;
  close: () => Promise<void>;
}

/** A website on its own port (another origin): one page that frames the card and asks the API. */
async function startSite(clubUrl: () => string): Promise<Site> {
  const server: Server = createServer((_req, res) => {
    const club = clubUrl();
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(`<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body>
<h1>Our club</h1>
<iframe id="card" title="Next meeting" src="${club}/embed/next-meeting?theme=dark" style="width:100%;height:200px;border:0"
  onload="document.body.dataset.framed = 'loaded'"></iframe>
<p id="api">waiting</p>
<script>
fetch(${JSON.stringify(`${club}/api/MonthlyMeetings/Next`)})
  .then((r) => r.json())
  .then((next) => { document.getElementById("api").textContent = "next: " + next.date; })
  .catch((e) => { document.getElementById("api").textContent = "refused: " + e.name; });
</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const cardFrame = (page: Page): Frame | undefined => page.frames().find((f) => f !== page.mainFrame());

describe("a club website shows the next meeting", () => {
  let club: Club;
  let listed: Site;
  let unlisted: Site;
  let browser: Browser;
  let session: Session | undefined;
  const date = "2031-03-14";

  beforeAll(async () => {
    listed = await startSite(() => club.baseUrl);
    unlisted = await startSite(() => club.baseUrl);
    club = await startClub({ demoData: false, env: { CORS_ORIGINS: listed.origin } });
    const member = await club.member();
    const theme = await club.apiOk<{ id: number }>(
      "POST",
      "/api/MonthlyThemes",
      { description: "Sherry casks" },
      member.accessToken,
    );
    await club.apiOk(
      "POST",
      "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
      { date, hostName: "Ann Lee", themeId: theme.id },
      member.accessToken,
    );
    browser = await launchChromium();
  });

  afterAll(() => closeInOrder(session, browser, club, listed, unlisted));

  it("a listed site on a phone frames the card in its dark theme and reads the public data", async () => {
    session = await openSession(browser, club.baseUrl, { fresh: true, mobile: true, viewport: PHONE });
    const { page } = session;
    await page.goto(`${listed.origin}/`);
    await page.locator("body[data-framed=loaded]").waitFor({ state: "attached" });
    const frame = cardFrame(page);
    expect(frame?.url()).toBe(`${club.baseUrl}/embed/next-meeting?theme=dark`);
    const time = frame!.locator("time");
    await time.waitFor();
    expect(await time.textContent()).toBe(`${longDate(date)}, 7:00 PM`);
    expect(await frame!.locator("dd").allTextContents()).toEqual(["Sherry casks", "Ann Lee"]);
    expect(await frame!.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      "rgb(34, 29, 25)",
    );
    const link = frame!.getByRole("link", { name: "See the meeting" });
    expect(await link.getAttribute("href")).toMatch(new RegExp(`^${club.baseUrl}/monthlymeeting/\\d+$`));
    // The card has no script, and the site's own script reads the public data across origins.
    expect(await frame!.evaluate(() => document.scripts.length)).toBe(0);
    await page.locator("#api", { hasText: `next: ${date}` }).waitFor();
    await session.close();
    session = undefined;
  });

  it("a site that is not listed may neither frame the card nor read the data", async () => {
    session = await openSession(browser, club.baseUrl, { fresh: true, mobile: true, viewport: PHONE });
    const { page } = session;
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(`${unlisted.origin}/`);
    await page.locator("#api", { hasText: "refused: TypeError" }).waitFor();
    await page.locator("body[data-framed=loaded]").waitFor({ state: "attached" });
    const frame = cardFrame(page);
    // Chromium shows its own error page in place of the card.
    expect(frame?.url()).not.toContain("/embed/next-meeting");
    expect(await frame?.locator("time").count()).toBe(0);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await session.close();
    session = undefined;
  });
});

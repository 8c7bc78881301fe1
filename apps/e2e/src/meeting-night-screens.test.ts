import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { seriousViolations, type AxeViolation } from "./support/axe";
import {
  appliedScheme,
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  nothingLoaded,
  openSession,
  screenshot,
  screenshotOnFailure,
  settle,
  visit,
  visitInApp,
  type Session,
} from "./support/browser";
import { PHONE } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { dialog, onScreen, shows } from "./support/ui";

/**
 * The meeting night's screens on a phone (375 px), in the dark and the light theme: the meeting page's night
 * sections (as a member and as the host), the score screen (a revealed pour and a blind one with its
 * guess), the results, the journal, and the host's Night settings and Edit flight dialogs. Each one:
 * no sideways scroll, 40 px tap targets, no serious axe violation, no CSP violation, no uncaught
 * error, and with SHOTS_DIR set a full-page screenshot (the paths are printed at the end, to be
 * looked at).
 */
const FIRST = "Eagle Rare 10 Year";
const SECOND = "WhistlePig 10 Year Rye";
const THIRD = "Buffalo Trace";
const NOTE = "Toffee and orange peel, a long and warming finish with a little oak.";

const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.join("\n    ")}`).join("\n");

describe("meeting-night screens at 375 px in both themes", () => {
  let club: Club;
  let browser: Browser;
  let meetingId = 0;
  let admin: Member;
  let ann: Member;
  let current: Page | undefined;
  const shots: string[] = [];

  const main = (page: Page) => page.getByRole("main");
  const meetingPath = () => `/monthlymeeting/${meetingId}`;
  const score = (pour: number, body: Record<string, unknown>, who: Member) =>
    club.apiOk("PUT", `/api/MonthlyMeetings/${meetingId}/Scores/${pour}`, body, who.accessToken);

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    admin = await club.tokensFor(DEMO_LOGIN.email);
    ann = await club.member({ firstName: "Ann", lastName: "Archer" });
    const ben = await club.member({ firstName: "Ben", lastName: "Baker" });
    const cat = await club.member({ firstName: "Cat", lastName: "Carter" });

    const meetings = await club.apiOk<{ id: number; date: string }[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    const today = new Date().toISOString().slice(0, 10);
    const upcoming = meetings.filter((m) => m.date >= today).sort((a, b) => a.date.localeCompare(b.date));
    meetingId = upcoming[0]!.id;

    // A blind night with two places and a flight of three; the demo admin runs it.
    const bottles = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Bottles");
    const idOf = (name: string) => bottles.find((b) => b.name === name)!.id;
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Settings`,
      { capacity: 2, blind: true, scoringOpen: true, hostMemberId: null },
      admin.accessToken,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Flight`,
      {
        pours: [
          { bottleId: idOf(FIRST), pourMl: 25 },
          { bottleId: idOf(SECOND), pourMl: 25 },
          { bottleId: idOf(THIRD), pourMl: 30 },
        ],
      },
      admin.accessToken,
    );
    // Who's coming: going with a guest (the night is then full), one waiting, one maybe.
    const rsvp = (who: Member, status: string, guests: number) =>
      club.apiOk("PUT", `/api/MonthlyMeetings/${meetingId}/Rsvp`, { status, guests }, who.accessToken);
    await rsvp(ann, "going", 1);
    await rsvp(ben, "going", 0);
    await rsvp(cat, "maybe", 2);

    const types = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/DrinkTypes");
    const typeId = types.find((t) => /bourbon/i.test(t.name))?.id ?? types[0]!.id;
    await score(
      1,
      {
        nose: 22,
        palate: 20,
        finish: 18,
        balance: 21,
        note: NOTE,
        tags: ["vanilla", "honey", "woody"],
        guess: { abv: 45, drinkTypeId: typeId },
      },
      ann,
    );
    await score(
      2,
      { nose: 16, palate: 15, finish: 17, balance: 14, note: "", tags: ["spicy"], guess: { abv: 50 } },
      ann,
    );
    await score(1, { nose: 18, palate: 19, finish: 17, balance: 18, note: "Caramel.", tags: ["woody"] }, ben);
    await score(2, { nose: 20, palate: 21, finish: 19, balance: 20, note: "", tags: [] }, ben);
    // Dram 1 revealed; Dram 2 and 3 still blind.
    await club.apiOk("POST", `/api/MonthlyMeetings/${meetingId}/Reveal`, { pour: 1 }, admin.accessToken);
  });

  afterEach(screenshotOnFailure("meeting-night-screens", () => current));

  afterAll(async () => {
    if (shots.length > 0) console.log(`meeting-night screenshots:\n  ${shots.join("\n  ")}`);
    await browser?.close();
    await club?.close();
  });

  for (const scheme of ["dark", "light"] as const) {
    describe(`${scheme} theme`, () => {
      let member: Session;
      let host: Session;

      beforeAll(async () => {
        const opts = { theme: scheme, colorScheme: scheme, viewport: PHONE } as const;
        member = await openSession(browser, club.baseUrl, { ...opts, as: ann });
        host = await openSession(browser, club.baseUrl, { ...opts, as: admin });
      });
      afterAll(async () => {
        await member?.close();
        await host?.close();
      });

      /**
       * The checks of one screen as it is now: the theme applied, no sideways scroll at 375 px,
       * buttons (and links drawn as buttons) at least 40 px high within `scope`, no serious axe
       * violation, no CSP violation or uncaught error since the visit; then the screenshot.
       */
      async function check(s: Session, name: string, scope: Locator): Promise<void> {
        const page = s.page;
        const where = `${name} (${scheme})`;
        expect(await appliedScheme(page), `theme on ${where}`).toBe(scheme);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${where} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
        const small = await scope
          .locator("button:visible, a[href]:visible[class*='Button']")
          .evaluateAll((els) =>
            els
              .map((el) => ({
                name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim(),
                h: Math.round(el.getBoundingClientRect().height),
              }))
              .filter((b) => b.h > 0 && b.h < 40),
          );
        expect(small, `tap targets under 40 px on ${where}`).toEqual([]);
        const violations = await seriousViolations(page);
        expect(violations, `axe on ${where}:\n${describeViolations(violations)}`).toEqual([]);
        expectNoCspViolations(s.watch, where);
        expectNoPageErrors(s.watch, where);
        // Looked at by hand, never compared: taken when SHOTS_DIR is set (support/harness.ts).
        if (process.env.SHOTS_DIR) shots.push(await screenshot(page, `night-${name}-${scheme}`));
      }

      /**
       * Opens `path` with a clean watch, as this session: its first screen by a page load, the
       * later ones inside the app, as a member moves between them (a page load each cost 1.2-1.6 s
       * of Chromium's CPU). A member's page is the app's shell whatever the path, so a
       * screen's text is what the app drew either way; the first load is the server's page.
       */
      async function go(s: Session, path: string): Promise<Page> {
        current = s.page;
        s.watch.reset();
        if (nothingLoaded(s.page)) {
          await visit(s.page, path);
          return s.page;
        }
        if (new URL(s.page.url()).pathname !== path) await visitInApp(s.page, path);
        else await settle(s.page);
        return s.page;
      }

      it("member: the meeting page's night sections (who's coming, the blind flight)", async () => {
        const page = await go(member, meetingPath());
        const coming = main(page).getByRole("region", { name: "Who's coming" });
        await shows(coming.getByText("You have a place. See you there!"));
        await shows(coming.getByRole("list", { name: "Waitlist" }).getByText("Ben Baker"));
        await shows(coming.getByRole("list", { name: "Maybe" }).getByText("Cat Carter"));
        const flight = main(page).getByRole("region", { name: "Bottles Sampled" });
        await shows(flight.getByRole("link", { name: FIRST }));
        await shows(flight.getByText("Dram 3", { exact: true }));
        await shows(flight.getByRole("link", { name: "Score Dram 3" }));
        await shows(main(page).getByText("Live", { exact: true }));
        expect(await page.content()).not.toContain(SECOND);
        await check(member, "meeting-member", main(page));
      });

      it("member: the score screen of a revealed pour", async () => {
        const page = await go(member, `/meeting/${meetingId}/score/1`);
        await onScreen(page, FIRST);
        await shows(page.getByLabel("Total 81 out of 100"));
        await shows(page.getByRole("textbox", { name: "Note" }));
        await shows(main(page).getByRole("navigation", { name: "Pours" }).getByText("1 of 3"));
        await shows(main(page).getByText("Live", { exact: true }));
        await check(member, "score-revealed", main(page));
      });

      it("member: the score screen of a blind pour, with the guess", async () => {
        const page = await go(member, `/meeting/${meetingId}/score/2`);
        await onScreen(page, "Dram 2");
        await shows(page.getByLabel("Total 62 out of 100"));
        await expect.poll(() => page.getByRole("textbox", { name: "Guess ABV" }).inputValue()).toBe("50%");
        await shows(main(page).getByText("Live", { exact: true }));
        expect(await page.content()).not.toContain(SECOND);
        await check(member, "score-blind", main(page));
      });

      it("member: the results", async () => {
        const page = await go(member, `/meeting/${meetingId}/results`);
        await onScreen(page, "Results");
        const first = main(page).getByRole("article", { name: `Dram 1: ${FIRST}` });
        await shows(first.getByText(/Your score: 81/));
        await shows(first.getByText(/Closest ABV: Ann Archer/));
        await shows(main(page).getByRole("article", { name: "Dram 2" }).getByText("Not revealed yet"));
        // Dram 2 is not revealed: the night's ranking waits for the reveal.
        await shows(main(page).getByText("The night's ranking shows after the reveal."));
        await shows(main(page).getByText("Live", { exact: true }));
        expect(await page.content()).not.toContain(SECOND);
        await check(member, "results", main(page));
      });

      it("member: the journal", async () => {
        const page = await go(member, "/journal");
        await onScreen(page, "My tasting journal");
        const tastings = main(page).getByRole("list", { name: "Tastings" });
        await shows(tastings.getByText(NOTE));
        await shows(tastings.getByRole("link", { name: FIRST }));
        await shows(tastings.getByText("Dram 2", { exact: true }));
        await check(member, "journal", main(page));
      });

      it("host: the meeting page with the host's controls", async () => {
        const page = await go(host, meetingPath());
        const flight = main(page).getByRole("region", { name: "Bottles Sampled" });
        await shows(flight.getByRole("button", { name: "Reveal Dram 2" }));
        await shows(flight.getByRole("link", { name: SECOND }));
        await shows(flight.getByRole("button", { name: "Reveal all" }));
        await shows(flight.getByRole("button", { name: "Edit flight" }));
        await shows(main(page).getByText("Live", { exact: true }));
        await check(host, "meeting-host", main(page));
      });

      it("host: the Night settings dialog", async () => {
        const page = await go(host, meetingPath());
        await page.getByRole("button", { name: "Night settings" }).click();
        const settings = dialog(page, "Night settings");
        await expect.poll(() => settings.getByRole("textbox", { name: "Capacity" }).inputValue()).toBe("2");
        await expect
          .poll(() => settings.getByRole("switch", { name: "Blind tasting" }).isChecked())
          .toBe(true);
        await shows(settings.getByRole("button", { name: "Save" }));
        await check(host, "night-settings", settings);
        await settings.getByRole("button", { name: "Cancel" }).click();
      });

      it("host: the Edit flight dialog", async () => {
        const page = await go(host, meetingPath());
        await main(page).getByRole("button", { name: "Edit flight" }).click();
        const editor = dialog(page, "Edit flight");
        const pours = editor.getByRole("list", { name: "Pours in order" }).getByRole("listitem");
        await expect.poll(() => pours.count()).toBe(3);
        await shows(editor.getByRole("button", { name: `Move ${SECOND} up` }));
        await shows(editor.getByRole("button", { name: "Save flight" }));
        await check(host, "edit-flight", editor);
        await editor.getByRole("button", { name: "Cancel" }).click();
      });
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { BottleListItem, MeetingListItem } from "@club/shared";
import { seriousViolations, type AxeViolation } from "./support/axe";
import {
  appliedScheme,
  expectNoCspViolations,
  launchChromium,
  openSession,
  visit,
  type Session,
} from "./support/browser";
import { makePng } from "./support/png";
import { closeInOrder } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { dialog, onScreen, shows } from "./support/ui";

const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.join("\n    ")}`).join("\n");

/**
 * axe-core on every route, as a visitor and as a member, in dark and in light mode: zero serious
 * or critical violations. The same visits check that the app runs under the server's
 * Content-Security-Policy: no securitypolicyviolation event and no CSP console error on any route.
 */
describe("accessibility and Content-Security-Policy on every route", () => {
  let club: Club;
  let browser: Browser;
  let member: Member;
  let bottleId = 0;
  let meetingId = 0;

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    member = await club.tokensFor(DEMO_LOGIN.email);
    const bottles = await club.apiOk<BottleListItem[]>("GET", "/api/Bottles/AllBottlesList");
    bottleId = bottles.find((b) => b.name === "Buffalo Trace")!.id;
    const meetings = await club.apiOk<MeetingListItem[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    meetingId = meetings.find((m) => m.host === "Tom Brennan" && m.theme === "Bourbon Basics")!.id;
    // A bottle with a photo, so the image and its alt text are checked too.
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(makePng(300, 500))], { type: "image/png" }), "bottle.png");
    const upload = await fetch(`${club.baseUrl}/api/Bottles/UploadImage?bottleId=${bottleId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${member.accessToken}` },
      body: form,
    });
    expect(upload.ok).toBe(true);
  });

  afterAll(() => closeInOrder(browser, club));

  const visitorRoutes = () => [
    "/",
    "/library-bottles",
    "/theme-ideas",
    "/about",
    "/login",
    "/register",
    `/bottle/${bottleId}`,
    `/monthlymeeting/${meetingId}`,
    "/confirm-email",
    "/confirm-email?token=not-a-token&email=nobody%40example.com",
    "/no-such-page",
    "/rsvp?token=not-a-valid-token&status=going",
    "/dues",
    "/treasurer",
    "/shelf",
    "/stats",
  ];
  const memberRoutes = () => [
    "/",
    "/library-bottles",
    "/theme-ideas",
    `/bottle/${bottleId}`,
    `/monthlymeeting/${meetingId}`,
    "/dues",
    "/treasurer",
    "/shelf",
  ];

  /** Member dialogs and inline editors: opened on their screen, then checked. */
  const memberStates: { name: string; path: () => string; open: (page: Page) => Promise<void> }[] = [
    {
      name: "Subscribe to the calendar dialog",
      path: () => "/",
      open: async (page) => {
        await page.getByRole("button", { name: "Subscribe to the calendar" }).click();
        await shows(dialog(page, "Subscribe to the calendar"));
      },
    },
    {
      name: "Add Meeting dialog",
      path: () => "/",
      open: async (page) => {
        await page.getByRole("button", { name: "Add Meeting" }).click();
        await shows(dialog(page, "Add Meeting"));
      },
    },
    {
      name: "Set Level dialog",
      path: () => "/shelf",
      open: async (page) => {
        await page.getByRole("main").getByRole("link", { name: "Kavalan Classic", exact: true }).click();
        await page.getByRole("main").getByRole("button", { name: "Set level" }).first().click();
        await shows(dialog(page, "Set Level"));
      },
    },
    {
      name: "Add New Bottle dialog",
      path: () => "/library-bottles",
      open: async (page) => {
        await page.getByRole("button", { name: "Add New Bottle" }).click();
        await shows(dialog(page, "Add New Bottle"));
      },
    },
    {
      name: "View Comments dialog",
      path: () => "/library-bottles",
      open: async (page) => {
        const row = page
          .getByRole("row")
          .filter({ has: page.getByRole("link", { name: "Buffalo Trace", exact: true }) });
        await row.getByRole("button", { name: "View Comments" }).click();
        await shows(dialog(page, "Comments on Buffalo Trace").getByText("Dave Kowalski"));
      },
    },
    {
      name: "Add Comment dialog",
      path: () => "/library-bottles",
      open: async (page) => {
        const row = page
          .getByRole("row")
          .filter({ has: page.getByRole("link", { name: "Buffalo Trace", exact: true }) });
        await row.getByRole("button", { name: "Add Comment" }).click();
        await shows(dialog(page, "Add Comment on Buffalo Trace"));
      },
    },
    {
      name: "Add New Theme dialog",
      path: () => "/theme-ideas",
      open: async (page) => {
        await page.getByRole("button", { name: "Add New Theme" }).click();
        await shows(dialog(page, "Add New Theme"));
      },
    },
    {
      name: "Add Bottle (to meeting) dialog",
      path: () => `/monthlymeeting/${meetingId}`,
      open: async (page) => {
        await page.getByRole("button", { name: "Add Bottle" }).click();
        await shows(dialog(page, "Add Bottle"));
      },
    },
    {
      name: "inline ABV editor with its error",
      path: () => `/bottle/${bottleId}`,
      open: async (page) => {
        await page.getByRole("button", { name: "Edit ABV" }).click();
        await page.getByRole("main").locator("dl").getByRole("textbox", { name: "ABV" }).fill("150");
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await shows(page.getByText("ABV must be a number between 0 and 100."));
      },
    },
  ];

  for (const scheme of ["dark", "light"] as const) {
    describe(`${scheme} mode`, () => {
      let visitor: Session;
      let signedIn: Session;

      beforeAll(async () => {
        visitor = await openSession(browser, club.baseUrl, { theme: scheme, colorScheme: scheme });
        signedIn = await openSession(browser, club.baseUrl, {
          theme: scheme,
          colorScheme: scheme,
          as: member,
        });
      });
      afterAll(async () => {
        await visitor?.close();
        await signedIn?.close();
      });

      async function check(s: Session, path: string, prepare?: (page: Page) => Promise<void>) {
        s.watch.reset();
        await visit(s.page, path);
        expect(await appliedScheme(s.page)).toBe(scheme);
        if (prepare) await prepare(s.page);
        const violations = await seriousViolations(s.page);
        const problems: string[] = [];
        if (violations.length > 0) problems.push(`axe (${scheme}):\n${describeViolations(violations)}`);
        try {
          expectNoCspViolations(s.watch, `${path} (${scheme})`);
        } catch {
          problems.push(
            `CSP (${scheme}): ${JSON.stringify([...s.watch.cspViolations, ...s.watch.cspConsoleErrors])}`,
          );
        }
        if (problems.length > 0) throw new Error(problems.join("\n"));
      }

      it("visitor: every route", async () => {
        const failures: string[] = [];
        for (const path of visitorRoutes()) {
          try {
            await check(
              visitor,
              path,
              path.startsWith("/bottle/") ? (p) => onScreen(p, "Buffalo Trace") : undefined,
            );
          } catch (error) {
            failures.push(`${path}\n${(error as Error).message}`);
          }
        }
        if (failures.length > 0) throw new Error(`${failures.length} failing:\n\n${failures.join("\n\n")}`);
      });

      it("member: every route with its member controls", async () => {
        const failures: string[] = [];
        for (const path of memberRoutes()) {
          try {
            await check(signedIn, path, async (p) => {
              await shows(p.getByRole("button", { name: "Logout" }));
            });
          } catch (error) {
            failures.push(`${path}\n${(error as Error).message}`);
          }
        }
        if (failures.length > 0) throw new Error(`${failures.length} failing:\n\n${failures.join("\n\n")}`);
      });

      it("member: dialogs and inline editors", async () => {
        const failures: string[] = [];
        for (const state of memberStates) {
          try {
            await check(signedIn, state.path(), state.open);
          } catch (error) {
            failures.push(`${state.name} (${state.path()})\n${(error as Error).message}`);
          }
        }
        if (failures.length > 0) throw new Error(`${failures.length} failing:\n\n${failures.join("\n\n")}`);
      });
    });
  }
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { readPdf } from "./support/pdf";
import { startClub, type Club, type Member, nextMeetingId } from "./support/server";
import { dialog, hides, shows } from "./support/ui";

/**
 * Paper: the night's tasting sheets (a page per taster, the pours as "Dram N" on a blind
 * night, boxes for each part of the scale, notes and guesses) and its results sheet, printed by
 * Chromium to PDF on A4 and Letter and read back; and the host typing in a paper sheet's scores
 * for a guest without a phone.
 */
const PHONE = { width: 375, height: 812 };
const BOXES = ["Nose", "Palate", "Finish", "Balance", "Total", "Notes"];
const A4 = "A4";
const LETTER = "Letter";
/** A page's paper, from its size in points (A4: 595 x 842, Letter: 612 x 792; Chromium rounds up to half a point). */
const paperOf = ([w, h]: [number, number]) =>
  Math.abs(w - 595) <= 1.5 && Math.abs(h - 842) <= 1.5
    ? A4
    : Math.abs(w - 612) <= 1.5 && Math.abs(h - 792) <= 1.5
      ? LETTER
      : `${w} x ${h}`;

describe("the night on paper", () => {
  let club: Club;
  let browser: Browser;
  let meetingId = 0;
  let host: Session;
  let admin: Member;
  let ann: Member;
  let bottles: { id: number; name: string }[] = [];
  let hostName = "";
  let current: Page | undefined;

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    meetingId = await nextMeetingId(club);
    admin = await club.tokensFor("demo@whiskey.club");
    ann = await club.member({ firstName: "Ann", lastName: "Archer" });
    bottles = (await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Bottles/AllBottlesList")).slice(
      0,
      3,
    );
    const path = `/api/MonthlyMeetings/${meetingId}`;
    hostName = (await club.apiOk<{ hostName: string }>("GET", path)).hostName;
    await club.apiOk(
      "PUT",
      `${path}/Flight`,
      { pours: bottles.map((b) => ({ bottleId: b.id })) },
      admin.accessToken,
    );
    await club.apiOk(
      "PUT",
      `${path}/Settings`,
      { capacity: null, blind: true, scoringOpen: true, hostMemberId: null },
      admin.accessToken,
    );
    // Ann comes with one guest, who joins by the code; the host comes alone.
    await club.apiOk("PUT", `${path}/Rsvp`, { status: "going", guests: 1 }, ann.accessToken);
    await club.apiOk("PUT", `${path}/Rsvp`, { status: "going", guests: 0 }, admin.accessToken);
    const { code } = await club.apiOk<{ code: string }>(
      "POST",
      `${path}/GuestCode`,
      undefined,
      admin.accessToken,
    );
    await club.apiOk("POST", "/api/Guests/Join", { code, firstName: "Gina", guestOf: "Ann" });
    host = await openSession(browser, club.baseUrl, { as: admin, viewport: PHONE });
  });

  afterEach(screenshotOnFailure("paper", () => current));

  afterAll(async () => {
    await host?.close();
    await browser?.close();
    await club?.close();
  });

  const pdfOf = async (page: Page, format: "A4" | "Letter" | null) =>
    readPdf(
      await page.pdf(
        format === null
          ? { preferCSSPageSize: true, printBackground: true }
          : { format, printBackground: true },
      ),
    );

  it("prints a tasting sheet per taster, blind pours as Dram N, on A4 and on Letter", async () => {
    const page = (current = host.page);
    await visit(page, `/monthlymeeting/${meetingId}`);
    await page.getByRole("link", { name: "Print tasting sheets" }).click();
    await shows(page.getByRole("heading", { name: "Tasting sheets" }));
    const sheets = page.getByRole("article", { name: /^Tasting sheet of / });
    await shows(sheets.nth(3));
    // The meeting's host, the demo admin and Ann (going), and Ann's guest who joined (by name): no
    // blank sheet is left to print.
    expect(await sheets.count()).toBe(4);
    await shows(page.getByRole("article", { name: `Tasting sheet of ${hostName}` }));
    await shows(page.getByRole("article", { name: "Tasting sheet of Gina" }).getByText("(guest of Ann)"));
    // The host's flight names the hidden bottles; the sheets do not.
    expect(await page.getByRole("article").first().innerText()).not.toContain(bottles[0]!.name);

    for (const [format, size] of [
      ["A4", A4],
      ["Letter", LETTER],
    ] as const) {
      const pdf = await pdfOf(page, format);
      expect(pdf.pages, format).toHaveLength(4);
      for (const text of pdf.pages) {
        for (const word of [...BOXES, "Dram 1", "Dram 2", "Dram 3", "Guess", "Name:"])
          expect(text).toContain(word);
        for (const bottle of bottles) expect(text).not.toContain(bottle.name);
        // Printed without the app's menus.
        expect(text).not.toContain("Print");
        expect(text).not.toContain("Library");
      }
      expect(pdf.sizes.map(paperOf), format).toEqual(Array(4).fill(size));
      // A page per taster, each with its name: the host, the members with a place, then the guest.
      const named = (name: string) => pdf.pages.filter((text) => text.includes(`Name: ${name}`)).length;
      expect([named(hostName), named("Demo Member"), named("Ann Archer"), named("Gina")]).toEqual([
        1, 1, 1, 1,
      ]);
      expect(pdf.pages[3]).toContain("(guest of Ann)");
    }

    // Two blank sheets more: six pages.
    await page.getByRole("textbox", { name: "Blank sheets" }).fill("2");
    await shows(sheets.nth(5));
    expect((await pdfOf(page, "A4")).pages).toHaveLength(6);

    // The paper chosen on the page is the printed page's size (a named @page each).
    await page.getByRole("radiogroup", { name: "Paper" }).getByText("Letter", { exact: true }).click();
    expect((await pdfOf(page, null)).sizes.map(paperOf)).toEqual(Array(6).fill(LETTER));
    await page.getByRole("radiogroup", { name: "Paper" }).getByText("A4", { exact: true }).click();
    expect((await pdfOf(page, null)).sizes.map(paperOf)).toEqual(Array(6).fill(A4));
    expectNoPageErrors(host.watch, "the tasting sheets");
  });

  it("the host types in the paper sheet of a guest without a phone (375 px)", async () => {
    const page = (current = host.page);
    await visit(page, `/monthlymeeting/${meetingId}`);
    await page.getByRole("button", { name: "Invite guests to score" }).click();
    const invite = dialog(page, "Invite guests to score");
    await invite.getByRole("textbox", { name: "First name" }).fill("Pat");
    await invite.getByRole("textbox", { name: "Whose guest" }).fill("Ann");
    await invite.getByRole("button", { name: "Add and type in their sheet" }).click();
    const sheet = dialog(page, "Paper sheet of Pat");
    const dram = sheet.getByRole("form", { name: "Pat's Dram 2" });
    await shows(dram);
    // Blind: the pours are "Dram N" here too, though the host's flight names them.
    expect(await sheet.innerText()).not.toContain(bottles[1]!.name);
    const parts = { Nose: "22", Palate: "23", Finish: "21", Balance: "24" };
    for (const [label, value] of Object.entries(parts))
      await dram.getByRole("textbox", { name: label }).fill(value);
    await dram.getByRole("textbox", { name: "Note" }).fill("Pencil: orange peel");
    await shows(dram.getByText("Total 90"));
    await dram.getByRole("button", { name: "Save Dram 2" }).click();
    await shows(dram.getByText("Saved"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Back in the list: Pat, with one pour scored.
    await sheet.getByRole("button", { name: "← Guests" }).click();
    await shows(invite.getByText("1 scored"));
    const guests = await club.apiOk<{ id: number; firstName: string; scored: number }[]>(
      "GET",
      `/api/MonthlyMeetings/${meetingId}/Guests`,
      undefined,
      admin.accessToken,
    );
    const pat = guests.find((g) => g.firstName === "Pat");
    expect(pat?.scored).toBe(1);
    const scores = await club.apiOk<{ pour: number; total: number; note: string }[]>(
      "GET",
      `/api/MonthlyMeetings/${meetingId}/Guests/${pat!.id}/Scores`,
      undefined,
      admin.accessToken,
    );
    expect(scores).toEqual([expect.objectContaining({ pour: 2, total: 90, note: "Pencil: orange peel" })]);
    await page.keyboard.press("Escape");
    expectNoPageErrors(host.watch, "the paper sheet dialog");
  });

  it("a revealed pour is named on the sheet; the results sheet shows the guest marked", async () => {
    const path = `/api/MonthlyMeetings/${meetingId}`;
    await club.apiOk("POST", `${path}/Reveal`, { pour: 1 }, admin.accessToken);
    const parts = { nose: 20, palate: 21, finish: 22, balance: 23 };
    await club.apiOk("PUT", `${path}/Scores/1`, parts, ann.accessToken);
    // Pat's paper sheet, Dram 1, typed in by the host.
    const guests = await club.apiOk<{ id: number; firstName: string }[]>(
      "GET",
      `${path}/Guests`,
      undefined,
      admin.accessToken,
    );
    const pat = guests.find((g) => g.firstName === "Pat")!;
    await club.apiOk("PUT", `${path}/Guests/${pat.id}/Scores/1`, { ...parts, nose: 10 }, admin.accessToken);
    const page = (current = host.page);
    await visit(page, `/meeting/${meetingId}/print/tasting`);
    await shows(page.getByRole("article").first());
    const tasting = await pdfOf(page, "A4");
    expect(tasting.pages[0]).toContain(`Dram 1: ${bottles[0]!.name}`);
    expect(tasting.pages[0]).not.toContain(bottles[1]!.name);

    await visit(page, `/monthlymeeting/${meetingId}`);
    await page.getByRole("link", { name: "Print results" }).click();
    await shows(page.getByRole("heading", { name: "Results sheet" }));
    // Dram 2 is still hidden: the night's ranking waits for its reveal.
    await shows(page.getByText("The night's ranking shows after the reveal."));
    const results = await pdfOf(page, "Letter");
    const text = results.pages.join("\n");
    expect(text).toContain(`Dram 1: ${bottles[0]!.name}`);
    expect(text).toContain("Ann Archer: 86");
    expect(text).toContain("Pat (guest of Ann): 76");
    expect(text).toContain("Dram 2 (not revealed yet)");
    // Pat's typed-in score of Dram 2 is counted; its figures wait for the reveal.
    expect(text).toContain("Dram 2 (not revealed yet)");
    expect(text).toContain("1 score so far. Results after the reveal.");
    expect(text).not.toMatch(/Average 90/);
    expect(text).not.toContain(bottles[1]!.name);
    expect(text).not.toContain("Print");
    expect(paperOf(results.sizes[0]!)).toBe(LETTER);
    expectNoPageErrors(host.watch, "the results sheet");
  });

  it("the host copies the flight of a past meeting into another night (375 px)", async () => {
    // A night further ahead with one pour of its own.
    const [theme] = await club.apiOk<{ id: number }[]>("GET", "/api/MonthlyThemes/WithLastDate");
    const later = await club.apiOk<{ id: number }>(
      "POST",
      "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
      { date: "2999-05-08", hostName: "Later host", themeId: theme!.id },
      admin.accessToken,
    );
    const library = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Bottles/AllBottlesList");
    const own = library[5]!;
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${later.id}/Flight`,
      { pours: [{ bottleId: own.id }] },
      admin.accessToken,
    );
    const page = (current = host.page);
    await visit(page, `/monthlymeeting/${later.id}`);
    await page.getByRole("button", { name: "Edit flight" }).click();
    const editor = dialog(page, "Edit flight");
    const form = editor.getByRole("form", { name: "Copy the flight of a past meeting" });
    const choice = form.getByRole("combobox", { name: "Past meeting" });
    await choice.selectOption({ value: String(meetingId) });
    // The flight has a pour: copying asks whether to replace it or add after it.
    await shows(form.getByText("This flight has 1 pour"));
    expect(await form.getByRole("button", { name: "Copy flight" }).isDisabled()).toBe(true);
    await form.getByRole("radiogroup").getByText("Add after", { exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await form.getByRole("button", { name: "Copy flight" }).click();
    await hides(editor);
    const flight = await club.apiOk<{ bottle: { name: string } | null }[]>(
      "GET",
      `/api/MonthlyMeetings/${later.id}/Flight`,
      undefined,
      admin.accessToken,
    );
    expect(flight.map((p) => p.bottle?.name)).toEqual([own.name, ...bottles.map((b) => b.name)]);
    await shows(page.getByRole("listitem", { name: "Dram 4" }));
    expectNoPageErrors(host.watch, "copying a flight");
  });
});

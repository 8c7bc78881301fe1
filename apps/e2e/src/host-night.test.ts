import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { PourResult } from "@club/shared";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { closeInOrder, DESKTOP, PHONE, shot } from "./support/harness";
import { pdfCornerColours, readPdf } from "./support/pdf";
import { startClub, type Club, type Member } from "./support/server";
import { chooseOption, closeToast, dialog, hides, onScreen, selectBox, shows } from "./support/ui";

/**
 * A host's night, as the people do it, each on a 375 px phone of their own (one browser context
 * per person): a member adds the meeting naming Hana as host, and Hana runs it: the night blind, a
 * flight picked and saved, the phases; Milo (a member) and Gwen (a guest) score on their phones
 * with the same score screen, the phase on top of it; nobody sees the results until the reveal;
 * Hana reveals (asked first), everyone sees the results; a sheet prints for every taster.
 */
const BOTTLES = ["Amrut Fusion", "Balvenie 12 DoubleWood", "Caol Ila 12", "Dalmore 15"];

describe("a host's night", () => {
  let club: Club;
  let browser: Browser;
  let hana: Member;
  let ava: Member;
  let milo: Member;
  let maya: Member;
  let host: Session;
  let member: Session;
  let guest: Session;
  let meetingId = 0;
  let date = "";
  const sessions: Session[] = [];
  let current: Page | undefined;

  const main = (page: Page) => page.getByRole("main");
  const phone = async (as?: Member) => {
    const session = await openSession(browser, club.baseUrl, { viewport: PHONE, mobile: true, as });
    sessions.push(session);
    return session;
  };
  const results = () => club.apiOk<PourResult[]>("GET", `/api/MonthlyMeetings/${meetingId}/Results`);

  beforeAll(async () => {
    club = await startClub({ demoData: false });
    browser = await launchChromium();
    ava = await club.member({ firstName: "Ava", lastName: "Adder" });
    hana = await club.member({ firstName: "Hana", lastName: "Host" });
    milo = await club.member({ firstName: "Milo", lastName: "Member" });
    maya = await club.member({ firstName: "Maya", lastName: "Maybe" });
    await club.apiOk(
      "POST",
      "/api/MonthlyThemes",
      { id: 0, description: "Around the world" },
      ava.accessToken,
    );
    for (const name of BOTTLES)
      await club.api(
        "POST",
        "/api/Bottles/NewBottle",
        {
          name,
          storeLink: "",
          brandId: null,
          newBrand: "",
          drinkTypeId: null,
          countryId: null,
          stateId: null,
          abv: 46,
        },
        ava.accessToken,
      );
    const soon = new Date(Date.now() + 7 * 86_400_000);
    date = soon.toISOString().slice(0, 10);
  });

  afterEach(screenshotOnFailure("host-night", () => current));
  afterAll(() => closeInOrder(...sessions, browser, club));

  it("a member adds the meeting and picks Hana, a member, as its host: she runs the night", async () => {
    const adder = await phone(ava);
    const page = (current = adder.page);
    await visit(page, "/");
    await main(page).getByRole("button", { name: "Add Meeting" }).click();
    const add = dialog(page, "Add Meeting");
    await add.getByLabel("Date").fill(date);
    await selectBox(add, "Host name").fill("Hana");
    await page.getByRole("option", { name: "Hana Host", exact: true }).click();
    await chooseOption(add, page, "Theme", "Around the world");
    await add.getByRole("button", { name: "Submit" }).click();
    await hides(add);
    const meetings = await club.apiOk<{ id: number; host: string }[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    meetingId = meetings[0]!.id;
    expect(meetings[0]!.host).toBe("Hana Host");
    await adder.close();

    host = await phone(hana);
    current = host.page;
    await visit(host.page, `/monthlymeeting/${meetingId}`);
    // The host named on the meeting page has the night's controls, and is the night settings' host.
    await host.page.getByRole("button", { name: "Night settings" }).click();
    const settings = dialog(host.page, "Night settings");
    await expect.poll(() => selectBox(settings, "Host").inputValue()).toBe("Hana Host");
    await settings.getByRole("switch", { name: "Blind tasting" }).check({ force: true });
    await settings.getByRole("button", { name: "Save" }).click();
    await hides(settings);
    await closeToast(host.page, "Night settings saved.");
    await shot(host.page, "host-night-meeting-host-dark");
  });

  it("Hana picks four bottles and taps Save flight: what is picked is what is saved", async () => {
    const page = (current = host.page);
    await page.getByRole("button", { name: "Edit flight" }).click();
    const editor = dialog(page, "Edit flight");
    const picker = selectBox(editor, "Add bottles from the library");
    for (const name of BOTTLES) {
      await picker.click();
      await picker.fill(name.split(" ")[0]!);
      await page.getByRole("option", { name, exact: true }).click();
    }
    // Straight to Save flight, the dropdown still open over "Add to flight".
    await editor.getByRole("button", { name: "Save flight" }).click();
    await hides(editor);
    await closeToast(page, "Flight saved.");
    const flight = main(page).getByRole("region", { name: "Bottles Sampled" });
    for (const n of [1, 2, 3, 4]) await shows(flight.getByRole("button", { name: `Reveal Dram ${n}` }));
    for (const name of BOTTLES) await shows(flight.getByRole("link", { name }));
  });

  it("Hana runs the phases; Milo's score screen and Gwen's guest screen show them on top, live", async () => {
    const page = (current = host.page);
    const phases = main(page).getByRole("region", { name: "Run the tasting" });
    await shows(phases.getByText("Choose a dram to show it, its phase and a timer on top of every phone."));
    await phases.getByRole("combobox", { name: "Timer for each phase" }).selectOption("60");
    await phases.getByRole("combobox", { name: "Dram everyone is on" }).selectOption("1");
    await phases
      .getByRole("radiogroup", { name: "Phase of Dram 1: tap to move everyone on" })
      .getByText("Nose", { exact: true })
      .click();
    await shows(page.getByTestId("phase-banner").getByText("Dram 1 · Nose"));

    await club.apiOk("PUT", `/api/MonthlyMeetings/${meetingId}/Rsvp`, { status: "going" }, milo.accessToken);
    await club.apiOk("PUT", `/api/MonthlyMeetings/${meetingId}/Rsvp`, { status: "maybe" }, maya.accessToken);
    member = await phone(milo);
    current = member.page;
    await visit(member.page, `/monthlymeeting/${meetingId}`);
    await member.page.getByRole("link", { name: "Score Dram 1" }).click();
    await onScreen(member.page, "Dram 1");
    const banner = member.page.getByTestId("phase-banner");
    await shows(banner.getByText("Dram 1 · Nose"));
    await shows(banner.getByText(/^[01]:\d\d$/));
    await shot(member.page, "host-night-score-member-dark");

    // Gwen joins with the code on Hana's screen.
    current = page;
    await page.getByRole("button", { name: "Invite guests to score" }).click();
    const invite = dialog(page, "Invite guests to score");
    await invite.getByRole("button", { name: "Show a join code" }).click();
    const code = (await invite.getByTestId("guest-code").innerText()).trim();
    await page.keyboard.press("Escape");
    await hides(invite);
    guest = await phone();
    current = guest.page;
    await visit(guest.page, `/join?code=${code}`);
    await guest.page.getByRole("textbox", { name: "Your first name" }).fill("Gwen");
    await guest.page.getByRole("textbox", { name: "Whose guest are you?" }).fill("Milo");
    await guest.page.getByRole("button", { name: "Join" }).click();
    await shows(guest.page.getByRole("heading", { name: "Gwen, guest at the tasting" }));
    await shows(guest.page.getByTestId("phase-banner").getByText("Dram 1 · Nose"));

    // The host moves the room on: both phones follow without a reload.
    current = page;
    await phases
      .getByRole("radiogroup", { name: "Phase of Dram 1: tap to move everyone on" })
      .getByText("Palate", { exact: true })
      .click();
    for (const p of [member.page, guest.page]) {
      current = p;
      await shows(p.getByTestId("phase-banner").getByText("Dram 1 · Palate"));
    }
  });

  it("a member and a guest score on the same screen: nothing until a score is given, then saved as they go", async () => {
    for (const [s, who] of [
      [member, "Milo"],
      [guest, "Gwen"],
    ] as const) {
      const page = (current = s.page);
      const sheet = who === "Gwen" ? page.getByRole("region", { name: "Score Dram 1" }) : main(page);
      await shows(sheet.getByText("Not scored yet: your score is saved as you give it."));
      await shows(sheet.getByLabel("Not scored yet"));
      // Flavours and, blind, a guess: on the guest's screen too.
      await shows(sheet.getByRole("group", { name: "Flavours" }));
      await shows(sheet.getByRole("textbox", { name: "Guess ABV" }));
      const taps = who === "Milo" ? 5 : 3;
      for (let i = 0; i < taps; i++) await sheet.getByRole("button", { name: "Nose: one more" }).tap();
      await shows(sheet.getByLabel(`Total ${taps} out of 100`));
      await shows(sheet.getByRole("status").getByText("Saved", { exact: true }));
      if (who === "Gwen") await shot(page, "host-night-score-guest-dark");
    }
    // Only what was given is saved: Dram 2 has no score from either.
    const scored = await results();
    expect(scored.map((r) => r.count)).toEqual([2, 0, 0, 0]);
  });

  it("the same join link opened again on Gwen's phone is Gwen again, not a second guest", async () => {
    const page = (current = guest.page);
    const { code } = await club
      .apiOk<{ guestCode: { code: string } }>(
        "GET",
        `/api/MonthlyMeetings/${meetingId}/Night`,
        undefined,
        hana.accessToken,
      )
      .then((n) => n.guestCode);
    await visit(page, `/join?code=${code}`);
    await shows(page.getByRole("heading", { name: "Gwen, guest at the tasting" }));
    await shows(page.getByRole("tab", { name: "Dram 1 ✓" }));
    const guests = await club.apiOk<{ firstName: string }[]>(
      "GET",
      `/api/MonthlyMeetings/${meetingId}/Guests`,
      undefined,
      hana.accessToken,
    );
    expect(guests.map((g) => g.firstName)).toEqual(["Gwen"]);
  });

  it("nobody sees the results before the reveal: not the member, the guest, a visitor or the host", async () => {
    const page = (current = member.page);
    await visit(page, `/meeting/${meetingId}/results`);
    await onScreen(page, "Results");
    await shows(main(page).getByText("The night's ranking shows after the reveal."));
    await shows(
      main(page)
        .getByRole("article", { name: "Dram 1" })
        .getByText("2 scores so far. Results after the reveal."),
    );
    expect(await main(page).getByText("Average").count()).toBe(0);
    await shot(page, "host-night-results-waiting-dark");

    current = guest.page;
    await shows(
      guest.page
        .getByTestId("guest-result")
        .filter({ hasText: "Dram 1" })
        .getByText("2 scores · Results after the reveal."),
    );
    for (const token of [undefined, hana.accessToken]) {
      const read = await club.apiOk<PourResult[]>(
        "GET",
        `/api/MonthlyMeetings/${meetingId}/Results`,
        undefined,
        token,
      );
      expect(read.map((r) => [r.shown, r.average, r.rank])).toEqual(Array(4).fill([false, null, null]));
    }
  });

  it("Hana reveals all, asked first; the results appear on the member's and the guest's phones", async () => {
    const page = (current = host.page);
    await visit(page, `/monthlymeeting/${meetingId}`);
    // A scored pour asks before it goes (its scores with it); the others would keep their numbers.
    await main(page)
      .getByRole("button", { name: `Remove ${BOTTLES[0]} from this meeting` })
      .click();
    const remove = dialog(page, "Remove Dram 1?");
    await shows(remove.getByText("has 2 scores: they go with it. The other drams keep their numbers."));
    await remove.getByRole("button", { name: "Cancel" }).click();
    await hides(remove);
    await main(page).getByRole("button", { name: "Reveal all" }).click();
    const ask = dialog(page, "Reveal every dram?");
    await shows(ask.getByText("Every phone shows the bottles of all 4 hidden drams at once."));
    await shot(page, "host-night-reveal-all-dark");
    await ask.getByRole("button", { name: "Reveal all" }).click();
    await hides(ask);
    // Each revealed pour can be hidden again beside it.
    await shows(main(page).getByRole("button", { name: "Hide again: Dram 3" }));

    current = member.page;
    const ranking = main(member.page).getByRole("list", { name: "Ranking" });
    await shows(ranking.getByText(`Dram 1: ${BOTTLES[0]}`), 10_000);
    await shows(
      main(member.page)
        .getByRole("article", { name: `Dram 1: ${BOTTLES[0]}` })
        .getByText("Average"),
    );
    await shot(member.page, "host-night-results-dark");
    current = guest.page;
    await shows(
      guest.page
        .getByTestId("guest-result")
        .filter({ hasText: `Dram 1: ${BOTTLES[0]}` })
        .getByText("4 · 2 scores"),
    );
    expectNoPageErrors(member.watch, "the member's results");
    expectNoPageErrors(guest.watch, "the guest's night");
  });

  it("every taster's sheet prints: the host, the member going, the maybe and the guest, on white paper", async () => {
    const page = (current = host.page);
    await visit(page, `/monthlymeeting/${meetingId}`);
    await page.getByRole("link", { name: "Print tasting sheets" }).click();
    await shows(page.getByRole("heading", { name: "Tasting sheets" }));
    for (const name of ["Hana Host", "Milo Member", "Maya Maybe", "Gwen"])
      await shows(page.getByRole("article", { name: `Tasting sheet of ${name}` }));
    // Printed in the dark theme with background graphics on: white paper, margins included (they
    // printed as a thick black frame around every sheet).
    const bytes = await page.pdf({ format: "A4", printBackground: true });
    expect(await pdfCornerColours(browser, bytes)).toEqual(Array(4).fill([255, 255, 255]));
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toHaveLength(4);
    for (const name of ["Hana Host", "Milo Member", "Maya Maybe", "Gwen"])
      expect(pdf.pages.filter((text) => text.includes(`Name: ${name}`))).toHaveLength(1);
    // Nothing around the sheets is dark either.
    await page.emulateMedia({ media: "print" });
    const dark = await page.getByRole("article", { name: "Tasting sheet of Gwen" }).evaluate((sheet) => {
      const found: string[] = [];
      for (let el: Element | null = sheet; el; el = el.parentElement) {
        const style = getComputedStyle(el);
        const bg = style.backgroundColor;
        if (bg !== "rgb(255, 255, 255)" && bg !== "rgba(0, 0, 0, 0)") found.push(`${el.tagName} ${bg}`);
      }
      return found;
    });
    await shot(page, "host-night-sheets-print-dark", false);
    await page.emulateMedia({ media: "screen" });
    expect(dark).toEqual([]);
  });

  it("a meeting that is over offers no calendar link and does not say three times that nobody came", async () => {
    const [theme] = await club.apiOk<{ id: number }[]>("GET", "/api/MonthlyThemes/WithLastDate");
    const past = await club.apiOk<{ id: number }>(
      "POST",
      "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
      { date: "2020-01-10", hostName: "Hana Host", themeId: theme!.id },
      ava.accessToken,
    );
    const page = (current = member.page);
    await visit(page, `/monthlymeeting/${past.id}`);
    await shows(main(page).getByText("Live", { exact: true }));
    await shows(main(page).getByText("Hana Host"));
    // Once the answers are in (none): no section at all.
    await expect
      .poll(() =>
        main(page)
          .getByRole("heading", { name: /Who's coming|Who came/ })
          .count(),
      )
      .toBe(0);
    expect(
      await main(page)
        .getByText(/No answers yet|going/)
        .count(),
    ).toBe(0);
    expect(await main(page).getByRole("link", { name: "Add to calendar" }).count()).toBe(0);
  });

  // The screens this night changed, in light and on a desktop too: looked at by hand (SHOTS_DIR).
  it.runIf(process.env.SHOTS_DIR)("screens in light and dark, on a phone and a desktop", async () => {
    for (const theme of ["light", "dark"] as const)
      for (const [size, viewport] of [
        ["phone", PHONE],
        ["desktop", DESKTOP],
      ] as const) {
        const s = await openSession(browser, club.baseUrl, { viewport, theme, colorScheme: theme, as: hana });
        sessions.push(s);
        const page = (current = s.page);
        for (const [name, path, heading] of [
          ["meeting", `/monthlymeeting/${meetingId}`, null],
          ["score", `/meeting/${meetingId}/score/2`, BOTTLES[1]!],
          ["results", `/meeting/${meetingId}/results`, "Results"],
          ["sheets", `/meeting/${meetingId}/print/tasting`, "Tasting sheets"],
        ] as const) {
          await visit(page, path);
          if (heading) await onScreen(page, heading);
          else await shows(main(page).getByRole("region", { name: "Run the tasting" }));
          await shot(page, `host-night-${name}-${size}-${theme}`);
        }
        await visit(page, "/");
        await main(page).getByRole("button", { name: "Add Meeting" }).click();
        await selectBox(dialog(page, "Add Meeting"), "Host name").click();
        await shows(page.getByRole("option", { name: "Milo Member" }));
        await shot(page, `host-night-add-meeting-${size}-${theme}`, false);
        await s.close();
      }
  });
});

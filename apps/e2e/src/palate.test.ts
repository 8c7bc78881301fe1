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
import { expectNoSidewaysScroll, PHONE, shot } from "./support/harness";
import { nextMeetingId, startClub, type Club, type Member } from "./support/server";
import { dialog, hides, shows } from "./support/ui";

/**
 * The room's palate on a phone: after a blind night with five members and a guest, a member reads
 * each dram's notes (members by name, the guest by first name), its flavour tags as counts and the
 * consensus, the trimmed average said in words, and the charts of the parts and the ranking; none
 * of it before the reveal. Set SHOTS_DIR to keep the screenshots (both themes).
 */
describe("the room's palate after the reveal (phone)", () => {
  let club: Club;
  let browser: Browser;
  let admin: Member;
  let meetingId = 0;
  const tasters: Member[] = [];
  const sessions: Session[] = [];
  let current: Page | undefined;

  const open = async (as: Member, theme: "dark" | "light" = "dark") => {
    const session = await openSession(browser, club.baseUrl, { as, viewport: PHONE, theme });
    sessions.push(session);
    current = session.page;
    return session;
  };

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    admin = await club.tokensFor("demo@whiskey.club");
    meetingId = await nextMeetingId(club);
    const bottles = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Bottles/AllBottlesList");
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Flight`,
      { pours: [{ bottleId: bottles[0]!.id }, { bottleId: bottles[1]!.id }] },
      admin.accessToken,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Settings`,
      { capacity: null, blind: true, scoringOpen: true, hostMemberId: null },
      admin.accessToken,
    );
    const names = ["Ann Archer", "Bob Baker", "Cy Cooper", "Di Dunn", "Ed Ewing"];
    // Dram 1's totals: 40, 72, 76, 80, 100 (and the guest's 84): trimmed, 40 and 100 are left out.
    const parts = [10, 18, 19, 20, 25];
    for (const [i, name] of names.entries()) {
      const [firstName, lastName] = name.split(" ");
      const member = await club.member({ firstName, lastName });
      tasters.push(member);
      const n = parts[i]!;
      await club.apiOk(
        "PUT",
        `/api/MonthlyMeetings/${meetingId}/Scores/1`,
        {
          nose: n,
          palate: n,
          finish: n,
          balance: n,
          note: i < 2 ? `${firstName}'s note: sea spray and tar` : "",
          tags: i < 4 ? ["smoky", "medicinal"] : ["fruity"],
        },
        member.accessToken,
      );
      await club.apiOk(
        "PUT",
        `/api/MonthlyMeetings/${meetingId}/Scores/2`,
        { nose: 15, palate: 15, finish: 15, balance: 15, tags: ["vanilla"] },
        member.accessToken,
      );
    }
    const { code } = await club.apiOk<{ code: string }>(
      "POST",
      `/api/MonthlyMeetings/${meetingId}/GuestCode`,
      undefined,
      admin.accessToken,
    );
    const guest = await club.apiOk<{ guestToken: string }>("POST", "/api/Guests/Join", {
      code,
      firstName: "Gina",
    });
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Scores/1`,
      { nose: 21, palate: 21, finish: 21, balance: 21, note: "Gina liked the smoke", tags: ["smoky"] },
      guest.guestToken,
    );
  });

  afterEach(screenshotOnFailure("palate", () => current));
  afterAll(async () => {
    for (const s of sessions) await s.close();
    await browser?.close();
    await club?.close();
  });

  it("before the reveal: no notes, tags or trimmed average for anyone, the host included", async () => {
    for (const who of [tasters[0]!, admin]) {
      const { page, watch } = await open(who);
      await visit(page, `/meeting/${meetingId}/results`);
      await shows(page.getByRole("heading", { name: "Results" }));
      await shows(page.getByText("The night's ranking shows after the reveal."));
      await hides(page.getByText("Flavour profile"));
      await hides(page.getByText("Trimmed average"));
      expect(await page.content()).not.toContain("sea spray");
      expect(await page.content()).not.toContain("Gina liked the smoke");
      expectNoPageErrors(watch, "the results before the reveal");
    }
  });

  it("after the reveal: the notes by name, the tags counted, the consensus, the trimmed average in words, the charts", async () => {
    await club.apiOk("POST", `/api/MonthlyMeetings/${meetingId}/Reveal`, {}, admin.accessToken);
    for (const theme of ["dark", "light"] as const) {
      const { page, watch } = await open(tasters[2]!, theme);
      await visit(page, `/meeting/${meetingId}/results`);
      const dram = page.getByRole("article").filter({ hasText: "Dram 1" });
      await shows(dram.getByText("Trimmed average", { exact: true }));
      await shows(
        dram.getByText("Trimmed average: The highest and the lowest of the 6 scores are left out."),
      );
      // 72, 76, 80, 84: 78 trimmed; 75.3 plain.
      const stat = (name: string) => dram.locator(`dt:text-is("${name}") + dd`);
      expect(await stat("Trimmed average").innerText()).toBe("78");
      expect(await stat("Average").innerText()).toBe("75.3");
      const palate = dram.getByRole("group", { name: "Dram 1: the room's palate" });
      await shows(palate.getByText("Consensus: smoky, medicinal"));
      await shows(palate.getByText("Tags: smoky (5), medicinal (4), fruity (1)"));
      const notes = palate.getByRole("list", { name: "Dram 1: notes" });
      await shows(notes.getByText("Ann Archer:"));
      await shows(notes.getByText("Bob Baker:"));
      await shows(notes.getByText("Gina (guest):"));
      expect(await notes.getByRole("listitem").count()).toBe(3);
      // Dram 2: its five tasters all gave vanilla.
      const two = page.getByRole("article").filter({ hasText: "Dram 2" });
      await shows(two.getByText("Consensus: vanilla"));
      // The charts: a dram's parts, and the ranking's.
      await shows(dram.getByRole("img", { name: "Dram 1: the room's nose, palate, finish and balance" }));
      const ranking = page.getByRole("img", { name: /The night's ranking as a chart/ });
      await shows(ranking);
      await shows(ranking.locator("svg .recharts-bar-rectangle").first());
      await expectNoSidewaysScroll(page);
      await shot(page, `palate-results-phone-${theme}`);
      expectNoPageErrors(watch, `the results (${theme})`);
    }
  });

  it("the journal's taste: the member's average against the room's, their tags, favourites, type and country", async () => {
    for (const theme of ["dark", "light"] as const) {
      const { page, watch } = await open(tasters[2]!, theme);
      await visit(page, "/journal");
      const taste = page.getByRole("region", { name: "Your taste" });
      // Cy: 76 and 60 (68) against the room's 75.3 and 60 (67.7).
      await shows(taste.getByText("Over 2 scores you average 68, 0.3 points above the room (67.7)."));
      await shows(taste.getByRole("list", { name: "Your most given tags" }).getByText("smoky (1)"));
      for (const table of ["Your favourites", "By type", "By country"])
        await shows(taste.getByRole("table", { name: table }));
      const favourites = taste.getByRole("table", { name: "Your favourites" }).getByRole("row");
      expect(await favourites.count()).toBe(3);
      await shows(favourites.nth(1).getByRole("cell", { name: "76", exact: true }));
      await expectNoSidewaysScroll(page);
      await shot(page, `palate-journal-phone-${theme}`);
      expectNoPageErrors(watch, `the journal (${theme})`);
    }
  });

  it("the wishlist: a member wishes on a phone, another votes, and the bought bottle moves to the library with its purchase", async () => {
    const { page: ann, watch } = await open(tasters[0]!);
    await visit(ann, "/wishlist");
    await shows(ann.getByRole("heading", { name: "Wishlist" }));
    await ann.getByRole("button", { name: "Wish for a bottle" }).click();
    const add = dialog(ann, "Wish for a bottle");
    await add.getByRole("textbox", { name: "Bottle" }).fill("Springbank 15");
    await add.getByRole("textbox", { name: "Note" }).fill("For the spring night");
    await add.getByRole("button", { name: "Add to wishlist" }).click();
    await hides(add);
    const wish = ann.getByRole("listitem", { name: "Springbank 15" });
    await shows(wish.getByText("1 vote", { exact: true }));
    await shows(wish.getByText("For the spring night"));
    await shows(wish.getByRole("button", { name: "Voted", pressed: true }));
    await shot(ann, "palate-wishlist-phone-dark");

    const { page: bob } = await open(tasters[1]!, "light");
    await visit(bob, "/wishlist");
    const hers = bob.getByRole("listitem", { name: "Springbank 15" });
    await shows(hers.getByText("Added by Ann Archer"));
    await hers.getByRole("button", { name: "Vote", pressed: false }).click();
    await shows(hers.getByText("2 votes", { exact: true }));
    await shows(hers.getByRole("button", { name: "Voted", pressed: true }));
    await shot(bob, "palate-wishlist-phone-light");

    await hers.getByRole("button", { name: "Bought…" }).click();
    const bought = dialog(bob, "Bought Springbank 15");
    await bought.getByRole("textbox", { name: "Date purchased" }).fill("2026-01-15");
    await bought.getByRole("textbox", { name: "Price ($)" }).fill("129.5");
    await bought.getByRole("textbox", { name: "ABV (%)" }).fill("46");
    await bought.getByRole("button", { name: "Add to the library" }).click();
    await hides(bought);
    await shows(bob.getByRole("heading", { name: "Springbank 15" }));
    await shows(bob.getByRole("main").getByText("$129.50").first());
    await visit(bob, "/wishlist");
    await shows(bob.getByText("Nothing on the wishlist yet."));
    expectNoPageErrors(watch, "the wishlist");
  });

  it("a visitor reads the tags and the trimmed average, never a member's note", async () => {
    const session = await openSession(browser, club.baseUrl, { viewport: PHONE });
    sessions.push(session);
    const page = (current = session.page);
    await visit(page, `/meeting/${meetingId}/results`);
    const dram = page.getByRole("article").filter({ hasText: "Dram 1" });
    await shows(dram.getByText("Consensus: smoky, medicinal"));
    await hides(dram.getByText("Ann Archer:"));
    expect(await page.content()).not.toContain("sea spray");
  });
});

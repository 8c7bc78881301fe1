import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ServerMessages } from "@club/shared";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { closeInOrder, expectNoSidewaysScroll, PHONE } from "./support/harness";
import { startClub, type Club, type Member } from "./support/server";
import { chooseOption, dialog, hides, onScreen, selectBox, shows, toast } from "./support/ui";

/**
 * Correcting mistakes on a phone: a member edits their meeting, deletes a comment and
 * undoes it from the toast, all without a reload; another member sees no edit controls on the
 * first one's purchase; the Activity screen tells the changes and undoes one.
 */
describe("corrections and undo (375 px phone)", () => {
  let club: Club;
  let browser: Browser;
  let session: Session;
  let page: Page;
  let ann: Member;
  let bob: Member;
  let meetingId = 0;
  let bottleId = 0;

  const main = () => page.getByRole("main");
  const comment = "Peat, smoke and a long iodine finish.";

  beforeAll(async () => {
    club = await startClub({ demoData: false });
    ann = await club.member({ email: "ann@example.com", firstName: "Ann", lastName: "Lee" });
    bob = await club.member({ email: "bob@example.com", firstName: "Bob", lastName: "Stone" });
    const as = ann.accessToken;
    const theme = await club.apiOk<{ id: number }>(
      "POST",
      "/api/MonthlyThemes",
      { description: "Islay Night" },
      as,
    );
    const meeting = await club.apiOk<{ id: number }>(
      "POST",
      "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
      { date: "2025-11-14", hostName: "Ann Lee", themeId: theme.id },
      as,
    );
    const bottle = await club.apiOk<{ id: number }>(
      "POST",
      "/api/Bottles/NewBottle",
      { name: "Lagavulin 16", abv: 43 },
      as,
    );
    meetingId = meeting.id;
    bottleId = bottle.id;
    await club.apiOk("POST", "/api/MonthlyMeetings/AddBottleToMeeting", { meetingId, bottleId }, as);
    await club.apiOk(
      "POST",
      "/api/BottleInstances/new",
      { bottleId, datePurchased: "2025-10-01", purchasePrice: 54.99 },
      as,
    );
    await club.apiOk("POST", "/api/BottleComments", { bottleId, comment }, as);

    browser = await launchChromium();
    session = await openSession(browser, club.baseUrl, { as: ann, viewport: PHONE });
    page = session.page;
  });

  afterEach(screenshotOnFailure("corrections", () => page));

  afterAll(() => closeInOrder(session, browser, club));

  it("lets the meeting's creator edit it in a prefilled dialog; the page shows the new host at once", async () => {
    await visit(page, `/monthlymeeting/${meetingId}`);
    await main().getByRole("button", { name: "Edit Meeting" }).click();
    const edit = dialog(page, "Edit Meeting");
    const host = selectBox(edit, "Host name");
    expect(await host.inputValue()).toBe("Ann Lee");
    expect(await edit.getByLabel("Date").inputValue()).toBe("2025-11-14");
    await host.fill("Ann & Bob");
    await edit.getByRole("button", { name: "Save" }).click();
    await hides(edit);
    await shows(main().getByText("Ann & Bob", { exact: true }));
    await shows(toast(page, "Meeting updated.").getByRole("button", { name: "Undo" }));
    const saved = await club.apiOk<{ hostName: string }>(
      "GET",
      `/api/MonthlyMeetings/${meetingId}`,
      undefined,
      ann.accessToken,
    );
    expect(saved.hostName).toBe("Ann & Bob");
    await expectNoSidewaysScroll(page);
  });

  it("deletes a comment after asking, and the toast's Undo brings it back without a reload", async () => {
    await visit(page, `/bottle/${bottleId}`);
    // Ann added the purchase: she may correct it.
    await shows(main().getByRole("button", { name: "Edit purchase" }));
    await shows(main().getByText(comment, { exact: true }));
    await main().getByRole("button", { name: "Delete comment" }).click();
    const confirm = dialog(page, "Delete Comment");
    await confirm.getByRole("button", { name: "Delete comment" }).click();
    await hides(confirm);
    await hides(main().getByText(comment, { exact: true }));
    const comments = await club.apiOk<unknown[]>(
      "GET",
      `/api/BottleComments/bottle/${bottleId}`,
      undefined,
      ann.accessToken,
    );
    expect(comments).toHaveLength(0);

    const reloads: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) reloads.push(frame.url());
    });
    await toast(page, "Comment deleted.").getByRole("button", { name: "Undo" }).click();
    await shows(toast(page, "Undone"));
    await shows(main().getByText(comment, { exact: true }));
    expect(reloads).toEqual([]);
    const restored = await club.apiOk<unknown[]>(
      "GET",
      `/api/BottleComments/bottle/${bottleId}`,
      undefined,
      ann.accessToken,
    );
    expect(restored).toHaveLength(1);
    await expectNoSidewaysScroll(page);
    expectNoPageErrors(session.watch, "the bottle page");
  });

  it("shows another member no edit or delete controls on the first one's purchase and comment", async () => {
    const other = await openSession(browser, club.baseUrl, { as: bob, viewport: PHONE });
    try {
      await visit(other.page, `/bottle/${bottleId}`);
      const bobMain = other.page.getByRole("main");
      await shows(bobMain.getByText(comment, { exact: true }));
      await shows(bobMain.getByRole("button", { name: "Edit Name" }));
      for (const name of [
        "Edit purchase",
        "Delete purchase",
        "Edit comment",
        "Delete comment",
        "Delete Bottle",
      ]) {
        expect(await bobMain.getByRole("button", { name }).count(), name).toBe(0);
      }
    } finally {
      await other.close();
    }
  });

  it("says plainly that a theme in use cannot be deleted", async () => {
    await visit(page, "/theme-ideas");
    await main().getByRole("button", { name: "Delete Islay Night" }).click();
    const confirm = dialog(page, "Delete Theme");
    await confirm.getByRole("button", { name: "Delete theme" }).click();
    await shows(confirm.getByText(ServerMessages.themeInUse));
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await hides(confirm);
    await shows(main().getByText("Islay Night", { exact: true }));
  });

  it("asks before adding a second meeting on a date, and the toast's Undo takes the new one away", async () => {
    const meetingsOn = async () =>
      (
        await club.apiOk<{ date: string }[]>("GET", "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames")
      ).filter((m) => m.date.startsWith("2025-11-14")).length;
    await visit(page, "/");
    await main().getByRole("button", { name: "Add Meeting" }).click();
    const add = dialog(page, "Add Meeting");
    await add.getByLabel("Date").fill("2025-11-14");
    await selectBox(add, "Host name").fill("Zed Ray");
    await chooseOption(add, page, "Theme", "Islay Night");
    await add.getByRole("button", { name: "Submit" }).click();
    await shows(add.getByText("There is already a meeting on Friday, November 14, 2025. Add another?"));
    expect(await meetingsOn()).toBe(1);
    await add.getByRole("button", { name: "Add another" }).click();
    await hides(add);
    await expect.poll(meetingsOn).toBe(2);

    await toast(page, "Meeting added.").getByRole("button", { name: "Undo" }).click();
    await shows(toast(page, "Undone"));
    await expect.poll(meetingsOn).toBe(1);
    await hides(main().getByText("Zed Ray"));
  });

  it("lists the changes as sentences on the Activity screen, filters them, and undoes one", async () => {
    await visit(page, "/");
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("button", { name: "My club" }).click(); // the phone menu's group
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Activity" }).click();
    await onScreen(page, "Activity");
    const log = main().getByRole("list", { name: "Recent changes" });
    const entry = (text: string) => log.getByRole("listitem").filter({ hasText: text });

    const edited = entry("changed the meeting of Nov 14, 2025: host from “Ann Lee” to “Ann & Bob”");
    await shows(edited);
    await shows(entry(`deleted the comment on Lagavulin 16: “${comment}”`));
    await shows(entry("restored the comment on Lagavulin 16"));
    await shows(entry("added the bottle Lagavulin 16"));
    // The comment's deletion was undone: it offers no second undo.
    expect(await entry("deleted the comment").getByRole("button", { name: /^Undo/ }).count()).toBe(0);
    await shows(entry("deleted the comment").getByText("Undone", { exact: true }));
    await expectNoSidewaysScroll(page);

    await main().getByRole("combobox", { name: "Kind" }).selectOption({ label: "Comments" });
    await hides(edited);
    await shows(entry("restored the comment"));
    await main().getByRole("combobox", { name: "Member" }).selectOption({ label: "Ann Lee" });
    await shows(entry("restored the comment"));
    await main().getByRole("combobox", { name: "Kind" }).selectOption({ label: "Everything" });

    await edited.getByRole("button", { name: /^Undo/ }).click();
    await shows(toast(page, "Undone. The change was reverted."));
    await shows(edited.getByText("Undone", { exact: true }));
    await shows(entry("undid a change to the meeting of Nov 14, 2025"));
    const meeting = await club.apiOk<{ hostName: string }>(
      "GET",
      `/api/MonthlyMeetings/${meetingId}`,
      undefined,
      ann.accessToken,
    );
    expect(meeting.hostName).toBe("Ann Lee");

    await visit(page, `/monthlymeeting/${meetingId}`);
    await shows(main().getByText("Ann Lee", { exact: true }));
    expectNoPageErrors(session.watch, "the Activity screen");
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { formatMoney, type BottleDetail, type Stats } from "@club/shared";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { expectNoSidewaysScroll, PHONE } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { columnTexts, dialog, hides, onScreen, selectBox, shows, toast } from "./support/ui";

/** Set SHOTS_DIR to keep screenshots of both screens, both themes, phone and desktop. */
const SHOTS_DIR = process.env.SHOTS_DIR;

/** As the screens write money: the club's currency (USD here) in en-US. */
const money = (dollars: number) => formatMoney(dollars);

/**
 * The admin merges two demo bottles on a phone, sees the merged name as an alias on the
 * kept bottle, and undoes it from the toast; /stats draws its charts, and each chart's table of
 * figures says what GET /api/Stats says.
 */
describe("merging bottles and the Stats screen", () => {
  let club: Club;
  let browser: Browser;
  let admin: Member;
  const sessions: Session[] = [];
  let page: Page | undefined;

  const open = async (opts: { phone: boolean; theme?: "dark" | "light"; as?: Member | null }) => {
    const session = await openSession(browser, club.baseUrl, {
      as: opts.as === undefined ? admin : opts.as,
      viewport: opts.phone ? PHONE : undefined,
      theme: opts.theme ?? "dark",
    });
    sessions.push(session);
    page = session.page;
    return session;
  };
  const shot = async (p: Page, name: string, fullPage = false) => {
    if (SHOTS_DIR) await p.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage });
  };
  const bottleId = async (name: string) => {
    const list = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Bottles");
    const found = list.find((b) => b.name === name);
    if (!found) throw new Error(`no demo bottle ${name}`);
    return found.id;
  };

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    admin = await club.tokensFor(DEMO_LOGIN.email);
    browser = await launchChromium();
  });
  afterEach(screenshotOnFailure("merge-stats", () => page));
  afterAll(async () => {
    for (const s of sessions) await s.close();
    await browser?.close();
    await club?.close();
  });

  it("merges a duplicate on a phone, shows its name as an alias, and the toast's Undo gives it back", async () => {
    const keep = await bottleId("Buffalo Trace");
    const dup = await bottleId("Eagle Rare 10 Year");
    const detail = (id: number) => club.api("GET", `/api/Bottles/${id}`);
    const keepBefore = (await detail(keep)).body as BottleDetail;
    const dupBefore = (await detail(dup)).body as BottleDetail;

    const { page: p, watch } = await open({ phone: true });
    const main = () => p.getByRole("main");
    await visit(p, `/bottle/${dup}`);
    await onScreen(p, "Eagle Rare 10 Year");
    await main().getByRole("button", { name: "Merge into another bottle…" }).click();
    const pick = dialog(p, "Merge into another bottle");
    await shows(pick);
    await selectBox(pick, "Bottle to keep").fill("buffalo");
    await p.getByRole("option", { name: "Buffalo Trace", exact: true }).click();
    await shot(p, "merge-pick-phone-dark");
    await pick.getByRole("button", { name: "Next" }).click();
    const confirm = dialog(p, "Merge bottles");
    await shows(confirm.getByText("Merge Eagle Rare 10 Year into Buffalo Trace?"));
    await shot(p, "merge-confirm-phone-dark");
    await confirm.getByRole("button", { name: "Merge bottles" }).click();
    await hides(confirm);

    await onScreen(p, "Buffalo Trace");
    expect(new URL(p.url()).pathname).toBe(`/bottle/${keep}`);
    await shows(main().getByText("Also known as: Eagle Rare 10 Year"));
    await expectNoSidewaysScroll(p);
    await shot(p, "merge-kept-phone-dark");
    const merged = (await detail(keep)).body as BottleDetail;
    expect(merged.bottleInstances).toHaveLength(
      keepBefore.bottleInstances.length + dupBefore.bottleInstances.length,
    );
    expect((await detail(dup)).status).toBe(404);

    await toast(p, "Eagle Rare 10 Year merged into Buffalo Trace.")
      .getByRole("button", { name: "Undo" })
      .click();
    await shows(toast(p, "Undone"));
    await hides(main().getByText("Also known as: Eagle Rare 10 Year"));
    expect((await detail(keep)).body).toEqual(keepBefore);
    expect((await detail(dup)).body).toEqual(dupBefore);
    expectNoPageErrors(watch, "the bottle page");
  });

  it("merges on a desktop in the light theme, and the undo over the API gives the bottle back", async () => {
    const keep = await bottleId("Wild Turkey 101");
    const dup = await bottleId("Old Grand-Dad Bonded");
    const { page: p } = await open({ phone: false, theme: "light" });
    const main = () => p.getByRole("main");
    await visit(p, `/bottle/${dup}`);
    await onScreen(p, "Old Grand-Dad Bonded");
    await main().getByRole("button", { name: "Merge into another bottle…" }).click();
    const pick = dialog(p, "Merge into another bottle");
    await selectBox(pick, "Bottle to keep").fill("wild");
    await p.getByRole("option", { name: "Wild Turkey 101", exact: true }).click();
    await shot(p, "merge-pick-desktop-light");
    await pick.getByRole("button", { name: "Next" }).click();
    const confirm = dialog(p, "Merge bottles");
    await shows(confirm.getByText("Merge Old Grand-Dad Bonded into Wild Turkey 101?"));
    await shot(p, "merge-confirm-desktop-light");
    await confirm.getByRole("button", { name: "Merge bottles" }).click();
    await onScreen(p, "Wild Turkey 101");
    expect(new URL(p.url()).pathname).toBe(`/bottle/${keep}`);
    await shows(main().getByText("Also known as: Old Grand-Dad Bonded"));
    await shows(toast(p, "Old Grand-Dad Bonded merged into Wild Turkey 101."));
    await shot(p, "merge-kept-desktop-light");
    const [entry] = await club.apiOk<{ id: number; action: string }[]>(
      "GET",
      `/api/Activity?entity=bottle&entityId=${dup}&limit=1`,
      undefined,
      admin.accessToken,
    );
    expect(entry?.action).toBe("bottles.mergeInto");
    await club.apiOk("POST", `/api/Activity/${entry!.id}/Undo`, undefined, admin.accessToken);
    expect((await club.api("GET", `/api/Bottles/${dup}`)).status).toBe(200);
  });

  it("hides the merge action from members who are not admins", async () => {
    const member = await club.member({ firstName: "Mo", lastName: "Member" });
    const { page: p } = await open({ phone: true, as: member });
    await visit(p, `/bottle/${await bottleId("Buffalo Trace")}`);
    await onScreen(p, "Buffalo Trace");
    await shows(p.getByRole("main").getByRole("button", { name: "Edit Name" }));
    expect(
      await p.getByRole("main").getByRole("button", { name: "Merge into another bottle…" }).count(),
    ).toBe(0);
  });

  it("draws /stats with a text alternative per chart whose figures are the API's", async () => {
    const stats = await club.apiOk<Stats>("GET", "/api/Stats");
    expect(stats.spendByYear.length).toBeGreaterThan(0);
    const { page: p, watch } = await open({ phone: false, as: null });
    await visit(p, "/stats");
    await onScreen(p, "Stats");
    const main = p.getByRole("main");
    const section = (title: string) => main.getByRole("region", { name: title });
    for (const title of ["Spend per month", "Spend per year", "Bottles by type", "Members' activity"]) {
      const chart = section(title).getByRole("img");
      await shows(chart);
      expect(await chart.getAttribute("aria-label")).toBeTruthy();
    }
    await shows(section("Spend per year").locator(".recharts-surface"));

    await section("Spend per year").getByText("Show the figures").click();
    const years = section("Spend per year").getByRole("table");
    expect(await columnTexts(years, 1)).toEqual(stats.spendByYear.map((s) => s.period));
    expect(await columnTexts(years, 2)).toEqual(stats.spendByYear.map((s) => String(s.purchases)));
    expect(await columnTexts(years, 3)).toEqual(stats.spendByYear.map((s) => money(s.dollars)));

    await section("Bottles by type").getByText("Show the figures").click();
    const types = section("Bottles by type").getByRole("table");
    expect(await columnTexts(types, 1)).toEqual(stats.bottlesByType.map((c) => c.name));
    expect(await columnTexts(types, 2)).toEqual(stats.bottlesByType.map((c) => String(c.bottles)));

    await section("Members' activity").getByText("Show the figures").click();
    const members = section("Members' activity").getByRole("table");
    expect(await columnTexts(members, 1)).toEqual(stats.members.map((m) => m.name));
    await shot(p, "stats-desktop-dark", true);
    expectNoPageErrors(watch, "/stats");
  });

  it("stacks the charts on a phone, in both themes, with nothing to scroll sideways", async () => {
    for (const theme of ["dark", "light"] as const) {
      const { page: p } = await open({ phone: true, theme, as: null });
      await visit(p, "/stats");
      await onScreen(p, "Stats");
      await shows(
        p.getByRole("main").getByRole("region", { name: "Spend per year" }).locator(".recharts-surface"),
      );
      await expectNoSidewaysScroll(p);
      await shot(p, `stats-phone-${theme}`, true);
      await p.close();
    }
    if (SHOTS_DIR) {
      const { page: p } = await open({ phone: false, theme: "light", as: null });
      await visit(p, "/stats");
      await onScreen(p, "Stats");
      await shows(
        p.getByRole("main").getByRole("region", { name: "Spend per year" }).locator(".recharts-surface"),
      );
      await shot(p, "stats-desktop-light", true);
    }
  });
});

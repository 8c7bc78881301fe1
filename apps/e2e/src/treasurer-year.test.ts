import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { monthLabel, type DuesReport, type DuesStatement } from "@club/shared";
import {
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  screenshotOnFailure,
  visit,
} from "./support/browser";
import { DESKTOP, noSidewaysScroll, PHONE, sessionPool, shot } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { chooseOption, dialog, hides, onScreen, shows, toast } from "./support/ui";

/**
 * A treasurer's year, as the people do it on 375 px phones (one browser context each): a veteran
 * who joined the club years before the app gets her opening (she owes two months from before) and
 * the six-month hardship waiver the About page allows; a payment typed wrong is voided and typed
 * again; the treasurer cannot waive her own dues; the report's every total equals the sum of the
 * lines listed under it. The veteran reads her own page on her own phone.
 */
describe("a treasurer's year", () => {
  let club: Club;
  let browser: Browser;
  let admin: Member;
  let tess: Member;
  let vera: Member;
  const pool = sessionPool(
    () => browser,
    () => club.baseUrl,
  );
  const main = (page: Page) => page.getByRole("main");
  const seen = (locator: Locator) => locator.filter({ visible: true });
  const statementOf = (member: Member) =>
    club.apiOk<DuesStatement>("GET", `/api/Dues/Members/${member.id}`, undefined, tess.accessToken);
  /** Cents of a shown amount: "$1,234.50" or "−$12.00". */
  const cents = (text: string) => {
    const n = Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
    return /^[-−]/.test(text.trim()) ? -n : n;
  };
  let thisMonth = "";
  let treasurerPage: Page;

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    admin = await club.tokensFor(DEMO_LOGIN.email);
    tess = await club.member({ firstName: "Tess", lastName: "Treasurer" });
    vera = await club.member({ firstName: "Vera", lastName: "Veteran" });
    await club.apiOk("PUT", `/api/Members/${tess.id}/Role`, { role: "treasurer" }, admin.accessToken);
    // The dues job enrols the new members (joining fee and this month) when the ledger is first read.
    await club.apiOk("GET", "/api/Dues", undefined, admin.accessToken);
    thisMonth = (await statementOf(vera)).entries.find((e) => e.kind === "monthly")!.month!;
    treasurerPage = await pool.open({ viewport: PHONE, as: tess });
  });

  afterEach(screenshotOnFailure("treasurer-year", pool.current));

  afterAll(async () => {
    await pool.closeAll();
    await browser?.close();
    await club?.close();
  });

  const openStatement = async (page: Page, name: string) => {
    await visit(page, "/treasurer");
    await onScreen(page, "Treasurer");
    await main(page)
      .getByRole("list", { name: "Dues of every member" })
      .getByRole("button", { name: `Statement of ${name}` })
      .click();
    return main(page).getByRole("region", { name: `Statement: ${name}` });
  };

  it("the opening of a veteran: no waiver offered before it, owing two months from before, paid through before them", async () => {
    const page = treasurerPage;
    const statement = await openStatement(page, "Vera Veteran");
    // Joined today as far as the app knows: Grant waiver is not offered, the rule is said.
    await shows(statement.getByText(/Hardship waivers are for members of more than 12 months: from /));
    expect(await statement.getByRole("button", { name: "Grant waiver" }).count()).toBe(0);
    await shot(page, "year-1-newcomer-statement-phone-dark");

    await statement.getByRole("button", { name: "Set opening" }).click();
    const d = dialog(page, "Opening: Vera Veteran");
    await d.getByLabel("Member since").fill("2019-03-05");
    const fee = d.getByLabel("Joining fee already paid");
    if (!(await fee.isChecked())) await fee.check();
    await d.getByText("Owes", { exact: true }).click();
    await d.getByLabel("Amount owed").fill("24");
    await d.getByLabel("Note").fill("Owed two months at the changeover");
    await d.getByRole("button", { name: "Save opening" }).click();
    await hides(d);
    await shows(toast(page, "Opening saved for Vera Veteran."));
    await shows(seen(statement.getByText("$24.00 behind", { exact: true })));
    // Paid through the month before the two she owes, not "Nothing yet".
    const [y, m] = thisMonth.split("-").map(Number) as [number, number];
    const back = new Date(Date.UTC(y, m - 1 - 3, 1)).toISOString().slice(0, 7);
    await shows(seen(statement.getByText(monthLabel(back), { exact: true })));
    expect(await statement.getByText("Nothing yet").count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  it("a six-month hardship waiver covers this month now and each next as it is charged: never credit", async () => {
    const page = treasurerPage;
    const statement = main(page).getByRole("region", { name: "Statement: Vera Veteran" });
    await statement.getByRole("button", { name: "Grant waiver" }).click();
    const waive = dialog(page, "Grant waiver: Vera Veteran");
    await chooseOption(waive, page, "Months", "6");
    await waive.getByLabel("Reason").fill("Lost her job");
    await waive.getByRole("button", { name: "Grant waiver" }).click();
    await hides(waive);
    await shows(toast(page, `Waiver of 6 months from ${monthLabel(thisMonth)} granted to Vera Veteran.`));
    // Old debt stays owed; she paid nothing, so she is not in credit.
    await shows(seen(statement.getByText("$24.00 behind", { exact: true })));
    expect(await statement.getByText(/in credit/).count()).toBe(0);
    const [y, m] = thisMonth.split("-").map(Number) as [number, number];
    const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
    await shows(
      seen(
        statement.getByText(`Not charged yet: waived when ${monthLabel(next)} is charged.`, { exact: true }),
      ),
    );
    expect(await statementOf(vera)).toMatchObject({ balance: 24, standing: "behind" });
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, "year-2-waiver-phone-dark");
  });

  it("she reads the same on her own phone: $24.00 behind, never in credit", async () => {
    const own = await pool.open({ viewport: PHONE, as: vera, theme: "light" });
    await visit(own, "/dues");
    await onScreen(own, "My dues");
    await shows(main(own).getByText("$24.00 behind", { exact: true }));
    expect(
      await main(own)
        .getByText(/in credit/)
        .count(),
    ).toBe(0);
    expect(await noSidewaysScroll(own)).toBe(true);
    await shot(own, "year-3-veteran-dues-phone-light");
    expectNoPageErrors(pool.watchOf(own), "/dues");
  });

  it("a payment typed wrong asks first, is voided with its reason, and the right one makes her paid up", async () => {
    const page = treasurerPage;
    const statement = main(page).getByRole("region", { name: "Statement: Vera Veteran" });
    await statement.getByRole("button", { name: "Record payment" }).click();
    const pay = dialog(page, "Record payment: Vera Veteran");
    await pay.getByLabel("Amount").fill("240");
    await chooseOption(pay, page, "Method", "cash");
    await pay.getByRole("button", { name: "Record payment" }).click();
    await shows(pay.getByText(/^This pays through .*\. Record it anyway\?$/));
    await pay.getByRole("button", { name: "Record anyway" }).click();
    await hides(pay);
    await shows(toast(page, "Payment of $240.00 (cash) recorded for Vera Veteran."));
    await shows(seen(statement.getByText("$216.00 in credit", { exact: true })));

    const typo = (await statementOf(vera)).entries.find((e) => e.kind === "payment")!;
    await seen(statement.getByRole("button", { name: /^Void Payment \(cash\), .*, -\$240\.00$/ })).click();
    const voiding = dialog(page, "Void: Payment (cash)");
    await voiding.getByLabel("Reason").fill("typed 240 instead of 24");
    await voiding.getByRole("button", { name: "Void entry" }).click();
    await hides(voiding);
    await shows(toast(page, "Voided: Payment (cash), -$240.00."));
    await shows(seen(statement.getByText("$24.00 behind", { exact: true })));

    await statement.getByRole("button", { name: "Record payment" }).click();
    const right = dialog(page, "Record payment: Vera Veteran");
    await right.getByLabel("Amount").fill("24");
    await right.getByRole("button", { name: "Record payment" }).click();
    await hides(right);
    await shows(seen(statement.getByText("Paid up", { exact: true })));
    const after = await statementOf(vera);
    expect(after).toMatchObject({ balance: 0, standing: "paid-up", paidThrough: thisMonth });
    expect(after.entries.find((e) => e.id === typo.id)).toMatchObject({
      voided: true,
      reason: "typed 240 instead of 24",
    });
    await shot(page, "year-4-paid-up-phone-dark");
    expectNoCspViolations(pool.watchOf(page), "/treasurer");
    expectNoPageErrors(pool.watchOf(page), "/treasurer");
  });

  it("the treasurer is not offered a waiver of her own dues, nor a void of her own charges", async () => {
    const page = treasurerPage;
    const own = await openStatement(page, "Tess Treasurer");
    await shows(own.getByText("A hardship waiver for yourself is granted by another treasurer or an admin."));
    expect(await own.getByRole("button", { name: "Grant waiver" }).count()).toBe(0);
    // Nor a Void on a charge of her own: another treasurer or an admin corrects those.
    await shows(seen(own.getByText(/^Dues for /)));
    expect(await own.getByRole("button", { name: /^Void Dues for / }).count()).toBe(0);
    expect(await own.getByRole("button", { name: /^Void Joining fee/ }).count()).toBe(0);
  });

  for (const [label, viewport, theme] of [
    ["phone, dark", PHONE, "dark"],
    ["desktop, light", DESKTOP, "light"],
  ] as const)
    it(`the report: every total equals the sum of the lines listed under it (${label})`, async () => {
      const page = label.startsWith("phone") ? treasurerPage : await pool.open({ viewport, theme, as: tess });
      await visit(page, "/treasurer");
      await onScreen(page, "Treasurer");
      await main(page).getByRole("link", { name: "Report" }).click();
      await onScreen(page, "Treasurer's report");
      const report = await club.apiOk<DuesReport>("GET", "/api/Dues/Report", undefined, tess.accessToken);
      // This year so far, from the ledger's first month: no months of $0.00 before the club began.
      expect(report.to).toBe(thisMonth);
      const period = `${monthLabel(report.from)} to ${monthLabel(report.to)}`;
      await shows(main(page).getByRole("heading", { name: `Totals, ${period}` }));

      const totals = main(page).getByRole("region", { name: `Totals, ${period}` });
      const figure = async (name: string) =>
        cents(
          await totals.getByText(name, { exact: true }).locator("xpath=following-sibling::*[1]").innerText(),
        );
      /** A table's column, its rows' amounts and its Total row's. */
      const column = async (table: Locator, header: string) => {
        const headers = await table.locator("thead th").allTextContents();
        const index = headers.findIndex((h) => h.trim() === header);
        expect(index, `${header} in ${headers.join(" | ")}`).toBeGreaterThanOrEqual(0);
        const rows = await table.locator("tbody tr").all();
        const cells = await Promise.all(rows.map((r) => r.locator("td, th").nth(index).innerText()));
        const total = await table.locator("tfoot tr").locator("td, th").nth(index).innerText();
        return { lines: cells.map(cents), total: cents(total) };
      };
      const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

      const months = main(page).getByRole("table", { name: `Money by month, ${period}` });
      for (const [header, figureName] of [
        ["Charged", "Charges"],
        ["Received", "Received"],
        ["Waived", "Waived"],
      ] as const) {
        const { lines, total } = await column(months, header);
        expect(lines).toHaveLength(report.byMonth.length);
        expect(total, header).toBe(sum(lines));
        expect(await figure(figureName), figureName).toBe(total);
      }
      // The month of the waiver books the one month charged, not six.
      expect(report.byMonth.find((m) => m.month === thisMonth)).toMatchObject({ waived: 12 });

      const owing = await column(
        main(page).getByRole("table", { name: `Owing at the end of ${monthLabel(report.to)}` }),
        "Owed",
      );
      const credits = await column(
        main(page).getByRole("table", { name: `In credit at the end of ${monthLabel(report.to)}` }),
        "In credit",
      );
      expect(owing.total).toBe(sum(owing.lines));
      expect(credits.total).toBe(sum(credits.lines));
      expect(await figure("Owed at the end")).toBe(owing.total - credits.total);
      // And the chain: owed at the start + charges - received - waived.
      expect(
        (await figure("Owed at the start")) +
          (await figure("Charges")) -
          (await figure("Received")) -
          (await figure("Waived")),
      ).toBe(await figure("Owed at the end"));
      const voids = main(page).getByRole("table", { name: `Voided, ${period}` });
      await shows(voids.getByRole("cell", { name: "typed 240 instead of 24" }));
      if (label.startsWith("phone")) expect(await noSidewaysScroll(page)).toBe(true);
      await shot(page, `year-5-report-${label.replace(", ", "-")}`);
      expectNoPageErrors(pool.watchOf(page), "/treasurer/report");
    });
});

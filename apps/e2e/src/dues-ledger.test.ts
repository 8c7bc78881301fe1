import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { monthLabel, type ActivityEntry, type DuesReport, type DuesStatement } from "@club/shared";
import { formatDate } from "@club/web/testing";
import {
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  screenshotOnFailure,
  visit,
} from "./support/browser";
import { DESKTOP, noSidewaysScroll, PHONE, sessionPool, shot } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { seriousViolations } from "./support/axe";
import { chooseOption, dialog, hides, onScreen, shows, toast } from "./support/ui";

/**
 * The dues ledger in Chromium, at 375 px and on a desktop, in both themes: a newcomer's due day, the
 * treasurer's correction flow (a mistyped payment, the question it raises, a void from the
 * statement line, the right payment; then a mistake undone from the toast and from the activity
 * log), the opening of a long-standing member from the Members list and a waiver after it, and the
 * treasurer's report (on screen, CSV, print). Screenshots go to SHOTS_DIR when it is set.
 */
describe("the dues ledger: right from the first day, every mistake correctable", () => {
  let club: Club;
  let browser: Browser;
  let admin: Member;
  let treasurer: Member;
  let nina: Member;
  let omar: Member;
  let vera: Member;
  const pool = sessionPool(
    () => browser,
    () => club.baseUrl,
  );
  const { open, watchOf } = pool;
  const main = (page: Page) => page.getByRole("main");
  const seen = (locator: Locator) => locator.filter({ visible: true });
  /** axe-core finds no serious or critical problem on the page as it is now. */
  const accessible = async (page: Page, where: string) =>
    expect(await seriousViolations(page), `axe on ${where}`).toEqual([]);
  const statementOf = (member: Member) =>
    club.apiOk<DuesStatement>("GET", `/api/Dues/Members/${member.id}`, undefined, treasurer.accessToken);
  /** The browser's today (the server's zone is the same here). */
  let today = "";

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    admin = await club.tokensFor(DEMO_LOGIN.email);
    treasurer = await club.member({ firstName: "Tess", lastName: "Treasurer" });
    nina = await club.member({ firstName: "Nina", lastName: "Newcomer" });
    omar = await club.member({ firstName: "Omar", lastName: "Oldtimer" });
    vera = await club.member({ firstName: "Vera", lastName: "Undone" });
    await club.apiOk("PUT", `/api/Members/${treasurer.id}/Role`, { role: "treasurer" }, admin.accessToken);
    // The dues job enrols them (joining fee and this month) when the ledger is first read.
    await club.apiOk("GET", "/api/Dues", undefined, admin.accessToken);
    today = (await statementOf(nina)).dueDate!;
  });

  afterEach(screenshotOnFailure("dues-ledger", pool.current));

  afterAll(async () => {
    await pool.closeAll();
    await browser?.close();
    await club?.close();
  });

  describe("a newcomer's due day", () => {
    for (const [label, viewport, theme] of [
      ["phone, dark", PHONE, "dark"],
      ["desktop, light", DESKTOP, "light"],
    ] as const) {
      it(`is "$52.00 due", never behind, on their page and the treasurer's list alike (${label})`, async () => {
        const page = await open({ viewport, theme, as: nina });
        await visit(page, "/dues");
        await onScreen(page, "My dues");
        const standing = main(page).getByText("$52.00 due", { exact: true });
        await shows(standing);
        await shows(main(page).getByText(`Due ${formatDate(today)}.`, { exact: false }));
        expect(
          await main(page)
            .getByText(/\$[\d,.]+ behind/)
            .count(),
        ).toBe(0);
        await shows(main(page).getByText(/Behind if still unpaid on/));
        // The rules, in the About page's words.
        const rules = main(page).getByRole("region", { name: "What you are charged, and why" });
        await shows(rules.getByText("Dues are $12 per month.", { exact: false }));
        await shows(
          rules.getByText("Joining costs $40, so the first payment is $52 ($40 joining plus $12 dues).", {
            exact: false,
          }),
        );
        await shows(rules.getByText("Your first meeting is free.", { exact: false }));
        await shows(
          rules.getByText(
            "Dues may be waived for up to six months for members of over 12 months who face financial hardship.",
            { exact: false },
          ),
        );
        await shows(rules.getByText(/you qualify from/));
        expect(await noSidewaysScroll(page)).toBe(true);
        await shot(page, `newcomer-dues-${label.replace(", ", "-")}`);
        await accessible(page, `/dues (${label})`);
        expectNoPageErrors(watchOf(page), "/dues");
      });
    }

    it("the treasurer's list says the same: $52.00 due, in a neutral colour, nobody behind for it", async () => {
      const page = await open({ viewport: PHONE, as: treasurer });
      await visit(page, "/treasurer");
      await onScreen(page, "Treasurer");
      const card = main(page)
        .getByRole("list", { name: "Dues of every member" })
        .getByRole("listitem")
        .filter({ hasText: "Nina Newcomer" });
      await shows(card.getByText("$52.00 due", { exact: true }));
      expect(await card.getByText(/behind/).count()).toBe(0);
      const rows = await club.apiOk<{ member: { id: number }; standing: string; amountDue: number }[]>(
        "GET",
        "/api/Dues",
        undefined,
        treasurer.accessToken,
      );
      expect(rows.find((r) => r.member.id === nina.id)).toMatchObject({ standing: "due", amountDue: 52 });
      expect(await noSidewaysScroll(page)).toBe(true);
    });
  });

  describe("the treasurer corrects a mistyped payment", () => {
    it("on a phone (dark): 520 asks first, is voided from its line with a reason, then 52 is recorded", async () => {
      const page = await open({ viewport: PHONE, as: treasurer });
      await visit(page, "/treasurer");
      await onScreen(page, "Treasurer");
      const list = main(page).getByRole("list", { name: "Dues of every member" });
      await list.getByRole("button", { name: "Statement of Nina Newcomer" }).click();
      const statement = main(page).getByRole("region", { name: "Statement: Nina Newcomer" });
      await shows(seen(statement.getByText("Joining fee")));

      await statement.getByRole("button", { name: "Record payment" }).click();
      const pay = dialog(page, "Record payment: Nina Newcomer");
      await pay.getByLabel("Amount").fill("520");
      await chooseOption(pay, page, "Method", "cash");
      await pay.getByRole("button", { name: "Record payment" }).click();
      // $520 leaves $468 in credit: 39 months ahead of this one.
      const thisMonth = today.slice(0, 7);
      const [y, m] = thisMonth.split("-").map(Number) as [number, number];
      const index = y * 12 + (m - 1) + 39;
      const through = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
      await shows(pay.getByText(`This pays through ${monthLabel(through)}. Record it anyway?`));
      await shot(page, "correction-1-question-phone-dark");
      await accessible(page, "the payment's question");
      expect((await statementOf(nina)).entries.some((e) => e.kind === "payment")).toBe(false);
      await pay.getByRole("button", { name: "Record anyway" }).click();
      await hides(pay);
      await shows(toast(page, "Payment of $520.00 (cash) recorded for Nina Newcomer."));
      await shows(seen(statement.getByText("$468.00 in credit", { exact: true })));

      const typo = (await statementOf(nina)).entries.find((e) => e.kind === "payment")!;
      await seen(
        statement.getByRole("button", { name: `Void Payment (cash), ${formatDate(typo.date)}, -$520.00` }),
      ).click();
      const voiding = dialog(page, "Void: Payment (cash)");
      await expect.poll(() => voiding.getByRole("button", { name: "Void entry" }).isDisabled()).toBe(true);
      await voiding.getByLabel("Reason").fill("typed 520 instead of 52");
      await shot(page, "correction-2-void-dialog-phone-dark");
      await accessible(page, "the void dialog");
      await voiding.getByRole("button", { name: "Void entry" }).click();
      await hides(voiding);
      await shows(toast(page, "Voided: Payment (cash), -$520.00."));
      await shows(seen(statement.getByText("$52.00 due", { exact: true })));
      const history = seen(statement.getByRole("list", { name: "Dues history of Nina Newcomer" }));
      await shows(history.getByText("Voided", { exact: true }));
      await shows(history.getByText("typed 520 instead of 52").first());
      await shows(history.getByText(`Void of Payment (cash), ${formatDate(typo.date)}`));
      await shot(page, "correction-3-voided-phone-dark");
      await accessible(page, "a statement with a voided line");

      await statement.getByRole("button", { name: "Record payment" }).click();
      const right = dialog(page, "Record payment: Nina Newcomer");
      await right.getByLabel("Amount").fill("52");
      await right.getByRole("button", { name: "Record payment" }).click();
      await hides(right);
      await shows(toast(page, "Payment of $52.00 (cash) recorded for Nina Newcomer."));
      await shows(seen(statement.getByText("Paid up", { exact: true })));
      const after = await statementOf(nina);
      expect(after).toMatchObject({ balance: 0, standing: "paid-up" });
      expect(after.entries.find((e) => e.id === typo.id)).toMatchObject({
        voided: true,
        reason: "typed 520 instead of 52",
      });
      expect(await noSidewaysScroll(page)).toBe(true);
      await shot(page, "correction-4-paid-up-phone-dark");
      expectNoCspViolations(watchOf(page), "/treasurer");
      expectNoPageErrors(watchOf(page), "/treasurer");
    });

    it("on a desktop (light): undo from the toast voids the payment; the log says so in plain words", async () => {
      const page = await open({ viewport: DESKTOP, as: treasurer, theme: "light" });
      await visit(page, "/treasurer");
      await onScreen(page, "Treasurer");
      const table = main(page).getByRole("table", { name: "Dues of every member" });
      await table.getByRole("button", { name: "Vera Undone" }).click();
      const statement = main(page).getByRole("region", { name: "Statement: Vera Undone" });
      await statement.getByRole("button", { name: "Record payment" }).click();
      const pay = dialog(page, "Record payment: Vera Undone");
      await pay.getByLabel("Amount").fill("25");
      await chooseOption(pay, page, "Method", "card");
      await pay.getByRole("button", { name: "Record payment" }).click();
      await hides(pay);
      const notice = toast(page, "Payment of $25.00 (card) recorded for Vera Undone.");
      await notice.getByRole("button", { name: "Undo" }).click();
      await shows(toast(page, "Undone"));
      await expect
        .poll(async () => (await statementOf(vera)).entries.find((e) => e.kind === "payment")?.reason)
        .toBe("Undone");
      await shows(seen(statement.getByText("Voided", { exact: true })));
      await shows(seen(statement.getByText("$52.00 due", { exact: true })));
      await shot(page, "undo-toast-desktop-light");

      // A second mistake, undone from the activity log.
      await statement.getByRole("button", { name: "Record payment" }).click();
      const again = dialog(page, "Record payment: Vera Undone");
      await again.getByLabel("Amount").fill("30");
      await again.getByRole("button", { name: "Record payment" }).click();
      await hides(again);
      await visit(page, "/activity");
      await onScreen(page, "Activity");
      const log = main(page).getByRole("list", { name: "Recent changes" });
      const sentence = "Tess Treasurer recorded a $30.00 cash payment for Vera Undone";
      const card = log.getByRole("listitem", { name: sentence });
      await shows(card);
      await shows(
        log.getByRole("listitem", {
          name: /Tess Treasurer undid the \$25\.00 card payment of .* for Vera Undone \(voided\)/,
        }),
      );
      await shows(
        log.getByRole("listitem", {
          name: /Tess Treasurer voided Nina Newcomer's \$520\.00 cash payment of .*: typed 520 instead of 52/,
        }),
      );
      await card.getByRole("button", { name: `Undo: ${sentence}` }).click();
      await shows(toast(page, "Undone. The change was reverted."));
      const payments = (await statementOf(vera)).entries.filter((e) => e.kind === "payment");
      expect(payments.map((p) => [p.amount, p.voided, p.reason])).toEqual([
        [-30, true, "Undone"],
        [-25, true, "Undone"],
      ]);
      await shot(page, "activity-ledger-desktop-light");
      expectNoPageErrors(watchOf(page), "/activity");
    });
  });

  describe("a long-standing member's opening, then a waiver", () => {
    it("an admin sets it from the Members list (desktop, dark); the joining fee is voided as 'opening'", async () => {
      const page = await open({ viewport: DESKTOP, as: admin });
      await visit(page, "/members");
      await onScreen(page, "Members");
      await main(page).getByRole("button", { name: "Dues opening of Omar Oldtimer" }).click();
      const d = dialog(page, "Opening: Omar Oldtimer");
      await d.getByLabel("Member since").fill("2018-05-04");
      const fee = d.getByLabel("Joining fee already paid");
      if (!(await fee.isChecked())) await fee.check();
      expect(await d.getByLabel("First charged month").inputValue()).toBe(today.slice(0, 7));
      await d.getByText("Owes", { exact: true }).click();
      await d.getByLabel("Amount owed").fill("24");
      await d.getByLabel("Note").fill("Owed two months at the changeover");
      await shows(
        d.getByText(/^Member since May 4, 2018, joining fee paid then, charged from .*, \$24\.00 owed\.$/),
      );
      await shot(page, "opening-dialog-desktop-dark");
      await accessible(page, "the opening dialog");
      await d.getByRole("button", { name: "Save opening" }).click();
      await hides(d);
      await shows(toast(page, "Opening saved for Omar Oldtimer."));
      const s = await statementOf(omar);
      expect(s).toMatchObject({
        memberSince: "2018-05-04",
        standing: "behind",
        amountBehind: 24,
        amountDue: 36,
        opening: { recorded: true, joiningFeePaid: true, openingBalance: 24 },
      });
      expect(s.entries.find((e) => e.kind === "joining")).toMatchObject({ voided: true, reason: "opening" });
      const [entry] = await club.apiOk<ActivityEntry[]>(
        "GET",
        "/api/Activity?entity=duesOpening&limit=1",
        undefined,
        admin.accessToken,
      );
      expect(entry).toMatchObject({ action: "dues.setOpening", undoable: true });
      expectNoPageErrors(watchOf(page), "/members");
    });

    it("the treasurer then grants a hardship waiver (phone, light): the 12 months count from memberSince", async () => {
      const page = await open({ viewport: PHONE, as: treasurer, theme: "light" });
      await visit(page, "/treasurer");
      await onScreen(page, "Treasurer");
      const card = main(page)
        .getByRole("list", { name: "Dues of every member" })
        .getByRole("listitem")
        .filter({ hasText: "Omar Oldtimer" });
      await shows(card.getByText("$24.00 behind", { exact: true }));
      await card.getByRole("button", { name: "Statement of Omar Oldtimer" }).click();
      const statement = main(page).getByRole("region", { name: "Statement: Omar Oldtimer" });
      await shows(seen(statement.getByText("Owed from before the app")));
      await shows(statement.getByRole("button", { name: "Change opening" }));
      await statement.getByRole("button", { name: "Grant waiver" }).click();
      const waive = dialog(page, "Grant waiver: Omar Oldtimer");
      await waive.getByLabel("Reason").fill("Lost their job");
      await waive.getByRole("button", { name: "Grant waiver" }).click();
      await hides(waive);
      await shows(
        toast(page, `Waiver of 1 month from ${monthLabel(today.slice(0, 7))} granted to Omar Oldtimer.`),
      );
      await shows(seen(statement.getByText(`Hardship waiver, ${monthLabel(today.slice(0, 7))}`)));
      const s = await statementOf(omar);
      expect(s).toMatchObject({ balance: 24, standing: "behind", amountBehind: 24, amountDue: 24 });
      expect(await noSidewaysScroll(page)).toBe(true);
      await shot(page, "opening-then-waiver-phone-light");
      await accessible(page, "the treasurer's statement (light)");

      // Omar's own page explains it.
      const own = await club.tokensFor(omar.email);
      const mine = await open({ viewport: PHONE, theme: "light", as: own });
      await visit(mine, "/dues");
      await onScreen(mine, "My dues");
      const rules = main(mine).getByRole("region", { name: "What you are charged, and why" });
      await shows(rules.getByText(/You paid your joining fee before the club kept its dues here/));
      await shows(rules.getByText(/you owed \$24\.00 \(Owed two months at the changeover\)/));
      await shows(
        rules.getByText("You have been a member since May 4, 2018, so you qualify: ask the treasurer."),
      );
      await shows(main(mine).getByText("$24.00 behind", { exact: true }));
      expect(await noSidewaysScroll(mine)).toBe(true);
      await shot(mine, "long-standing-member-dues-phone-light");
    });
  });

  describe("the treasurer's report", () => {
    it("on a desktop (light): totals that reconcile, by month and method, voids, who owes; CSV; print", async () => {
      // The default period: this year so far, from the ledger's first month.
      const report = await club.apiOk<DuesReport>(
        "GET",
        "/api/Dues/Report",
        undefined,
        treasurer.accessToken,
      );
      expect(report.to).toBe(today.slice(0, 7));
      const period = `${monthLabel(report.from)} to ${monthLabel(report.to)}`;
      const cents = (n: number) => Math.round(n * 100);
      expect(
        cents(report.openingOwed) + cents(report.charges) - cents(report.payments) - cents(report.waivers),
      ).toBe(cents(report.closingOwed));
      const page = await open({ viewport: DESKTOP, as: treasurer, theme: "light" });
      await visit(page, "/treasurer");
      await onScreen(page, "Treasurer");
      await main(page).getByRole("link", { name: "Report" }).click();
      await onScreen(page, "Treasurer's report");
      const money = (n: number) =>
        `$${Math.abs(n).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      await shows(
        main(page).getByText(
          `${money(report.openingOwed)} owed at the start + ${money(report.charges)} charges − ${money(report.payments)} received − ${money(report.waivers)} waived =`,
          { exact: false },
        ),
      );
      await shows(main(page).getByText(`${money(report.closingOwed)} owed at the end`, { exact: true }));
      const voids = main(page).getByRole("table", { name: `Voided, ${period}` });
      await shows(voids.getByRole("cell", { name: "typed 520 instead of 52" }));
      const owing = main(page).getByRole("table", { name: `Owing at the end of ${monthLabel(report.to)}` });
      await shows(owing.getByRole("row").filter({ hasText: "Omar Oldtimer" }).getByText("$24.00"));
      const months = main(page).getByRole("table", { name: `Money by month, ${period}` });
      const thisMonth = months.getByRole("row").filter({ hasText: monthLabel(today.slice(0, 7)) });
      const received = report.byMonth.find((m) => m.month === today.slice(0, 7))!.received;
      await shows(thisMonth.getByRole("cell", { name: money(received), exact: true }).first());
      await shot(page, "report-desktop-light");
      await accessible(page, "the report (light)");

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        main(page).getByRole("button", { name: "Download CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`dues-report-${report.from}-to-${report.to}.csv`);
      const csv = readFileSync(await download.path(), "utf8").split("\r\n");
      expect(csv[0]).toBe("\ufeffsection,month,member,item,amount,note"); // the byte order mark: Excel reads UTF-8
      expect(csv).toContain(
        `totals,,,closing owed,${report.closingOwed.toFixed(2)},at the end of ${report.to}`,
      );

      // The print stylesheet: no header, no controls, the report's tables.
      await page.emulateMedia({ media: "print" });
      expect(await page.getByRole("banner").isVisible()).toBe(false);
      expect(await main(page).getByRole("button", { name: "Print" }).isVisible()).toBe(false);
      expect(await voids.isVisible()).toBe(true);
      await shot(page, "report-print");
      await page.emulateMedia({ media: "screen" });
      expectNoCspViolations(watchOf(page), "/treasurer/report");
      expectNoPageErrors(watchOf(page), "/treasurer/report");
    });

    it("on a phone (dark): another period from the form, no sideways scrolling", async () => {
      const page = await open({ viewport: PHONE, as: treasurer });
      const year = Number(today.slice(0, 4));
      await visit(page, "/treasurer/report");
      await onScreen(page, "Treasurer's report");
      await page.getByLabel("From month").fill(`${year - 1}-07`);
      await page.getByLabel("To month").fill(`${year}-06`);
      await main(page).getByRole("button", { name: "Show" }).click();
      await shows(main(page).getByRole("heading", { name: `Totals, July ${year - 1} to June ${year}` }));
      await expect.poll(() => new URL(page.url()).search).toBe(`?from=${year - 1}-07&to=${year}-06`);
      expect(await noSidewaysScroll(page)).toBe(true);
      await shot(page, "report-phone-dark");
      await accessible(page, "the report on a phone (dark)");
    });
  });

  for (const theme of ["dark", "light"] as const)
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const)
      it(`every new screen, ${size}, ${theme}: no sideways scrolling at 375 px (screenshots in SHOTS_DIR)`, async () => {
        const own = await club.tokensFor(omar.email);
        for (const [name, path, who] of [
          ["dues", "/dues", own],
          ["treasurer", "/treasurer", treasurer],
          ["report", "/treasurer/report", treasurer],
          ["members", "/members", admin],
        ] as const) {
          const page = await open({ viewport, theme, as: who });
          await visit(page, path);
          if (size === "phone") expect(await noSidewaysScroll(page), `${name} ${theme}`).toBe(true);
          await shot(page, `screen-${name}-${size}-${theme}`);
          await pool.closeLast();
        }
      });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { DuesStatement } from "@club/shared";
import { expectNoPageErrors, launchChromium, screenshotOnFailure, visit } from "./support/browser";
import {
  cutOffButtons,
  imagesAndFontsLoaded,
  noSidewaysScroll,
  PHONE,
  sessionPool,
  shot,
} from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { dialog, onScreen, shows, toast } from "./support/ui";

/**
 * The dues in the reader's language on a phone (375 px, touch): a member's own dues and the
 * treasurer's ledger, a payment, the report and her account in German, in a club that keeps its dues in euros
 * (German dates and money: 03.12.2026, 52,00 €); the same screens in Japanese. Screenshots go to
 * SHOTS_DIR when it is set.
 */
describe("the dues in German and Japanese on a phone", () => {
  let club: Club;
  let browser: Browser;
  let treasurer: Member;
  let nina: Member;
  const pool = sessionPool(
    () => browser,
    () => club.baseUrl,
  );
  const main = (page: Page) => page.getByRole("main");
  const speaks = (member: Member, language: string | null) =>
    club.apiOk("PUT", "/api/Account/Language", { language }, member.accessToken);
  /** The German numeric date of YYYY-MM-DD: "03.12.2026". */
  const german = (date: string) => date.split("-").reverse().join(".");

  beforeAll(async () => {
    club = await startClub({ demoData: true, env: { CLUB_CURRENCY: "EUR" } });
    browser = await launchChromium();
    const admin = await club.tokensFor(DEMO_LOGIN.email);
    treasurer = await club.member({ firstName: "Tess", lastName: "Kassenwart" });
    nina = await club.member({ firstName: "Nina", lastName: "Neu" });
    await club.apiOk("PUT", `/api/Members/${treasurer.id}/Role`, { role: "treasurer" }, admin.accessToken);
    // The dues job enrols them (joining fee and this month) when the ledger is first read.
    await club.apiOk("GET", "/api/Dues", undefined, admin.accessToken);
    await speaks(treasurer, "de");
    await speaks(nina, "de");
  });

  afterEach(screenshotOnFailure("dues-languages", pool.current));

  afterAll(async () => {
    await pool.closeAll();
    await browser?.close();
    await club?.close();
  });

  it("a member reads her dues in German: 52,00 € fällig, due on a German date", async () => {
    const due = (await club.apiOk<DuesStatement>("GET", "/api/Dues/Me", undefined, nina.accessToken))
      .dueDate!;
    const page = await pool.open({ viewport: PHONE, mobile: true, as: nina, theme: "dark" });
    await visit(page, "/dues");
    await onScreen(page, "Meine Beiträge");
    await shows(main(page).getByText("52,00\u00a0€ fällig", { exact: true }));
    await shows(main(page).getByText(`Fällig am ${german(due)}.`, { exact: false }));
    await shows(main(page).getByRole("region", { name: "Was du zahlst und warum" }));
    await shows(main(page).getByText("Aufnahmegebühr", { exact: true }).filter({ visible: true }));
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await cutOffButtons(page)).toEqual([]);
    await imagesAndFontsLoaded(page);
    await shot(page, "dues-de-phone-dark");
    expectNoPageErrors(pool.watchOf(page), "/dues");
  });

  it("the treasurer records a payment and reads the report in German", async () => {
    const page = await pool.open({ viewport: PHONE, mobile: true, as: treasurer, theme: "light" });
    await visit(page, "/treasurer");
    await onScreen(page, "Kasse");
    const list = main(page).getByRole("list", { name: "Beiträge aller Mitglieder" });
    const card = list.getByRole("listitem").filter({ hasText: "Nina Neu" });
    await shows(card.getByText("52,00\u00a0€ fällig", { exact: true }));
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await cutOffButtons(page)).toEqual([]);
    await shot(page, "treasurer-de-phone-light");

    await card.getByRole("button", { name: "Auszug von Nina Neu" }).tap();
    const statement = main(page).getByRole("region", { name: "Auszug: Nina Neu" });
    await statement.getByRole("button", { name: "Zahlung erfassen" }).tap();
    const pay = dialog(page, "Zahlung erfassen: Nina Neu");
    await pay.getByLabel("Betrag").fill("52");
    await shot(page, "treasurer-de-pay-phone-light", false);
    await pay.getByRole("button", { name: "Zahlung erfassen" }).tap();
    await shows(toast(page, "Zahlung von 52,00\u00a0€ (bar) für Nina Neu erfasst."));
    await shows(statement.getByText("Bezahlt", { exact: true }));
    const paid = (
      await club.apiOk<DuesStatement>("GET", `/api/Dues/Members/${nina.id}`, undefined, treasurer.accessToken)
    ).entries.find((e) => e.kind === "payment")!;
    expect(paid.amount).toBe(-52);
    const history = statement.getByRole("list", { name: "Beitragsverlauf von Nina Neu" });
    await shows(history.getByText("Zahlung (bar)"));
    await shows(history.getByText(german(paid.date)).first());
    await shows(history.getByText("-52,00\u00a0€").first());
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await cutOffButtons(page)).toEqual([]);
    await shot(page, "treasurer-de-statement-phone-light");

    await visit(page, "/treasurer/report");
    await onScreen(page, "Kassenbericht");
    const month = new Intl.DateTimeFormat("de-DE", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${paid.date.slice(0, 7)}-01T00:00:00Z`));
    await shows(main(page).getByRole("heading", { name: new RegExp(`^Summen, .* bis ${month}$`) }));
    await shows(main(page).getByRole("heading", { name: `Offen Ende ${month}` }));
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await cutOffButtons(page)).toEqual([]);
    await shot(page, "treasurer-de-report-phone-light");

    await visit(page, "/account");
    await onScreen(page, "Dein Konto");
    await shows(main(page).getByRole("heading", { name: "Passwort ändern" }));
    await shows(main(page).getByText("Kassenwart", { exact: true }));
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await cutOffButtons(page)).toEqual([]);
    await shot(page, "account-de-phone-light");
    expectNoPageErrors(pool.watchOf(page), "/treasurer");
  });

  it("the same screens in Japanese", async () => {
    await speaks(treasurer, "ja");
    const page = await pool.open({ viewport: PHONE, mobile: true, as: treasurer, theme: "dark" });
    await visit(page, "/treasurer");
    await onScreen(page, "会計");
    await shows(main(page).getByRole("list", { name: "全会員の会費" }));
    await shows(main(page).getByText("全員が支払済みです。").or(main(page).getByText(/滞納/).first()));
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await cutOffButtons(page)).toEqual([]);
    await imagesAndFontsLoaded(page);
    await shot(page, "treasurer-ja-phone-dark");
    await visit(page, "/dues");
    await onScreen(page, "会費");
    await shows(main(page).getByRole("region", { name: "請求の内容と理由" }));
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, "dues-ja-phone-dark");
    await visit(page, "/treasurer/report");
    await onScreen(page, "会計報告");
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, "treasurer-ja-report-phone-dark");
  });
});

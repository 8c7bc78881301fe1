import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { CLUB_NAME, FORMAT_LOCALES, type DuesStatement, type Language } from "@club/shared";
import { expectNoPageErrors, launchChromium, screenshotOnFailure, visit } from "./support/browser";
import { catalogue } from "./support/catalogue";
import {
  closeInOrder,
  cutOffButtons,
  expectNoSidewaysScroll,
  PHONE,
  sessionPool,
  shot,
} from "./support/harness";
import { decodeQuotedPrintable, startClub, type Club } from "./support/server";
import { chooseOption, dialog, hides, onScreen, selectBox, shows } from "./support/ui";

/**
 * A new club in its own language and money, from an empty database: the club speaks French (or
 * Swedish, CLUB_LANGUAGE), its founder picks it in the footer of her phone's English browser. She
 * registers, confirms by the emailed
 * link (the email in her language), logs in as the admin, sets the club's currency and dues, sees
 * About say them, adds the first meeting (its date as her language writes it), reads the night's
 * results once the scoring closes (the flavour tags in her words), records her own first payment as the treasurer would and opens the
 * treasurer's report. Every text it looks for is the catalogue's in that language: a screen left in
 * English fails it.
 */

const FOUNDER = { first: "Camille", last: "Fondatrice", password: "camille-long-password" };
const THEME = "Îles d'Écosse";

/** Words inside a MIME encoded-word header ("=?UTF-8?Q?...?="), decoded. */
const decodeHeader = (value: string) =>
  value.replace(/=\?UTF-8\?([QB])\?(.*?)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );

/** A label that starts with the text (a required field's label ends in " *"). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

const CASES: { language: Language; currency: string; monthly: number; joining: number; money: RegExp }[] = [
  // 10,00 € in French (a narrow no-break space before the sign).
  { language: "fr", currency: "EUR", monthly: 10, joining: 25, money: /^35,00\s€$/ },
  // 150,00 kr in Swedish.
  { language: "sv", currency: "SEK", monthly: 150, joining: 300, money: /^450,00\skr$/ },
];

describe.each(CASES)("a new club in $language", ({ language, currency, monthly, joining, money }) => {
  let club: Club;
  let page: Page;
  const pool = sessionPool(
    () => browser,
    () => club.baseUrl,
  );
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  const email = `${FOUNDER.first.toLowerCase()}.${language}@example.org`;
  const name = `${FOUNDER.first} ${FOUNDER.last}`;
  const main = () => page.getByRole("main");
  const auth = catalogue("web", language, "auth");
  const home = catalogue("web", language, "home");
  const settings = catalogue("web", language, "clubSettings");
  const meeting = catalogue("web", language, "meeting");
  const treasurer = catalogue("web", language, "treasurer");
  const server = catalogue("server", language, "server");
  const mail = catalogue("server", language, "email");
  const locale = FORMAT_LOCALES[language];

  beforeAll(async () => {
    club = await startClub({ demoData: false, env: { REGISTRATION: "open", CLUB_LANGUAGE: language } });
    browser = await launchChromium();
    page = await pool.open({ viewport: PHONE, mobile: true, fresh: true, theme: "light" });
  });
  afterEach(screenshotOnFailure(`new-club-${language}`, pool.current));
  afterAll(() => closeInOrder({ close: pool.closeAll }, browser, club));

  it("she picks her language in the footer, registers and confirms her address by the email, in her language", async () => {
    // Her browser is an English one: the footer's switcher is how a visitor picks the app's language.
    await visit(page, "/");
    await page.getByRole("contentinfo").getByRole("combobox").selectOption(language);
    await expect.poll(() => page.locator("html").getAttribute("lang"), { timeout: 10_000 }).toBe(language);
    await visit(page, "/register");
    await onScreen(page, auth("registerTitle"));
    expect(await page.locator("html").getAttribute("lang")).toBe(language);
    await main()
      .getByLabel(startsWith(auth("firstName")))
      .fill(FOUNDER.first);
    await main()
      .getByLabel(startsWith(auth("lastName")))
      .fill(FOUNDER.last);
    await main()
      .getByLabel(startsWith(auth("email")))
      .fill(email);
    await main()
      .getByLabel(startsWith(auth("password")))
      .fill(FOUNDER.password);
    await expectNoSidewaysScroll(page, `/register (${language})`);
    await main()
      .getByRole("button", { name: auth("register"), exact: true })
      .tap();
    await onScreen(page, auth("loginTitle"));
    await shows(
      main()
        .getByRole("status")
        .filter({ hasText: server("registered") }),
    );

    let raw = "";
    await expect
      .poll(
        () => {
          raw = club.smtp.messages.find((m) => m.to.includes(email))?.raw ?? "";
          return raw !== "";
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const subject = decodeHeader(
      /^Subject: (.*(?:\r?\n[ \t].*)*)$/m.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, "") ?? "",
    );
    expect(subject).toBe(mail("confirm.subject", { club: CLUB_NAME }));
    const body = decodeQuotedPrintable(raw);
    const link = /https?:\/\/[^\s"'<>]+\/confirm-email[^\s"'<>]*/.exec(body)![0].replace(/&amp;/g, "&");
    await visit(page, link.slice(club.baseUrl.length));
    await shows(main().getByText(server("emailConfirmed")));
  });

  it("logs in: the club's first member is its admin, Home in her language", async () => {
    await page.waitForURL((url) => url.pathname === "/login", { timeout: 8_000 });
    await onScreen(page, auth("loginTitle"));
    const address = main().getByLabel(startsWith(auth("email")));
    if ((await address.inputValue()) === "") await address.fill(email);
    await main()
      .getByLabel(startsWith(auth("password")))
      .fill(FOUNDER.password);
    await main()
      .getByRole("button", { name: auth("login"), exact: true })
      .tap();
    await onScreen(page, home("title"));
    await shows(
      main()
        .getByRole("region", { name: home("next") })
        .getByText(home("notScheduled")),
    );
    await expectNoSidewaysScroll(page, `Home (${language})`);
    await shot(page, `new-club-${language}-home-light`);
  });

  it(`sets the club's money: ${currency}, its dues and joining fee; About says them`, async () => {
    await visit(page, "/admin/club");
    await onScreen(page, settings("title"));
    await main()
      .getByLabel(startsWith(settings("currency")))
      .fill(currency);
    await main()
      .getByLabel(startsWith(settings("monthlyDues")))
      .fill(String(monthly));
    await main()
      .getByLabel(startsWith(settings("joiningFee")))
      .fill(String(joining));
    await expectNoSidewaysScroll(page, `Club settings (${language})`);
    expect(await cutOffButtons(page)).toEqual([]);
    await main()
      .getByRole("button", { name: settings("form.submit") })
      .tap();
    await shows(page.getByRole("alert").filter({ hasText: settings("saved") }));
    const saved = await club.apiOk<{ currency: string; firstPayment: number }>("GET", "/api/Club/Settings");
    expect(saved).toMatchObject({ currency, firstPayment: monthly + joining });

    await visit(page, "/about");
    const about = catalogue("web", language, "about");
    const amount = (value: number) =>
      new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 }).format(value);
    await shows(main().getByText(about("duesPerMonth", { monthly: amount(monthly) })));
    await expectNoSidewaysScroll(page, `About (${language})`);
    await shot(page, `new-club-${language}-about-light`);
  });

  it("adds the first meeting; Home's card says its date as her language writes it", async () => {
    const admin = (await club.tokensFor(email)).accessToken;
    await club.apiOk("POST", "/api/MonthlyThemes", { id: 0, description: THEME }, admin);
    await visit(page, "/");
    await onScreen(page, home("title"));
    await main()
      .getByRole("button", { name: home("addMeeting") })
      .tap();
    const add = dialog(page, meeting("add.title"));
    // "Prochain deuxième vendredi : …", "Nästa andra fredag: …": the club's next meeting day.
    const nextDay = meeting("add.nextFree", { week: "2", weekday: "", date: "" }).split(" ")[0]!;
    await add.getByRole("button", { name: new RegExp(`^${nextDay} `) }).tap();
    const date = await add.getByLabel(startsWith(meeting("form.date"))).inputValue();
    await selectBox(add, meeting("form.hostName")).fill(name);
    await chooseOption(add, page, meeting("form.theme"), THEME);
    await add.getByRole("button", { name: meeting("add.submit") }).tap();
    await hides(add);
    const long = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" }).format(
      new Date(`${date}T00:00:00Z`),
    );
    const card = main().getByRole("region", { name: home("next") });
    await shows(card.getByText(long, { exact: false }));
    await shows(card.getByText(THEME, { exact: true }));
    await expectNoSidewaysScroll(page, `Home with the first meeting (${language})`);
    await shot(page, `new-club-${language}-first-meeting-light`);
  });

  it("the night: a pour scored, the scoring closed, the results and the room's palate in her language", async () => {
    const admin = (await club.tokensFor(email)).accessToken;
    const night = catalogue("web", language, "night");
    const flavours = catalogue("web", language, "flavours");
    const [first] = await club.apiOk<{ id: number }[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    const types = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/DrinkTypes");
    const bottle = await club.apiOk<{ id: number }>(
      "POST",
      "/api/Bottles/NewBottle",
      { name: "Ardbeg Ten", newBrand: "Ardbeg", drinkTypeId: types[0]!.id, abv: 46 },
      admin,
    );
    const meetingId = first!.id;
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Flight`,
      { pours: [{ bottleId: bottle.id }] },
      admin,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Settings`,
      { capacity: 12, blind: false, scoringOpen: true, hostMemberId: null },
      admin,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Scores/1`,
      { nose: 20, palate: 21, finish: 22, balance: 23, note: "", tags: ["smoky", "medicinal"] },
      admin,
    );
    // The host closes the scoring: an open night's results show then.
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Settings`,
      { capacity: 12, blind: false, scoringOpen: false, hostMemberId: null },
      admin,
    );
    await visit(page, `/meeting/${meetingId}/results`);
    const tags = [flavours("smoky"), flavours("medicinal")]
      .map((tag) => night("tagCount", { tag, count: 1 }))
      .sort();
    await shows(
      main()
        .getByText(night("results.tags", { tags: tags.join(", ") }))
        .or(main().getByText(night("results.tags", { tags: [...tags].reverse().join(", ") }))),
    );
    await shows(main().getByText("Ardbeg Ten").first());
    await expectNoSidewaysScroll(page, `the night's results (${language})`);
    expect(await cutOffButtons(page)).toEqual([]);
    await shot(page, `new-club-${language}-results-light`);
  });

  it("records her first payment as the treasurer; the report opens in her language", async () => {
    const admin = (await club.tokensFor(email)).accessToken;
    // The dues job charges the joining fee and this month when the ledger is first read.
    await club.apiOk("GET", "/api/Dues", undefined, admin);
    await visit(page, "/treasurer");
    await onScreen(page, treasurer("title"));
    await main()
      .getByRole("button", { name: treasurer("list.statementOf", { name }) })
      .tap();
    const statement = main().getByRole("region", { name: treasurer("statement.title", { name }) });
    await statement.getByRole("button", { name: treasurer("statement.recordPayment") }).tap();
    const pay = dialog(page, treasurer("pay.title", { name }));
    await pay.getByLabel(startsWith(treasurer("pay.amount"))).fill(String(monthly + joining));
    await expectNoSidewaysScroll(page, `Record payment (${language})`);
    await pay.getByRole("button", { name: treasurer("pay.submit") }).tap();
    await hides(pay);
    const me = await club.apiOk<DuesStatement>("GET", "/api/Dues/Me", undefined, admin);
    const paid = me.entries.find((entry) => entry.kind === "payment")!;
    expect(paid.amount).toBe(-(monthly + joining));
    const formatted = new Intl.NumberFormat(locale, { style: "currency", currency }).format(
      monthly + joining,
    );
    expect(formatted).toMatch(money);
    await shows(page.getByRole("alert").filter({ hasText: new RegExp(formatted.replace(/\s/g, "\\s")) }));
    await shot(page, `new-club-${language}-statement-light`);

    await visit(page, "/treasurer/report");
    await onScreen(page, treasurer("report.title"));
    await shows(
      main()
        .getByRole("heading", { name: treasurer("report.owedStart") })
        .or(main().getByText(treasurer("report.received")).first()),
    );
    await expectNoSidewaysScroll(page, `the treasurer's report (${language})`);
    expect(await cutOffButtons(page)).toEqual([]);
    await shot(page, `new-club-${language}-report-light`);
    expectNoPageErrors(pool.watchOf(page), `the new club (${language})`);
  });
});

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MantineProvider } from "@mantine/core";
import { describe, expect, it } from "vitest";
import type { DuesStatement } from "@club/shared";
import { AboutContent } from "../About/AboutPage";
import { DEFAULT_SETTINGS } from "../../lib/clubSettings";
import { DUES_RULE_SENTENCES } from "../About/clubRulesText";
import { DuesRules } from "./DuesRules";
import { standingHint } from "./standing";

const textOf = (html: string) =>
  html
    .replace(/<\/(li|p|h1|h2)>/g, "$& ")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const statement = (over: Partial<DuesStatement> = {}): DuesStatement => ({
  balance: 52,
  paidThrough: null,
  monthsBehind: 0,
  standing: "due",
  amountDue: 52,
  amountBehind: 0,
  dueDate: "2026-11-23",
  memberSince: "2026-11-23",
  waiverEligibleFrom: "2027-11-24",
  opening: {
    memberSince: "2026-11-23",
    joiningFeePaid: false,
    firstChargedMonth: "2026-11",
    openingBalance: 0,
    note: "",
    recorded: false,
  },
  entries: [],
  ...over,
});
const rules = (s: DuesStatement, now: string) =>
  textOf(
    renderToStaticMarkup(
      createElement(MantineProvider, null, createElement(DuesRules, { statement: s, now })),
    ),
  );

describe("the rules on the Dues page: the About page's words and numbers", () => {
  const about = textOf(renderToStaticMarkup(createElement(AboutContent, { settings: DEFAULT_SETTINGS })));

  it.each(Object.entries(DUES_RULE_SENTENCES))(
    "the About page says the %s rule word for word",
    (_key, sentence) => {
      expect(about).toContain(sentence);
    },
  );

  it("explains a newcomer's charges, and when they may ask for a waiver", () => {
    const text = rules(statement(), "2026-11-23");
    for (const sentence of Object.values(DUES_RULE_SENTENCES)) expect(text).toContain(sentence);
    expect(text).toContain("charged on the first of each month, from November 2026 for you.");
    expect(text).toContain("It is charged once, when you join.");
    expect(text).toContain("You have been a member since Nov 23, 2026; you qualify from Nov 24, 2027.");
  });

  it("a long-standing member with an opening: fee paid before, what was brought forward, qualifies now", () => {
    const text = rules(
      statement({
        memberSince: "2019-03-05",
        waiverEligibleFrom: "2020-03-06",
        opening: {
          memberSince: "2019-03-05",
          joiningFeePaid: true,
          firstChargedMonth: "2026-11",
          openingBalance: 24,
          note: "Owed two months",
          recorded: true,
        },
      }),
      "2026-11-23",
    );
    expect(text).toContain(
      "You paid your joining fee before the club kept its dues here, so it is not charged.",
    );
    expect(text).toContain(
      "When the club started keeping your dues here, you owed $24.00 (Owed two months).",
    );
    expect(text).toContain("You have been a member since Mar 5, 2019, so you qualify: ask the treasurer.");
  });

  it("says when it is due, and when it would be behind", () => {
    expect(standingHint({ ...statement(), paidThrough: null })).toBe(
      "Due Nov 23, 2026. Behind if still unpaid on Dec 1, 2026.",
    );
    expect(
      standingHint({ ...statement(), standing: "behind", amountDue: 36, amountBehind: 24, dueDate: null }),
    ).toBe("$36.00 to pay to be paid up, with this month's dues.");
    expect(
      standingHint({ ...statement(), standing: "in-credit", balance: -24, paidThrough: "2027-01" }),
    ).toBe("Paid through January 2027.");
  });
});

import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AboutContent } from "./AboutPage";
import { DEFAULT_SETTINGS } from "../../lib/clubSettings";
import { ABOUT_FIGURES } from "./clubRulesText";

/** The page's text as a reader sees it: tags dropped, entities decoded, spaces collapsed. */
function renderedText(): string {
  return renderToStaticMarkup(createElement(AboutContent, { settings: DEFAULT_SETTINGS }))
    .replace(/<\/(li|p|h1|h2)>/g, "$& ")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("About page: the product's words, numbers from CLUB_RULES", () => {
  const text = renderedText();

  // docs/product.md, "The About page states the following", as the page words it.
  it.each([
    "The club meets monthly on the second Friday at 7:00 PM.",
    "Hosts and themes are chosen at the prior month's meeting.",
    "Hosting is voluntary.",
    "Dues are $12 per month.",
    "Your first meeting is free.",
    "Joining costs $40, so the first payment is $52 ($40 joining plus $12 dues).",
    "Dues may be waived for up to six months for members of over 12 months who face financial hardship.",
  ])("says %j", (sentence) => {
    expect(text).toContain(sentence);
  });

  it("shows the release's version (the root package.json's) in its footer", () => {
    const { version } = JSON.parse(
      readFileSync(new URL("../../../../../package.json", import.meta.url), "utf8"),
    ) as {
      version: string;
    };
    expect(renderToStaticMarkup(createElement(AboutContent, { settings: DEFAULT_SETTINGS }))).toMatch(
      new RegExp(`<footer[^>]*>Version ${version.replace(/\./g, "\\.")}</footer>`),
    );
  });

  it("shows the headline figures", () => {
    for (const figure of ["Second Friday", "7:00 PM", "$12", "$40", "$52"]) expect(text).toContain(figure);
  });

  it("takes them from the ledger's constants (first payment = joining + one month)", () => {
    expect(ABOUT_FIGURES).toEqual({
      meetingDay: "Second Friday",
      meetingDayInText: "second Friday",
      meetingTime: "7:00 PM",
      monthly: "$12",
      joining: "$40",
      firstPayment: "$52",
      waiverMonths: "six",
      waiverMembershipMonths: "12",
    });
  });
});

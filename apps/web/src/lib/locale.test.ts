import { describe, expect, it } from "vitest";
import { formatMoney as formatAmount } from "@club/shared";
import { formatAbv, formatClockTime, formatDate, formatLongDate, formatNumber } from "./format";
import { firstDayOfWeek } from "./locale";
import { formatMoney } from "./money";

/** Dates, times, numbers and money by locale: en-US exactly as always, others as their readers write them. */
describe("formats by locale", () => {
  it("en-US stays as it was: Feb 12, 2027, $1,234.50, 43.5%, 7:00 PM", () => {
    expect(formatDate("2027-02-12", "en-US")).toBe("Feb 12, 2027");
    expect(formatLongDate("2027-02-12", "en-US")).toBe("Friday, February 12, 2027");
    expect(formatAbv(43.5, "en-US")).toBe("43.5%");
    expect(formatClockTime("19:00", "en-US")).toBe("7:00 PM");
    expect(formatMoney(1234.5, { locale: "en-US" })).toBe("$1,234.50");
    expect(formatMoney(12, { locale: "en-US", short: true })).toBe("$12");
    expect(formatMoney(-12, { locale: "en-US" })).toBe("-$12.00");
  });

  it("de-DE: 12.02.2027, 1.234,50 €, 43,5 %, 19:00", () => {
    expect(formatDate("2027-02-12", "de-DE")).toBe("12.02.2027");
    expect(formatLongDate("2027-02-12", "de-DE")).toBe("Freitag, 12. Februar 2027");
    expect(formatAmount(1234.5, { currency: "EUR", locale: "de-DE" })).toBe("1.234,50\u00a0€");
    expect(formatAbv(43.5, "de-DE")).toBe("43,5\u00a0%");
    expect(formatNumber(1234.5, 2, "de-DE")).toBe("1.234,5");
    expect(formatClockTime("19:00", "de-DE")).toBe("19:00");
    expect(firstDayOfWeek("de-DE")).toBe(1);
  });

  it("sv-SE: 2027-02-12, 1 234,50 kr; the week starts on Monday", () => {
    expect(formatDate("2027-02-12", "sv-SE")).toBe("2027-02-12");
    expect(formatAmount(1234.5, { currency: "SEK", locale: "sv-SE" })).toBe("1\u00a0234,50\u00a0kr");
    expect(firstDayOfWeek("sv-SE")).toBe(1);
    expect(firstDayOfWeek("en-US")).toBe(0);
  });

  it("a currency without a minor unit shows none (JPY), whatever the locale", () => {
    expect(formatAmount(1200, { currency: "JPY", locale: "en-US" })).toBe("¥1,200");
    expect(formatAmount(1200, { currency: "JPY", locale: "ja-JP" })).toBe("￥1,200");
    expect(formatAmount(1234.5, { currency: "JPY", locale: "de-DE" })).toBe("1.235\u00a0¥");
  });
});

import { describe, expect, it } from "vitest";
import {
  formatAbv,
  formatDate,
  formatLongDate,
  formatPrice,
  isNeverUsed,
  numberInputValue,
  orNA,
  today,
} from "./format";
import { parseId } from "./errors";

describe("formatting", () => {
  it("formats calendar dates without a timezone shift", () => {
    expect(formatDate("2026-01-09")).toBe("Jan 9, 2026");
    expect(formatDate("2026-01-09T23:30:00.000Z")).toBe("Jan 9, 2026");
    expect(formatDate("not a date")).toBe("not a date");
    expect(formatLongDate("2026-01-09")).toBe("Friday, January 9, 2026");
  });

  it("formats exactly as Intl.DateTimeFormat en-US in UTC would", () => {
    const short = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    });
    const long = new Intl.DateTimeFormat("en-US", {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    for (let day = Date.UTC(1999, 0, 1); day < Date.UTC(2031, 0, 1); day += 86_400_000 * 3) {
      const iso = new Date(day).toISOString();
      expect(formatDate(iso.slice(0, 10)), iso).toBe(short.format(new Date(day)));
      expect(formatLongDate(iso), iso).toBe(long.format(new Date(day)));
    }
  });

  it("treats year 1 as never used", () => {
    expect(isNeverUsed("0001-01-01T00:00:00")).toBe(true);
    expect(isNeverUsed("0001-01-01")).toBe(true);
    expect(isNeverUsed("2025-03-14T00:00:00")).toBe(false);
  });

  it("shows prices with a $ prefix and two decimals, ABV with %", () => {
    expect(formatPrice(42)).toBe("$42.00");
    expect(formatPrice(59.5)).toBe("$59.50");
    expect(formatAbv(46)).toBe("46%");
    expect(formatAbv(43.25)).toBe("43.25%");
  });

  it("shows N/A for missing values", () => {
    expect(orNA(null)).toBe("N/A");
    expect(orNA("")).toBe("N/A");
    expect(orNA("Islay")).toBe("Islay");
  });

  it("gives today's local date as YYYY-MM-DD", () => {
    expect(today(new Date(2026, 0, 9, 23, 59))).toBe("2026-01-09");
  });

  it("reads NumberInput values, which are strings while not plain numbers", () => {
    expect(numberInputValue(46)).toBe(46);
    expect(numberInputValue("59.50")).toBe(59.5);
    expect(numberInputValue("$1,250.00")).toBe(1250);
    expect(numberInputValue("")).toBeNull();
    expect(numberInputValue("-")).toBeNull();
    expect(numberInputValue("12.")).toBe(12);
  });

  it("accepts only positive integer ids from the URL", () => {
    expect(parseId("12")).toBe(12);
    expect(parseId("0")).toBeNull();
    expect(parseId("abc")).toBeNull();
    expect(parseId("1.5")).toBeNull();
    expect(parseId("99999999999")).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });
});

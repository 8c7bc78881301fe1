import {
  DATE_ORDER_LABELS,
  DECIMAL_MARK_LABELS,
  THOUSANDS_SEPARATOR_LABELS,
  type DateOrder,
  type DecimalMark,
  type ImportFormats,
  type ThousandsSeparator,
} from "@club/shared";

/**
 * Reading the numbers and dates of a spreadsheet's CSV with the formats the member chose (or the
 * ones detected in the file, shown in the preview to confirm). A cell the formats do not read as
 * exactly one value is refused, never read as another number: `1.250,00` with a decimal point is
 * a problem, not 1.25.
 */

/** Currency signs and codes a price may carry, before or after the amount (other dollars first). */
const CURRENCY =
  "(?:(?:US|CA|C|AU|A|NZ|HK|S|R|MX)\\$|[$€£¥₹₩₽]|USD|EUR|CHF|GBP|SEK|NOK|DKK|JPY|CAD|AUD|NZD|INR|CNY|Fr\\.|kr\\.?)";
const CURRENCY_BEFORE = new RegExp(`^${CURRENCY}`, "i");
const CURRENCY_AFTER = new RegExp(`${CURRENCY}$`, "i");
const withoutCurrency = (cell: string) =>
  cell.trim().replace(CURRENCY_BEFORE, "").trim().replace(CURRENCY_AFTER, "").trim();

/** The club's currency as a price cell may write it: the library keeps prices in dollars. */
const CLUB_CURRENCY = new Set(["$", "US$", "USD"]);

/**
 * The currency sign or code a price cell carries when it is not the club's ("€" for "79,90 €",
 * "CHF" for "CHF 1'250.00"); null for a plain amount or dollars. Such a price is a problem of its
 * row: it is never converted, nor read as dollars.
 */
export function foreignCurrency(cell: string): string | null {
  const text = cell.trim();
  const sign = CURRENCY_BEFORE.exec(text)?.[0] ?? CURRENCY_AFTER.exec(text)?.[0] ?? null;
  return sign === null || CLUB_CURRENCY.has(sign.toUpperCase()) ? null : sign;
}
/** Cells looked at to detect a file's formats: plenty of evidence, bounded work. */
const DETECT_SAMPLE = 500;
/** Spaces a spreadsheet writes between thousands: plain, no-break and narrow no-break. */
const SPACES = /[\s\u00a0\u202f]/g;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export type NumberKind = "plain" | "price" | "percent";

export type CellReading<T> = { ok: true; value: T } | { ok: false };

/**
 * A number cell under the formats: digits grouped by threes with the thousands separator (or not
 * grouped at all), then the decimal mark and decimals. `price` cells may carry a currency sign,
 * `percent` cells a trailing %. Anything else, a second decimal mark or a group of the wrong size,
 * is not a number.
 */
export function readNumber(
  cell: string,
  formats: Pick<ImportFormats, "decimalMark" | "thousandsSeparator">,
  kind: NumberKind = "plain",
): CellReading<number> {
  let text = cell.trim();
  if (kind === "price") text = withoutCurrency(text);
  if (kind === "percent") text = text.replace(/\s*%$/, "").trim();
  const { decimalMark: d, thousandsSeparator: t } = formats;
  if (t === " ") text = text.replace(SPACES, " ");
  else if (/\s/.test(text)) return { ok: false };
  const D = escape(d);
  const grouped = t === "" ? null : `\\d{1,3}(?:${escape(t)}\\d{3})+`;
  const pattern = new RegExp(`^(${grouped ? `${grouped}|` : ""}\\d+)(?:${D}(\\d+))?$`);
  const m = pattern.exec(text);
  if (!m) return { ok: false };
  const whole = t === "" ? (m[1] as string) : (m[1] as string).split(t).join("");
  const value = Number(`${whole}${m[2] ? `.${m[2]}` : ""}`);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false };
}

/** A calendar date as YYYY-MM-DD, if it is a real one. */
function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date cell under the order: day, month and four-digit year separated by - . or / (a time after
 * it is ignored). A cell starting with a four-digit year is year-month-day whatever the order:
 * nothing else writes the year first. Two-digit years and impossible dates are refused.
 */
export function readDate(cell: string, order: DateOrder): CellReading<string> {
  const text = cell.trim();
  const ymd = /^(\d{4})([-./])(\d{1,2})\2(\d{1,2})(?:[T ]\d{1,2}:\d{2}.*)?$/.exec(text);
  if (ymd) {
    const value = isoDate(Number(ymd[1]), Number(ymd[3]), Number(ymd[4]));
    return value ? { ok: true, value } : { ok: false };
  }
  const other = /^(\d{1,2})([-./])(\d{1,2})\2(\d{4})(?: \d{1,2}:\d{2}.*)?$/.exec(text);
  if (!other || order === "YMD") return { ok: false };
  const [a, b, year] = [Number(other[1]), Number(other[3]), Number(other[4])];
  const value = order === "DMY" ? isoDate(year, b, a) : isoDate(year, a, b);
  return value ? { ok: true, value } : { ok: false };
}

/** "comma decimals, point thousands": the formats in words, for a row's problem. */
export const numberFormatText = (f: Pick<ImportFormats, "decimalMark" | "thousandsSeparator">) =>
  `decimal ${DECIMAL_MARK_LABELS[f.decimalMark].toLowerCase()}, thousands ${THOUSANDS_SEPARATOR_LABELS[f.thousandsSeparator].toLowerCase()}`;
export const dateOrderText = (order: DateOrder) => DATE_ORDER_LABELS[order];

/**
 * The file's own formats, from its number and date cells (and its delimiter): what a member sees
 * preselected in the preview. Evidence first: a cell with both marks (1.250,00), a mark followed by
 * one or two digits (79,90), a day over 12 (31/12/2025); with none, the file's delimiter decides
 * (`;` is what spreadsheets write where the comma is the decimal mark).
 */
export function detectFormats(numbers: string[], dates: string[], delimiter: string): ImportFormats {
  let comma = 0;
  let point = 0;
  const separators = new Map<ThousandsSeparator, number>();
  for (const raw of numbers.filter((n) => n.trim() !== "").slice(0, DETECT_SAMPLE)) {
    const cell = withoutCurrency(raw).replace(/\s*%$/, "").trim();
    if (cell === "") continue;
    const both = /^\d{1,3}(([.,'\s\u00a0\u202f])\d{3})*([.,])\d+$/.exec(cell);
    if (both && both[2] && both[2] !== both[3]) {
      if (both[3] === ",") comma += 2;
      else point += 2;
      const sep = /\s/.test(both[2]) ? " " : (both[2] as ThousandsSeparator);
      separators.set(sep, (separators.get(sep) ?? 0) + 1);
      continue;
    }
    if (/^\d+,\d{1,2}$/.test(cell)) comma += 1;
    else if (/^\d+\.\d{1,2}$/.test(cell) || /^\d+\.\d{4,}$/.test(cell)) point += 1;
    else if (/^\d+,\d{4,}$/.test(cell)) comma += 1;
    const group = /^\d{1,3}(?:([.,'\s\u00a0\u202f])\d{3})+$/.exec(cell);
    if (group?.[1]) {
      const sep = /\s/.test(group[1]) ? " " : (group[1] as ThousandsSeparator);
      if (sep === " " || sep === "'") separators.set(sep, (separators.get(sep) ?? 0) + 1);
    }
  }
  const decimalMark: DecimalMark = comma > point ? "," : point > comma ? "." : delimiter === ";" ? "," : ".";
  const seen = [...separators].filter(([sep]) => sep !== decimalMark).sort((a, b) => b[1] - a[1]);
  const thousandsSeparator: ThousandsSeparator = seen[0]?.[0] ?? (decimalMark === "," ? "." : ",");

  let dateOrder: DateOrder | undefined;
  let dotted = false;
  let yearFirst = 0;
  let other = 0;
  for (const raw of dates.filter((d) => d.trim() !== "").slice(0, DETECT_SAMPLE)) {
    const cell = raw.trim();
    if (/^\d{4}[-./]/.test(cell)) {
      yearFirst += 1;
      continue;
    }
    const m = /^(\d{1,2})([-./])(\d{1,2})\2\d{4}/.exec(cell);
    if (!m) continue;
    other += 1;
    if (m[2] === ".") dotted = true;
    if (Number(m[1]) > 12) dateOrder ??= "DMY";
    else if (Number(m[3]) > 12) dateOrder ??= "MDY";
  }
  // Only year-first dates (or none): YMD. Else the evidence, else dots or decimal commas: DMY.
  if (other === 0 || yearFirst > other) dateOrder = "YMD";
  else dateOrder ??= dotted || decimalMark === "," ? "DMY" : "MDY";
  return { decimalMark, thousandsSeparator, dateOrder };
}

import { UNDO_ACTION } from "../../lib/activityActions";
import { formatDate } from "../../lib/format";
import { formatMoney, formatMonth } from "../../lib/money";
import { activityT, detailOf, type ActivityKey, type ActivityT } from "./activityMessages";

/**
 * The dues ledger's activity entries in plain words: "recorded a $52.00 cash payment
 * for Ann Lee", "voided Ann Lee's $520.00 cash payment of Nov 20, 2026: typed 520 instead of 52".
 * Each entry's rows carry the member's name (memberName) and the line or opening it is about.
 */

type Row = Record<string, unknown>;

const rowOf = (value: unknown): Row | null =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Row) : null;
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const cents = (value: unknown): number => (typeof value === "number" ? value : 0);

/** The entities the ledger writes in the activity log. */
export const isDuesEntity = (entity: string): boolean => entity === "duesEntry" || entity === "duesOpening";

const METHODS = new Set(["cash", "card", "bank transfer", "cheque", "other"]);
/** A payment's method in the reader's words (one the ledger does not know as it was typed). */
const methodWord = (t: ActivityT, method: string) =>
  METHODS.has(method) ? t(`method.${method}` as ActivityKey) : method;

function monthsSpan(t: ActivityT, months: unknown, fallback: unknown): string {
  const list = Array.isArray(months) ? months.filter((m): m is string => typeof m === "string") : [];
  const all = list.length > 0 ? list : text(fallback) ? [text(fallback)] : [];
  if (all.length === 0) return "";
  const first = all[0]!;
  const last = all.at(-1)!;
  return first === last
    ? formatMonth(first)
    : t("dues.span", { first: formatMonth(first), last: formatMonth(last) });
}

/** "$520.00 cash payment of Nov 20, 2026", "dues for November 2026 ($12.00)": a ledger line in words. */
function lineWords(t: ActivityT, line: Row | null): string {
  const amount = formatMoney(Math.abs(cents(line?.amountCents)) / 100);
  const date = text(line?.date) ? formatDate(text(line?.date)) : "";
  switch (line?.kind) {
    case "payment": {
      const method = text(line.method);
      const payment = method
        ? t("dues.paymentMethod", { amount, method: methodWord(t, method) })
        : t("dues.payment", { amount });
      return date ? t("dues.paymentOf", { payment, date }) : payment;
    }
    case "waiver":
      return t("dues.waiver", { months: monthsSpan(t, line.months, line.month) });
    case "monthly":
      return t("dues.monthly", { month: formatMonth(text(line.month)), amount });
    case "joining":
      return t("dues.joining", { amount });
    case "opening":
      return t(cents(line.amountCents) < 0 ? "dues.openingCredit" : "dues.openingOwed", { amount });
    default:
      return t("dues.entry", { amount });
  }
}

function openingWords(t: ActivityT, row: Row | null): string[] {
  if (!row) return [];
  const balance = typeof row.openingBalance === "number" ? row.openingBalance : 0;
  const parts = [
    text(row.memberSince) ? t("dues.memberSince", { date: formatDate(text(row.memberSince)) }) : "",
    row.joiningFeePaid === true ? t("dues.feePaid") : t("dues.feeCharged"),
    text(row.firstChargedMonth)
      ? t("dues.chargedFrom", { month: formatMonth(text(row.firstChargedMonth)) })
      : "",
    balance > 0
      ? t("dues.owedBefore", { amount: formatMoney(balance) })
      : balance < 0
        ? t("dues.creditBefore", { amount: formatMoney(-balance) })
        : "",
  ];
  return parts.filter(Boolean);
}

/** The sentence after the member's name, for an entry about the dues ledger. */
export function describeDues(
  entry: {
    action: string;
    entity: string;
    before?: unknown;
    after?: unknown;
  },
  t: ActivityT = activityT(),
): string {
  const before = rowOf(entry.before);
  const after = rowOf(entry.after);
  const name = [after, before].map((r) => text(r?.memberName)).find((n) => n !== "");
  const member = name ?? t("w.aMember");
  const whose = name === undefined ? t("dues.aMembers") : t("dues.whose", { name });
  if (entry.entity === "duesOpening") {
    if (entry.action === UNDO_ACTION) return t("dues.undoOpening", { whose });
    const detail = detailOf(t, openingWords(t, after));
    return t(before?.recorded === true ? "dues.changeOpening" : "dues.setOpening", { whose, detail });
  }
  if (entry.action === UNDO_ACTION) return t("dues.undoLine", { line: lineWords(t, before), member });
  if (after?.kind === "void") {
    const reason = text(after.reason);
    return t("dues.void", { whose, line: lineWords(t, before), detail: detailOf(t, reason ? [reason] : []) });
  }
  if (after?.kind === "waiver") {
    const reason = text(after.note);
    return t("dues.waive", {
      member,
      line: lineWords(t, after),
      detail: detailOf(t, reason ? [t("w.quote", { text: reason })] : []),
    });
  }
  if (after?.kind === "payment") {
    const amount = formatMoney(Math.abs(cents(after.amountCents)) / 100);
    const method = text(after.method);
    return method
      ? t("dues.payMethod", { amount, method: methodWord(t, method), member })
      : t("dues.pay", { amount, member });
  }
  return t("dues.changed", { member });
}

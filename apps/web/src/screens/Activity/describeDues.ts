import { UNDO_ACTION } from "../../lib/activityActions";
import { formatDate } from "../../lib/format";
import { formatMoney, formatMonth } from "../../lib/money";

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

const memberOf = (...rows: (Row | null)[]) =>
  rows.map((r) => text(r?.memberName)).find((n) => n !== "") ?? "a member";
const possessive = (name: string) => (name === "a member" ? "a member's" : `${name}'s`);

function monthsSpan(months: unknown, fallback: unknown): string {
  const list = Array.isArray(months) ? months.filter((m): m is string => typeof m === "string") : [];
  const all = list.length > 0 ? list : text(fallback) ? [text(fallback)] : [];
  if (all.length === 0) return "";
  const first = all[0]!;
  const last = all.at(-1)!;
  return first === last ? formatMonth(first) : `${formatMonth(first)} to ${formatMonth(last)}`;
}

/** "$520.00 cash payment of Nov 20, 2026", "dues for November 2026 ($12.00)": a ledger line in words. */
function lineWords(line: Row | null): string {
  const amount = formatMoney(Math.abs(cents(line?.amountCents)) / 100);
  const date = text(line?.date) ? formatDate(text(line?.date)) : "";
  switch (line?.kind) {
    case "payment":
      return `${amount}${text(line.method) ? ` ${text(line.method)}` : ""} payment${date ? ` of ${date}` : ""}`;
    case "waiver":
      return `hardship waiver for ${monthsSpan(line.months, line.month)}`;
    case "monthly":
      return `dues for ${formatMonth(text(line.month))} (${amount})`;
    case "joining":
      return `joining fee (${amount})`;
    case "opening":
      return `balance brought forward (${cents(line.amountCents) < 0 ? `${amount} in credit` : `${amount} owed`})`;
    default:
      return `entry of ${amount}`;
  }
}

function openingWords(row: Row | null): string {
  if (!row) return "";
  const balance = typeof row.openingBalance === "number" ? row.openingBalance : 0;
  const parts = [
    text(row.memberSince) ? `member since ${formatDate(text(row.memberSince))}` : "",
    row.joiningFeePaid === true ? "joining fee paid then" : "joining fee charged",
    text(row.firstChargedMonth) ? `charged from ${formatMonth(text(row.firstChargedMonth))}` : "",
    balance > 0
      ? `${formatMoney(balance)} owed from before`
      : balance < 0
        ? `${formatMoney(-balance)} in credit from before`
        : "",
  ];
  return parts.filter(Boolean).join(", ");
}

/** The sentence after the member's name, for an entry about the dues ledger. */
export function describeDues(entry: {
  action: string;
  entity: string;
  before?: unknown;
  after?: unknown;
}): string {
  const before = rowOf(entry.before);
  const after = rowOf(entry.after);
  const member = memberOf(after, before);
  if (entry.entity === "duesOpening") {
    if (entry.action === UNDO_ACTION) return `undid a change to the opening of ${possessive(member)} dues`;
    const verb = before?.recorded === true ? "changed" : "set";
    const words = openingWords(after);
    return `${verb} the opening of ${possessive(member)} dues${words ? `: ${words}` : ""}`;
  }
  if (entry.action === UNDO_ACTION) return `undid the ${lineWords(before)} for ${member} (voided)`;
  if (after?.kind === "void") {
    const reason = text(after.reason);
    return `voided ${possessive(member)} ${lineWords(before)}${reason ? `: ${reason}` : ""}`;
  }
  if (after?.kind === "waiver") {
    const reason = text(after.note);
    return `granted ${member} a ${lineWords(after)}${reason ? `: “${reason}”` : ""}`;
  }
  if (after?.kind === "payment") {
    const amount = formatMoney(Math.abs(cents(after.amountCents)) / 100);
    const method = text(after.method);
    return `recorded a ${amount}${method ? ` ${method}` : ""} payment for ${member}`;
  }
  return `changed the dues of ${member}`;
}

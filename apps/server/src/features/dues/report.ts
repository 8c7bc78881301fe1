import { PAYMENT_METHODS, type DuesKind, type DuesReport } from "@club/shared";
import { addMonths } from "../../platform/clubTime";
import { csvField } from "../../platform/csvExport";
import type { CsvWords } from "../../platform/csvWords";
import { moneyLines } from "./ledger";

/** A ledger row as the report reads it (a DuesEntryRow). */
export interface ReportLine {
  id: number;
  memberId: number;
  kind: DuesKind;
  date: string;
  month: string | null;
  amountCents: number;
  method: string | null;
  voids: number | null;
  reason: string | null;
}

export interface ReportMember {
  id: number;
  firstName: string;
  lastName: string;
}

type Bucket = "charge" | "payment" | "waiver";

/** Which total a line counts in: a void counts in its original's, with the opposite sign. */
function bucketOf(kind: DuesKind): Bucket {
  if (kind === "payment") return "payment";
  if (kind === "waiver") return "waiver";
  return "charge";
}

/** Dollars, never -0. */
const dollars = (cents: number) => cents / 100 + 0;

/**
 * The treasurer's report for the months from..to (inclusive). Every line counts on its own date
 * (a void on the day it was recorded, in the total of the line it reverses), so a period's
 * figures never change once it is over, and openingOwed + charges - payments - waivers =
 * closingOwed holds for any period (the owed figures are the club's net balance: credit counts
 * against them). A balance brought forward by an opening counts as a charge (a credit as a
 * negative one). A hardship waiver counts as the ledger says it covers (moneyLines): each month
 * on the day it is charged, never a month not charged. Every total equals the sum of the lines
 * listed under it: closingOwed is what the owing list adds up to less what the credit list does.
 */
export function ledgerReport(
  lines: ReportLine[],
  members: ReadonlyMap<number, ReportMember>,
  from: string,
  to: string,
): DuesReport {
  const start = `${from}-01`;
  const end = `${addMonths(to, 1)}-01`; // exclusive
  const byId = new Map(lines.map((l) => [l.id, l]));
  const kindOf = (line: ReportLine): DuesKind =>
    line.kind === "void" && line.voids !== null ? (byId.get(line.voids)?.kind ?? "void") : line.kind;

  const months: string[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) months.push(m);
  const perMonth = new Map(
    months.map((month) => [
      month,
      { received: 0, charged: 0, waived: 0, byMethod: new Map<string, number>() },
    ]),
  );

  let openingCents = 0;
  const totals: Record<Bucket, number> = { charge: 0, payment: 0, waiver: 0 };
  const balances = new Map<number, number>();
  const voids: DuesReport["voids"] = [];
  for (const line of moneyLines(lines)) {
    if (line.date >= end) continue;
    balances.set(line.memberId, (balances.get(line.memberId) ?? 0) + line.amountCents);
    if (line.date < start) {
      openingCents += line.amountCents;
      continue;
    }
    const bucket = bucketOf(kindOf(line));
    totals[bucket] += line.amountCents;
    const month = perMonth.get(line.date.slice(0, 7));
    if (month) {
      if (bucket === "charge") month.charged += line.amountCents;
      if (bucket === "waiver") month.waived -= line.amountCents;
      if (bucket === "payment") {
        month.received -= line.amountCents;
        const method = line.method ?? "other";
        month.byMethod.set(method, (month.byMethod.get(method) ?? 0) - line.amountCents);
      }
    }
  }
  for (const line of lines) {
    if (line.date < start || line.date >= end || line.kind !== "void" || line.voids === null) continue;
    const original = byId.get(line.voids);
    const member = members.get(line.memberId);
    if (original && member)
      voids.push({
        id: line.id,
        voids: original.id,
        date: line.date,
        member: { id: member.id, firstName: member.firstName, lastName: member.lastName },
        kind: original.kind,
        originalDate: original.date,
        amount: dollars(original.amountCents),
        method: original.method,
        reason: line.reason ?? "",
      });
  }

  const methodOrder = (m: string) => {
    const i = (PAYMENT_METHODS as readonly string[]).indexOf(m);
    return i === -1 ? PAYMENT_METHODS.length : i;
  };
  /** Members whose balance at the end has the sign given, largest first, then by name. */
  const listed = (sign: 1 | -1) =>
    [...balances]
      .filter(([, cents]) => cents * sign > 0)
      .flatMap(([memberId, cents]) => {
        const member = members.get(memberId);
        return member
          ? [{ member: { id: member.id, firstName: member.firstName, lastName: member.lastName }, cents }]
          : [];
      })
      .sort(
        (a, b) =>
          Math.abs(b.cents) - Math.abs(a.cents) ||
          a.member.lastName.localeCompare(b.member.lastName) ||
          a.member.firstName.localeCompare(b.member.firstName),
      )
      .map(({ member, cents }) => ({ member, amount: dollars(Math.abs(cents)) }));
  const owing = listed(1);
  const credits = listed(-1);

  return {
    from,
    to,
    openingOwed: dollars(openingCents),
    charges: dollars(totals.charge),
    payments: dollars(-totals.payment),
    waivers: dollars(-totals.waiver),
    voids: voids.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id),
    closingOwed: dollars(openingCents + totals.charge + totals.payment + totals.waiver),
    byMonth: months.map((month) => {
      const m = perMonth.get(month)!;
      return {
        month,
        received: dollars(m.received),
        byMethod: Object.fromEntries(
          [...m.byMethod]
            .sort(([a], [b]) => methodOrder(a) - methodOrder(b))
            .map(([method, cents]) => [method, dollars(cents)]),
        ),
        charged: dollars(m.charged),
        waived: dollars(m.waived),
      };
    }),
    owing,
    credits,
  };
}

/** An amount cell: always two decimals, never defused (a number cannot be a formula). */
class Money {
  constructor(readonly value: number) {}
}
const money = (n: number) => new Money(n);
const name = (m: ReportMember) => `${m.firstName} ${m.lastName}`;
type Cell = string | number | null | Money;
const line = (cells: Cell[]) =>
  cells.map((c) => (c instanceof Money ? c.value.toFixed(2) : csvField(c))).join(",");

/**
 * The report as one CSV file: the totals, then money received by month (one row per month and
 * method, and the month's total), charges and waivers by month, the voids, who owes and who is
 * in credit.
 * Columns: section, month, member, item, amount, note, in the reader's language (`words`).
 */
export function reportCsv(report: DuesReport, words: CsvWords): string {
  const { word } = words;
  const rows: Cell[][] = [
    [
      word("reportSection"),
      word("reportMonth"),
      word("reportMember"),
      word("reportItem"),
      word("reportAmount"),
      word("reportNote"),
    ],
  ];
  const total = (item: string, amount: number, note = "") =>
    rows.push([word("reportTotals"), null, null, item, money(amount), note]);
  total(word("reportOpeningOwed"), report.openingOwed, words.before(report.from));
  total(word("reportCharges"), report.charges);
  total(word("reportPayments"), report.payments);
  total(word("reportWaivers"), report.waivers);
  total(word("reportClosingOwed"), report.closingOwed, words.atEndOf(report.to));
  for (const m of report.byMonth) {
    for (const [method, amount] of Object.entries(m.byMethod))
      rows.push([word("reportReceived"), m.month, null, method, money(amount), ""]);
    rows.push([word("reportReceived"), m.month, null, word("reportTotal"), money(m.received), ""]);
  }
  for (const m of report.byMonth) {
    rows.push([word("reportCharged"), m.month, null, word("reportTotal"), money(m.charged), ""]);
    rows.push([word("reportWaived"), m.month, null, word("reportTotal"), money(m.waived), ""]);
  }
  for (const v of report.voids)
    rows.push([
      word("reportVoided"),
      v.date.slice(0, 7),
      name(v.member),
      `${words.voidOf(v.kind, v.originalDate)}${v.method ? ` (${v.method})` : ""}`,
      money(v.amount),
      v.reason,
    ]);
  for (const o of report.owing)
    rows.push([word("reportOwing"), report.to, name(o.member), word("reportBalance"), money(o.amount), ""]);
  for (const c of report.credits)
    rows.push([word("reportInCredit"), report.to, name(c.member), word("reportCredit"), money(c.amount), ""]);
  return `${rows.map(line).join("\r\n")}\r\n`;
}

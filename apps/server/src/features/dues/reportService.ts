import { listDuesEntries, listDuesMembers } from "@club/db";
import { DuesMessages, REPORT_MAX_MONTHS, type DuesReport, type DuesReportQuery } from "@club/shared";
import type { Deps } from "../../kernel/context";
import { monthIn, monthsBetween } from "../../platform/clubTime";
import { fieldError } from "./opening";
import { ledgerReport } from "./report";

/**
 * GET /api/Dues/Report (and dues.report): the treasurer's report for the months from..to, by
 * default this calendar year so far in the club's time zone (from the ledger's first month when
 * the club began this year; one end given: that end's calendar year). The ledger is not brought up to date
 * first: a report says what the ledger holds.
 */
export function duesReport(ctx: Deps, input: DuesReportQuery): DuesReport {
  const thisMonth = monthIn(ctx.config.clubTimezone, ctx.now());
  // Oldest first: the report walks the ledger in order.
  const lines = listDuesEntries(ctx.db).reverse();
  let from = input.from ?? `${(input.to ?? thisMonth).slice(0, 4)}-01`;
  const to = input.to ?? (input.from ? `${input.from.slice(0, 4)}-12` : thisMonth);
  if (!input.from && !input.to) {
    // This year so far, from the ledger's first month when the club began this year.
    const first = lines.reduce<string | null>((m, l) => (m === null || l.date < m ? l.date : m), null);
    if (first !== null && first.slice(0, 7) > from) from = first.slice(0, 7) > to ? to : first.slice(0, 7);
  }
  if (to < from) throw fieldError("to", DuesMessages.reportOrder);
  if (monthsBetween(from, to) >= REPORT_MAX_MONTHS) throw fieldError("to", DuesMessages.reportTooLong);
  const members = new Map(listDuesMembers(ctx.db).map((m) => [m.id, m]));
  return ledgerReport(lines, members, from, to);
}

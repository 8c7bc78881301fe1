import { listDuesEntries, listDuesMembers } from "@club/db";
import { DuesMessages, REPORT_MAX_MONTHS, type DuesReport, type DuesReportQuery } from "@club/shared";
import type { Deps } from "../../api/context";
import { monthIn, monthsBetween } from "../../platform/clubTime";
import { fieldError } from "./opening";
import { ledgerReport } from "./report";

/**
 * GET /api/Dues/Report (and dues.report): the treasurer's report for the months from..to, by
 * default this calendar year in the club's time zone. The ledger is not brought up to date
 * first: a report says what the ledger holds.
 */
export function duesReport(ctx: Deps, input: DuesReportQuery): DuesReport {
  const year = monthIn(ctx.config.clubTimezone, ctx.now()).slice(0, 4);
  const from = input.from ?? `${(input.to ?? year).slice(0, 4)}-01`;
  const to = input.to ?? (input.from ? `${input.from.slice(0, 4)}-12` : `${year}-12`);
  if (to < from) throw fieldError("to", DuesMessages.reportOrder);
  if (monthsBetween(from, to) >= REPORT_MAX_MONTHS) throw fieldError("to", DuesMessages.reportTooLong);
  const members = new Map(listDuesMembers(ctx.db).map((m) => [m.id, m]));
  // Oldest first: the report walks the ledger in order.
  const lines = listDuesEntries(ctx.db).reverse();
  return ledgerReport(lines, members, from, to);
}

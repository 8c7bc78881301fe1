import { listDuesEntries } from "@club/db";
import {
  CsvExportQuerySchema,
  DATE_COLUMN_SUFFIX,
  DuesReportRestQuerySchema,
  DuesReportSchema,
} from "@club/shared";
import { clubOf } from "../club/service";
import { parseInput } from "../../kernel/errors";
import { restOnlyRoute } from "../../kernel/restOnlyRoute";
import { dateIn } from "../../platform/clubTime";
import { csvLine, sendCsv } from "../../platform/csvExport";
import { csvWords } from "../../platform/csvWords";
import { readerLanguage } from "../../platform/i18n";
import { nextTurn } from "../../platform/longJobs";
import { pendingWaivers } from "./ledger";
import { reportCsv } from "./report";
import { duesReport } from "./reportService";
import { allDues } from "./service";

/** GET /api/Dues/Export: every member's balance, then every ledger entry, as CSV (treasurer, admin). */
export const duesExportRoute = restOnlyRoute({
  access: "treasurer",
  doc: {
    method: "GET",
    path: "/api/Dues/Export",
    operationId: "duesExport",
    tag: "Dues",
    summary: "The dues ledger as CSV",
    description:
      "For the treasurer and admins: one row per ledger entry (member, date, kind, month, amount in dollars, method, note) with each member's balance and standing; voided entries stay, marked, and each void names the entry it reverses and why; `pending` is `yes` on a hardship waiver of a month not charged yet (it counts nothing until that month is charged).",
    query: CsvExportQuerySchema,
    response: { status: 200, description: "The CSV file.", binary: ["text/csv; charset=utf-8"] },
    errors: [],
  },
  handler: async ({ req, reply, ctx }) => {
    const deps = req.server.deps;
    const words = csvWords(readerLanguage(deps, ctx.user.id, req.headers));
    const { word } = words;
    const members = allDues(deps);
    const byId = new Map(members.map((m) => [m.member.id, m]));
    const format = { currency: clubOf(deps).currency };
    const standing = new Map(members.map((m) => [m.member.id, words.standing(m, format)]));
    const lines = [
      csvLine([
        word("duesMember"),
        word("duesBalance"),
        `${word("duesPaidThrough")} (YYYY-MM)`,
        `${word("duesDate")}${DATE_COLUMN_SUFFIX}`,
        word("duesKind"),
        `${word("duesMonth")} (YYYY-MM)`,
        word("duesAmount"),
        word("duesMethod"),
        word("duesNote"),
        word("duesStanding"),
        word("duesEntry"),
        word("duesVoided"),
        word("duesVoids"),
        word("duesReason"),
        word("duesPending"),
      ]),
    ];
    const entries = [...listDuesEntries(deps.db)].reverse();
    const voidReason = new Map(entries.flatMap((e) => (e.voids !== null ? [[e.voids, e.reason]] : [])));
    // A waiver of a month not charged yet counts nothing until it is: "pending" says so.
    const byMember = new Map<number, typeof entries>();
    for (const e of entries) {
      const rows = byMember.get(e.memberId);
      if (rows) rows.push(e);
      else byMember.set(e.memberId, [e]);
    }
    const pending = new Set([...byMember.values()].flatMap((rows) => [...pendingWaivers(rows)]));
    for (const [index, entry] of entries.entries()) {
      // A long ledger is written a slice at a time, so other requests are served in between.
      if (index % 1000 === 999) await nextTurn();
      const m = byId.get(entry.memberId);
      if (!m) continue;
      lines.push(
        csvLine([
          `${m.member.firstName} ${m.member.lastName}`,
          m.balance.toFixed(2),
          m.paidThrough,
          entry.date,
          entry.kind,
          entry.month,
          (entry.amountCents / 100).toFixed(2),
          entry.method,
          entry.note,
          standing.get(entry.memberId) ?? "",
          entry.id,
          entry.voidedBy !== null ? word("yes") : "",
          entry.voids,
          entry.kind === "void" ? entry.reason : (voidReason.get(entry.id) ?? null),
          pending.has(entry.id) ? word("yes") : "",
        ]),
      );
    }
    const today = dateIn(deps.config.clubTimezone, deps.now());
    const { bom } = parseInput(CsvExportQuerySchema, req.query);
    return sendCsv(reply, `${lines.join("\r\n")}\r\n`, `dues-${today}.csv`, bom);
  },
});

/**
 * GET /api/Dues/Report?from=YYYY-MM&to=YYYY-MM[&format=csv] (treasurer, admin): the treasurer's
 * report as JSON, or as a CSV file. REST-only because of the CSV; the JSON is `dues.report`'s.
 */
export const duesReportRoute = restOnlyRoute({
  access: "treasurer",
  doc: {
    method: "GET",
    path: "/api/Dues/Report",
    operationId: "duesReport",
    tag: "Dues",
    summary: "The treasurer's report",
    description:
      "For a period of months (default: this calendar year): money received by month and by method, charges raised, waivers granted, what was voided, what is owed at the start and the end of the period and by whom. Amounts in dollars; `charges`, `payments` and `waivers` are net of voids; `openingOwed` and `closingOwed` are the club's net balance (credit counts against it), every line counted on the date it takes effect, so openingOwed + charges - payments - waivers = closingOwed. `format=csv` answers the same as a CSV file.",
    query: DuesReportRestQuerySchema,
    response: {
      status: 200,
      description: "The report (JSON), or the CSV file with format=csv.",
      schema: DuesReportSchema,
      binary: ["text/csv; charset=utf-8"],
    },
    errors: [],
  },
  handler: ({ req, reply, ctx }) => {
    const deps = req.server.deps;
    const { format, bom, ...period } = parseInput(DuesReportRestQuerySchema, req.query);
    const report = duesReport(deps, period);
    if (format !== "csv") return reply.header("cache-control", "no-store").send(report);
    const words = csvWords(readerLanguage(deps, ctx.user.id, req.headers));
    return sendCsv(reply, reportCsv(report, words), `dues-report-${report.from}-to-${report.to}.csv`, bom);
  },
});

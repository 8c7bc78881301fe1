import { listDuesEntries } from "@club/db";
import { CsvExportQuerySchema, DATE_COLUMN_SUFFIX, ServerMessages } from "@club/shared";
import { requestCtx } from "../../api/context";
import { ForbiddenError, parseInput, UnauthorizedError } from "../../api/errors";
import type { RestOnlyRoute } from "../../api/restOnly";
import { dateIn } from "../../platform/clubTime";
import { sendCsv } from "../../platform/csvExport";
import { csvLine } from "../night/resultsCsv";
import { allDues } from "./service";

/** GET /api/Dues/Export: every member's balance, then every ledger entry, as CSV (treasurer, admin). */
export const duesExportRoute: RestOnlyRoute = {
  doc: {
    method: "GET",
    path: "/api/Dues/Export",
    operationId: "duesExport",
    tag: "Dues",
    summary: "The dues ledger as CSV",
    description:
      "For the treasurer and admins: one row per ledger entry (member, date, kind, month, amount in dollars, method, note) with each member's balance.",
    access: "treasurer",
    auth: true,
    query: CsvExportQuerySchema,
    response: { status: 200, description: "The CSV file.", binary: ["text/csv; charset=utf-8"] },
    errors: [],
  },
  plugin: async (app) => {
    app.get("/api/Dues/Export", async (req, reply) => {
      const deps = req.server.deps;
      const user = await requestCtx(deps, req.headers.authorization, req.id).auth();
      if (!user) throw new UnauthorizedError();
      if (user.role !== "admin" && user.role !== "treasurer")
        throw new ForbiddenError(ServerMessages.treasurerOnly);
      const members = allDues(deps);
      const byId = new Map(members.map((m) => [m.member.id, m]));
      const lines = [
        csvLine([
          "member",
          "balance",
          "paid through (YYYY-MM)",
          `date${DATE_COLUMN_SUFFIX}`,
          "kind",
          "month (YYYY-MM)",
          "amount",
          "method",
          "note",
        ]),
      ];
      for (const entry of [...listDuesEntries(deps.db)].reverse()) {
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
          ]),
        );
      }
      const today = dateIn(deps.config.clubTimezone, deps.now());
      const { bom } = parseInput(CsvExportQuerySchema, req.query);
      return sendCsv(reply, `${lines.join("\r\n")}\r\n`, `dues-${today}.csv`, bom);
    });
  },
};

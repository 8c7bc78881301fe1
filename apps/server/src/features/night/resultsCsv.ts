import { listFlight, listMeetingGuestScores, listMeetingScores } from "@club/db";
import { CsvExportQuerySchema, MeetingIdSchema } from "@club/shared";
import { parseInput } from "../../kernel/errors";
import { restOnlyRoute } from "../../kernel/restOnlyRoute";
import { csvLine, sendCsv } from "../../platform/csvExport";
import { resultsShown, roomPourView } from "../../policy/secrecy";
import { csvWords } from "../../platform/csvWords";
import { readerLanguage } from "../../platform/i18n";
import { isOwnScore, viewerOf } from "../../policy/viewer";
import { meetingOrThrow } from "./access";

/** GET /api/MonthlyMeetings/{id}/Results.csv: every score of the night, one row each. */
export const resultsCsvRoute = restOnlyRoute({
  access: "member",
  doc: {
    method: "GET",
    path: "/api/MonthlyMeetings/:id/Results.csv",
    operationId: "nightResultsCsv",
    tag: "Meeting night",
    summary: "The night's scores as CSV",
    description:
      "Members only (names and notes are members' data): one row per taster and pour (guests marked, with whose guest they are): the pour, its bottle (empty while a blind pour is hidden), the four parts, the total, the note and the tags. Until a pour's results show (a blind pour's once revealed, an open night's once scoring closes unless the host chose live results), its rows are the caller's own, the host's too.",
    params: MeetingIdSchema,
    query: CsvExportQuerySchema,
    response: { status: 200, description: "The CSV file.", binary: ["text/csv; charset=utf-8"] },
    errors: [404],
  },
  handler: ({ req, reply, ctx, params: { id } }) => {
    const deps = req.server.deps;
    const viewer = viewerOf(ctx.user);
    const meeting = meetingOrThrow(deps, id);
    const flight = listFlight(deps.db, meeting.id);
    const rowOf = new Map(flight.map((row) => [row.bottle.id, row]));
    const pourOf = new Map(flight.map((row) => [row.bottle.id, roomPourView(meeting, row, row.position)]));
    const { word, dram } = csvWords(readerLanguage(deps, ctx.user.id, req.headers));
    const lines = [
      csvLine([
        word("resultsPour"),
        word("resultsLabel"),
        word("resultsBottle"),
        word("resultsMember"),
        word("resultsNose"),
        word("resultsPalate"),
        word("resultsFinish"),
        word("resultsBalance"),
        word("resultsTotal"),
        word("resultsNote"),
        word("resultsTags"),
        word("resultsGuest"),
        word("resultsGuestOf"),
      ]),
    ];
    // Members' scores, then guests' (first name only, marked, whose guest).
    const tasters = [
      ...listMeetingScores(deps.db, meeting.id).map((s) => ({
        ...s,
        scorer: { memberId: s.memberId },
        name: `${s.firstName} ${s.lastName}`,
        sortName: s.lastName,
        guest: false,
        guestOf: null as string | null,
      })),
      ...listMeetingGuestScores(deps.db, meeting.id).map((s) => ({
        ...s,
        scorer: { guestId: s.guestId },
        name: s.firstName,
        sortName: `~${s.firstName}`,
        guest: true,
        guestOf: s.guestOf,
      })),
    ];
    const rows = tasters
      .map((s) => ({ s, pour: pourOf.get(s.bottleId) }))
      .filter(
        (r) =>
          r.pour !== undefined &&
          (resultsShown(meeting, rowOf.get(r.s.bottleId)!) || isOwnScore(viewer, r.s.scorer)),
      )
      .sort((a, b) => a.pour!.pour - b.pour!.pour || a.s.sortName.localeCompare(b.s.sortName));
    for (const { s, pour } of rows)
      lines.push(
        csvLine([
          pour!.pour,
          dram(pour!.pour),
          pour!.bottle?.name ?? null,
          s.name,
          s.nose,
          s.palate,
          s.finish,
          s.balance,
          s.nose + s.palate + s.finish + s.balance,
          s.note,
          s.tags.join("; "),
          s.guest ? word("yes") : "",
          s.guestOf,
        ]),
      );
    const { bom } = parseInput(CsvExportQuerySchema, req.query);
    return sendCsv(reply, `${lines.join("\r\n")}\r\n`, `meeting-${meeting.date}-results.csv`, bom);
  },
});

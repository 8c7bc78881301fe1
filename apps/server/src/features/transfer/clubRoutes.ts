import {
  CLUB_IMPORT_CONFIRMATION,
  CLUB_IMPORT_MAX_BYTES,
  ClubExportSchema,
  ClubImportFormSchema,
  ClubImportResultSchema,
  TransferMessages,
} from "@club/shared";
import { BadRequestError } from "../../kernel/errors";
import { restOnlyRoute } from "../../kernel/restOnlyRoute";
import { dateIn } from "../../platform/clubTime";
import { exportClub, importClub } from "./clubService";
import { importRoute } from "./importRoute";

/** GET /api/Club/Export: the whole club as one JSON file (admin). */
export const clubExportRoute = restOnlyRoute({
  access: "admin",
  doc: {
    method: "GET",
    path: "/api/Club/Export",
    operationId: "clubExport",
    tag: "Import and export",
    summary: "The whole club as one JSON file",
    description:
      'For admins: {format: "whiskey-club-export", version: 1, exportedAt, images: "not included", tables: {name: {columns, rows}}} with every table of the club\'s data: members (with their password hashes, so that a restored club can log in: keep the file safe), bottles, purchases, comments, aliases, lookups, themes, meetings, flights, RSVPs, scores, dues, reminders sent and the activity log. Sessions, pending links and unsent mail are left out; image files are left to backups (their rows are kept).',
    response: {
      status: 200,
      description: "The JSON file (Content-Disposition: attachment).",
      schema: ClubExportSchema,
    },
    errors: [],
  },
  handler: ({ req, reply }) => {
    const deps = req.server.deps;
    const today = dateIn(deps.config.clubTimezone, deps.now());
    return reply
      .type("application/json; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-disposition", `attachment; filename="club-${today}.json"`)
      .send(JSON.stringify(exportClub(deps)));
  },
});

/** POST /api/Club/Import: multipart `file` (a club export) and `confirm` = REPLACE (admin). */
export const clubImportRoute = importRoute({
  access: "admin",
  action: "club.import",
  doc: {
    method: "POST",
    path: "/api/Club/Import",
    operationId: "clubImport",
    tag: "Import and export",
    summary: "Replace the whole club with a JSON export",
    description:
      "For admins: multipart/form-data with a file from GET /api/Club/Export in the field `file` (at most 50 MB) and the field `confirm` set to REPLACE. Every table of the club's data is replaced by the file's in one transaction; nothing changes when the file is not a club export, refers to rows it lacks or has no active admin. Sessions are not restored: everyone logs in again with an account from the file within 15 minutes (at once when their member id now belongs to someone else). Image rows whose files this server lacks are left out (restore the images from a backup first).",
    formFields: ClubImportFormSchema,
    response: { status: 200, description: "The rows restored, per table.", schema: ClubImportResultSchema },
  },
  maxBytes: CLUB_IMPORT_MAX_BYTES,
  messages: { missing: TransferMessages.clubFileMissing, tooLarge: TransferMessages.clubTooLarge },
  run: ({ ctx, file, fields }) => {
    if (fields.confirm !== CLUB_IMPORT_CONFIRMATION)
      throw new BadRequestError(TransferMessages.clubNotConfirmed);
    return importClub(ctx, file);
  },
});

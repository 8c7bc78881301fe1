import type { FastifyPluginAsync } from "fastify";
import { imageBytesRoute } from "../features/bottles/imageBytes";
import { imageUploadRoute } from "../features/bottles/imageUpload";
import { resultsCsvRoute } from "../features/night/resultsCsv";
import { calendarFeedRoute, meetingCalendarRoute } from "../features/calendar/routes";
import { duesExportRoute, duesReportRoute } from "../features/dues/routes";
import { healthRoute } from "../platform/health";
import { latestBackupRoute } from "../features/backups/routes";
import { ssoCallbackRoute, ssoStartRoute } from "../features/sso/routes";
import { bottlesExportRoute, bottlesImportRoute } from "../features/transfer/bottleRoutes";
import { clubExportRoute, clubImportRoute } from "../features/transfer/clubRoutes";
import type { RestOnlyRoute } from "../kernel/restOnlyRoute";

export type { RestOnlyRoute };

/** Every REST-only route; app/openapi.test.ts checks they and the procedures cover what is served. */
export const restOnlyRoutes: RestOnlyRoute[] = [
  imageBytesRoute,
  imageUploadRoute,
  resultsCsvRoute,
  calendarFeedRoute,
  meetingCalendarRoute,
  duesExportRoute,
  duesReportRoute,
  healthRoute,
  latestBackupRoute,
  ssoStartRoute,
  ssoCallbackRoute,
  bottlesExportRoute,
  bottlesImportRoute,
  clubExportRoute,
  clubImportRoute,
];

export const restOnlyPlugin: FastifyPluginAsync = async (app) => {
  for (const route of restOnlyRoutes) await app.register(route.plugin);
};

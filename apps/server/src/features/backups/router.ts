import type { TRPCRouterRecord } from "@trpc/server";
import { BackupsOverviewSchema } from "@club/shared";
import { adminProcedure } from "../../kernel/trpc";
import { backUpNow, backupsOverview } from "./service";

/** Scheduled backups for admins (the download of the latest is REST-only: routes.ts). */
export const backupsRouter = {
  overview: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/Backups" },
      doc: {
        summary: "The backups and their schedule",
        description:
          "For admins: BACKUP_SCHEDULE and the next scheduled backup, BACKUP_KEEP, the last success and the last failure, and every backup in DATA_DIR/backups, newest first.",
        response: BackupsOverviewSchema,
        responseDescription: "The schedule, the last results and the backups.",
      },
    })
    .query(({ ctx }) => backupsOverview(ctx)),

  create: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/Backups", status: 201, from: "none" },
      doc: {
        summary: "Back up now",
        description:
          "For admins: an online backup of the database and the images into DATA_DIR/backups, integrity-checked; older ones beyond BACKUP_KEEP are deleted. A failure is a 409 with the reason (and shows as the last failure).",
        response: BackupsOverviewSchema,
        responseDescription: "The backups after this one.",
        errors: [409],
      },
    })
    .mutation(({ ctx }) => backUpNow(ctx)),
} satisfies TRPCRouterRecord;

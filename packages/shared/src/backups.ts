import { z } from "zod";
import { TimestampSchema } from "./common";
import { type ActivityActions } from "./activity";

// ---- Backups (admin) ----

export const BackupFileSchema = z.object({
  file: z.string().meta({ examples: ["club-2026-11-23T0300.sqlite"] }),
  takenAt: TimestampSchema.meta({ description: "When it was taken (UTC, ISO 8601)." }),
  bytes: z.number().int().meta({ description: "Size of the database copy." }),
  images: z.number().int().meta({ description: "Image files in its images folder." }),
});
export type BackupFile = z.infer<typeof BackupFileSchema>;

export const BackupsOverviewSchema = z.object({
  schedule: z
    .string()
    .nullable()
    .meta({
      description: "BACKUP_SCHEDULE (cron, the club's time zone); null when off.",
      examples: ["0 3 * * *"],
    }),
  timeZone: z.string(),
  nextRunAt: TimestampSchema.nullable().meta({
    description: "The next scheduled backup (UTC); null when off.",
  }),
  keep: z.number().int().meta({ description: "BACKUP_KEEP: how many backups are kept." }),
  folder: z.string().meta({ description: "Where the backups are, on the server." }),
  running: z.boolean(),
  lastSuccess: z.object({ at: TimestampSchema, file: z.string(), bytes: z.number().int() }).nullable(),
  lastFailure: z.object({ at: TimestampSchema, error: z.string() }).nullable(),
  backups: z.array(BackupFileSchema).meta({ description: "Newest first." }),
});
export type BackupsOverview = z.infer<typeof BackupsOverviewSchema>;

/** The backups' action in the activity log. */
export const BACKUPS_ACTIONS = ["backups.create"] as const satisfies ActivityActions<"backups">;

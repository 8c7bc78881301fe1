import { z } from "zod";
import { IdSchema, TimestampSchema } from "./common";

/** GET /api/Activity: newest first, optionally one member's or one entity's, paged by id. */
export const ActivityQuerySchema = z.object({
  memberId: IdSchema.optional(),
  /** Only the caller's own changes. */
  mine: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional(),
  entity: z.string().trim().min(1).max(40).optional(),
  entityId: z.string().trim().min(1).max(40).optional(),
  /** Entries older than this id. */
  before: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

export const ActivityEntrySchema = z.object({
  id: z.number().int(),
  at: TimestampSchema,
  /** Who made the change (null: the member is gone); filter with `memberId`. */
  memberId: z.number().int().nullable(),
  member: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** The caller may undo it now. */
  undoable: z.boolean(),
  undone: z.boolean(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityIdSchema = z.object({ id: IdSchema });
export const UndoResultSchema = z.object({ ok: z.literal(true), activityId: z.number().int() });

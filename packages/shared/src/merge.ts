import { z } from "zod";
import { IdSchema } from "./common";

/** POST /api/Bottles/{id}/MergeInto/{keepId}: bottle `id` is merged into `keepId` and deleted. */
export const MergeBottleInputSchema = z.object({ id: IdSchema, keepId: IdSchema });
export type MergeBottleInput = z.infer<typeof MergeBottleInputSchema>;

export const MergeBottleResultSchema = z.object({
  /** The bottle kept: everything of the merged one is now its. */
  keepId: z.number().int(),
  /** The merged bottle's name, now an alias of the kept bottle. */
  alias: z.string(),
  /** The activity entry (undo it to give the merged bottle back). */
  activityId: z.number().int(),
});
export type MergeBottleResult = z.infer<typeof MergeBottleResultSchema>;

export const MergeMessages = {
  mergeIntoItself: "A bottle cannot be merged into itself.",
  mergeHiddenPour: "One of these bottles is in a blind pour not revealed yet: merge it after the reveal.",
} as const;

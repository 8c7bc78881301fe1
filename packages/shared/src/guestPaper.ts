import { z } from "zod";
import { IdSchema } from "./common";
import { GuestNameSchema } from "./guests";
import { ScoreInputSchema } from "./night";

/**
 * A guest without a phone: the host adds them by first name, without a code, and types
 * in the scores of their paper sheet, pour by pour, with the same rules as a guest's own scores.
 */
export const GuestAddInputSchema = z.object({
  id: IdSchema,
  firstName: GuestNameSchema,
  guestOf: GuestNameSchema.nullable().optional(),
});
export type GuestAddInput = z.infer<typeof GuestAddInputSchema>;

/** A guest's score of a pour, typed in by the host: the score sheet's fields and the guest. */
export const GuestScoreInputSchema = ScoreInputSchema.extend({ guestId: IdSchema });
export type GuestScoreInput = z.infer<typeof GuestScoreInputSchema>;

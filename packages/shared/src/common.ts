import { z } from "zod";
import { TEXT_MAX } from "./constants";

/** A positive database id; accepts numeric strings from URLs and query strings. */
export const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);
/** An id sent in a JSON body: must already be an integer. */
export const BodyIdSchema = z.number().int().positive().max(2_147_483_647);

/** A required piece of text: trimmed, non-blank, bounded. */
export const RequiredTextSchema = z.string().trim().min(1, "Required.").max(TEXT_MAX);

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** A calendar date, YYYY-MM-DD. */
export const DateOnlySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the date format YYYY-MM-DD.")
  .refine(isRealDate, "Not a real date.");

/** Accepts YYYY-MM-DD or a full ISO timestamp and keeps the calendar date. */
export const DateInputSchema = z
  .string()
  .trim()
  .transform((value) => value.slice(0, 10))
  .pipe(DateOnlySchema);

export const LookupItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type LookupItem = z.infer<typeof LookupItemSchema>;

export const MessageSchema = z.object({ message: z.string() });

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

/** A calendar date in an answer, YYYY-MM-DD (OpenAPI `format: date`). */
export const IsoDateSchema = z.iso.date();
/** An instant in an answer, ISO 8601 UTC such as 2026-03-21T19:00:00.000Z (OpenAPI `format: date-time`). */
export const TimestampSchema = z.iso.datetime();
/** A purchase's finish: the instant it was marked finished, or the date a member corrected it to. */
export const FinishedSchema = z.union([TimestampSchema, IsoDateSchema]);

/** Accepts YYYY-MM-DD or a full ISO timestamp and keeps the calendar date. */
export const DateInputSchema = z
  .string()
  .trim()
  .transform((value) => value.slice(0, 10))
  .pipe(DateOnlySchema);

export const LookupItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type LookupItem = z.infer<typeof LookupItemSchema>;

/** A state or region, with the country it is in (null: any country, e.g. "Other"). */
export const StateItemSchema = LookupItemSchema.extend({ countryId: z.number().int().nullable() });
export type StateItem = z.infer<typeof StateItemSchema>;

export const MessageSchema = z.object({ message: z.string() });

/**
 * The latest date that is "today" somewhere on Earth (UTC+14). Dates are entered in the member's
 * own time zone; the browser also caps its date pickers at the member's local today.
 */
export function latestTodayIso(now = Date.now()): string {
  return new Date(now + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A date that is not in the future. */
export const PastDateInputSchema = DateInputSchema.refine(
  (date) => date <= latestTodayIso(),
  "The date cannot be in the future.",
);

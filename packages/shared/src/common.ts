import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { TEXT_MAX } from "./constants";

/** A positive database id; accepts numeric strings from URLs and query strings. */
export const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);
/** An id sent in a JSON body: must already be an integer. */
export const BodyIdSchema = z.number().int().positive().max(2_147_483_647);

/**
 * What no name may hold: C0 and C1 controls (NUL, CR, LF, tab...), the line and paragraph
 * separators, and the bidirectional embeddings, overrides and isolates (they turn the text around a
 * name on every list it is shown in).
 */
// eslint-disable-next-line no-control-regex
const NAME_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/**
 * Invisible format characters (zero-width space, word joiner, byte order mark, soft hyphen...):
 * "Peat\u200bWeek" would pass for "Peat Week". The joiners (U+200C, U+200D) stay: some scripts and
 * the emoji families need them inside a visible name.
 */
const NAME_INVISIBLES = /(?![\u200c\u200d])\p{Cf}/u;
/** Something a reader sees: neither a space nor an invisible format character. */
const VISIBLE = /[^\s\p{Cf}]/u;

/**
 * The rule of every name a person types (a theme, a host, a bottle, a brand, a member's or a
 * guest's name): trimmed, something visible, no control and no invisible characters, in Unicode's
 * composed form (NFC) with each run of spaces made one, so that look-alikes are the same name.
 */
export function nameTextSchema(opts: {
  max: number;
  /** 0: blank is allowed (an optional name). */
  min?: 0 | 1;
  /** The message of a blank name (and of one of nothing but invisible characters). */
  required?: string;
  tooLong?: string;
}) {
  const required = opts.required ?? ValidationMessages.required;
  const min = opts.min ?? 1;
  return (
    z
      .string()
      .trim()
      .max(opts.max, opts.tooLong)
      .refine((name) => !NAME_CONTROLS.test(name), ValidationMessages.nameControls)
      // A name of nothing but invisible characters looks blank to its writer: it gets the blank
      // name's message below (a required name), not this one.
      .refine(
        (name) => !NAME_INVISIBLES.test(name) || (min === 1 && !VISIBLE.test(name)),
        ValidationMessages.nameInvisibles,
      )
      .transform((name) => name.normalize("NFC").replace(/\s+/g, " "))
      .pipe(
        z
          .string()
          .min(min, required)
          .max(opts.max, opts.tooLong)
          .refine((name) => min === 0 || VISIBLE.test(name), required),
      )
  );
}

/** A required name (see nameTextSchema): a theme, a meeting's host, a bottle. */
export const RequiredTextSchema = nameTextSchema({ max: TEXT_MAX });

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** A calendar date, YYYY-MM-DD. */
export const DateOnlySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ValidationMessages.dateFormat)
  .refine(isRealDate, ValidationMessages.notRealDate);

/** A calendar date in an answer, YYYY-MM-DD (OpenAPI `format: date`). */
export const IsoDateSchema = z.iso.date();
/** An instant in an answer, ISO 8601 UTC such as 2026-03-21T19:00:00.000Z (OpenAPI `format: date-time`). */
export const TimestampSchema = z.iso.datetime();
/** A purchase's finish: the instant it was marked finished, or the date a member corrected it to. */
export const FinishedSchema = z.union([TimestampSchema, IsoDateSchema]);

/** A full ISO 8601 date and time (with or without its offset): a real hour, minute and second. */
const isoDateTime = z.iso.datetime({ offset: true, local: true });

/**
 * Accepts YYYY-MM-DD or a full ISO timestamp and keeps the calendar date. Anything else after the
 * date ("2026-12-02Tgarbage", "2026-12-02T25:61:00Z", "2026-12-02 extra") is refused, not cut off.
 */
export const DateInputSchema = z
  .string()
  .trim()
  .refine(
    (value) => value.length <= 10 || isoDateTime.safeParse(value).success,
    ValidationMessages.dateFormat,
  )
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
  ValidationMessages.dateInFuture,
);

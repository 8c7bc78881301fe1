import { z } from "zod";
import { BodyIdSchema, IsoDateSchema, PastDateInputSchema } from "./common";
import { CLUB_RULES } from "./rules";

export { CLUB_RULES, dollars } from "./rules";

// ---- Next meeting ----

export const NextMeetingSchema = z.object({
  /** YYYY-MM-DD in the club's time zone. */
  date: IsoDateSchema,
  /** HH:MM, 24 h. */
  time: z.string(),
  timezone: z.string(),
  meetingId: z.number().int().nullable(),
});
export type NextMeeting = z.infer<typeof NextMeetingSchema>;

// ---- Reminders by link ----

export const RsvpLinkInputSchema = z.object({
  token: z.string().min(10).max(2000),
  status: z.enum(["going", "maybe", "declined"]),
});
export type RsvpLinkInput = z.infer<typeof RsvpLinkInputSchema>;

export const RsvpLinkResultSchema = z.object({
  meetingId: z.number().int(),
  date: IsoDateSchema,
  status: z.enum(["going", "maybe", "declined"]),
  waitlistPosition: z.number().int().nullable(),
});
export type RsvpLinkResult = z.infer<typeof RsvpLinkResultSchema>;

// ---- Dues ----

/** YYYY-MM. */
export const MonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use the month format YYYY-MM.");

/** Dollars with at most two decimals, more than 0. */
export const DuesAmountSchema = z
  .number({ error: "Enter the amount." })
  .gt(0, "The amount must be more than $0.")
  .max(100_000, "The amount is too large.")
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "Use at most two decimals (cents).");

export const PAYMENT_METHODS = ["cash", "bank transfer", "card", "cheque", "other"] as const;

export const PaymentInputSchema = z.object({
  memberId: BodyIdSchema,
  amount: DuesAmountSchema,
  date: PastDateInputSchema,
  method: z.enum(PAYMENT_METHODS, { error: `Use one of: ${PAYMENT_METHODS.join(", ")}.` }),
  note: z.string().trim().max(500).default(""),
});
export type PaymentInput = z.output<typeof PaymentInputSchema>;

export const WaiverInputSchema = z.object({
  memberId: BodyIdSchema,
  fromMonth: MonthSchema,
  months: z
    .number({ error: "Enter the number of months." })
    .int("A whole number of months.")
    .min(1, "At least 1 month.")
    .max(CLUB_RULES.waiverMaxMonths, `At most ${CLUB_RULES.waiverMaxMonths} months.`),
  reason: z.string().trim().min(1, "Give a reason.").max(500),
});
export type WaiverInput = z.output<typeof WaiverInputSchema>;

export const DUES_KINDS = ["joining", "monthly", "payment", "waiver"] as const;
export type DuesKind = (typeof DUES_KINDS)[number];

export const DuesEntrySchema = z.object({
  id: z.number().int(),
  date: IsoDateSchema,
  kind: z.enum(DUES_KINDS),
  /** Dollars: charges positive, payments and waivers negative. */
  amount: z.number(),
  /** The month a monthly charge or a waiver is for. */
  month: z.string().nullable(),
  method: z.string().nullable(),
  note: z.string(),
});
export type DuesEntry = z.infer<typeof DuesEntrySchema>;

export const DuesStatementSchema = z.object({
  /** Dollars owed (negative: paid ahead). */
  balance: z.number(),
  /** The last month paid for (YYYY-MM), or null. */
  paidThrough: z.string().nullable(),
  monthsBehind: z.number().int(),
  /** Newest first. */
  entries: z.array(DuesEntrySchema),
});
export type DuesStatement = z.infer<typeof DuesStatementSchema>;

export const DuesMemberSchema = z.object({
  member: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  balance: z.number(),
  paidThrough: z.string().nullable(),
  monthsBehind: z.number().int(),
});
export type DuesMember = z.infer<typeof DuesMemberSchema>;

export const DuesMemberIdSchema = z.object({
  memberId: z.coerce.number().int().positive().max(2_147_483_647),
});

// ---- Preferences ----

export const PreferencesSchema = z.object({
  meetingReminders: z.boolean(),
  duesReminders: z.boolean(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

export const PreferencesInputSchema = PreferencesSchema.extend({});

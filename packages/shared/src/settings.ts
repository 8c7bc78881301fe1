import { z } from "zod";
import { nameTextSchema } from "./common";
import { MonthSchema } from "./dues";
import { isCurrencyCode } from "./rules";
import { LANGUAGES } from "./i18n";

/** A language the app has (BCP 47 tag of LANGUAGES). */
export const LanguageSchema = z.enum(LANGUAGES, {
  error: `Choose one of the app's languages: ${LANGUAGES.join(", ")}.`,
});

/**
 * The club's own settings (GET /api/Club/Settings, PUT by an admin): its name, its currency and
 * its rules. Money is in the currency's major unit, as everywhere in the API (the database keeps
 * cents). A change of the dues applies from a month on: the ledger's lines keep what they charged.
 */

/** A scheduled change of the dues: from `fromMonth` on (YYYY-MM). */
export const DuesRateSchema = z.object({
  fromMonth: MonthSchema,
  monthlyDues: z.number(),
  joiningFee: z.number(),
});
export type DuesRate = z.infer<typeof DuesRateSchema>;

export const ClubSettingsSchema = z.object({
  name: z.string(),
  /** ISO 4217 (CLUB_CURRENCY until an admin chooses one). */
  currency: z.string(),
  /** This month's dues. */
  monthlyDues: z.number(),
  joiningFee: z.number(),
  /** What a new member pays first: the joining fee and the first month's dues. */
  firstPayment: z.number(),
  /** The month the dues above apply from (null: the club's first rule, never changed). */
  duesFromMonth: MonthSchema.nullable(),
  /** Changes of the dues from a later month, soonest first. */
  upcomingDues: z.array(DuesRateSchema),
  waiverMaxMonths: z.number().int(),
  waiverMinMembershipMonths: z.number().int(),
  /** 0 = Sunday ... 6 = Saturday. */
  meetingWeekday: z.number().int(),
  /** 1 to 4: the first to the fourth such weekday of the month. */
  meetingWeekOfMonth: z.number().int(),
  /** HH:MM, 24 h, in the club's time zone. */
  meetingTime: z.string(),
  /** Admins and treasurers must sign in with two factors (their role waits until they set it up). */
  twoFactorRequired: z.boolean(),
  /** The club's language (CLUB_LANGUAGE until an admin chooses one): a member's unless they chose their own. */
  language: LanguageSchema,
});
export type ClubSettings = z.infer<typeof ClubSettingsSchema>;

/** Whole units or cents of the club's currency, 0 or more. */
const FeeSchema = (what: string) =>
  z
    .number({ error: `Enter the ${what}.` })
    .min(0, `The ${what} cannot be negative.`)
    .max(100_000, `The ${what} is too large.`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "Use at most two decimals (cents).");

export const ClubSettingsInputSchema = z.object({
  // The rule of every name a person types: no control or invisible characters, spaces folded.
  name: nameTextSchema({
    max: 80,
    required: "Enter the club's name.",
    tooLong: "The club's name has at most 80 characters.",
  }),
  currency: z
    .string({ error: "Enter a currency code." })
    .trim()
    .transform((s) => s.toUpperCase())
    .refine(isCurrencyCode, "Use a three-letter currency code (ISO 4217), such as USD, EUR, SEK or JPY."),
  monthlyDues: FeeSchema("monthly dues"),
  joiningFee: FeeSchema("joining fee"),
  /** The first month the new dues apply to: this month or later (the ledger's lines are kept). */
  duesFromMonth: MonthSchema,
  waiverMaxMonths: z
    .number({ error: "Enter the waiver's months." })
    .int("A whole number of months.")
    .min(1, "A waiver is for at least 1 month.")
    .max(12, "A waiver is for at most 12 months."),
  waiverMinMembershipMonths: z
    .number({ error: "Enter the months of membership a waiver needs." })
    .int("A whole number of months.")
    .min(0, "The months of membership cannot be negative.")
    .max(120, "At most 120 months of membership."),
  meetingWeekday: z
    .number({ error: "Choose the meeting's weekday." })
    .int()
    .min(0, "Choose the meeting's weekday.")
    .max(6, "Choose the meeting's weekday."),
  meetingWeekOfMonth: z
    .number({ error: "Choose which week of the month." })
    .int()
    .min(1, "Choose which week of the month.")
    .max(4, "Choose which week of the month."),
  meetingTime: z
    .string({ error: "Enter the meeting's time." })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use the time format HH:MM (24 hours)."),
  /** Absent: unchanged (clients from before this setting keep it as it is). */
  twoFactorRequired: z.boolean({ error: "Choose whether two-factor sign-in is required." }).optional(),
  /** Left out: the club's language stays as it is. */
  language: LanguageSchema.optional(),
});

/** PUT /api/Account/Language: the member's own language, or null to follow the club's. */
export const AccountLanguageInputSchema = z.object({ language: LanguageSchema.nullable() });
export const AccountLanguageSchema = z.object({
  /** The member's choice, null: the club's. */
  language: LanguageSchema.nullable(),
  /** The language the app shows them: theirs, else the club's. */
  effective: LanguageSchema,
});
export type AccountLanguage = z.infer<typeof AccountLanguageSchema>;
export type ClubSettingsInput = z.output<typeof ClubSettingsInputSchema>;

export const SettingsMessages = {
  duesFromPast: "The new dues can apply from this month on, not to a month gone by.",
} as const;

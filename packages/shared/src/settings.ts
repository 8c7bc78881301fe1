import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { nameTextSchema } from "./common";
import { MonthSchema } from "./dues";
import { isCurrencyCode } from "./rules";
import { LANGUAGES } from "./i18n";

/** A language the app has (BCP 47 tag of LANGUAGES). */
export const LanguageSchema = z.enum(LANGUAGES, {
  error: ValidationMessages.language,
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
const FeeSchema = (messages: { missing: string; negative: string; tooLarge: string }) =>
  z
    .number({ error: messages.missing })
    .min(0, messages.negative)
    .max(100_000, messages.tooLarge)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, ValidationMessages.cents);

export const ClubSettingsInputSchema = z.object({
  // The rule of every name a person types: no control or invisible characters, spaces folded.
  name: nameTextSchema({
    max: 80,
    required: ValidationMessages.clubName,
    tooLong: ValidationMessages.clubNameTooLong,
  }),
  currency: z
    .string({ error: ValidationMessages.currencyMissing })
    .trim()
    .transform((s) => s.toUpperCase())
    .refine(isCurrencyCode, ValidationMessages.currencyCode),
  monthlyDues: FeeSchema({
    missing: ValidationMessages.monthlyDuesMissing,
    negative: ValidationMessages.monthlyDuesNegative,
    tooLarge: ValidationMessages.monthlyDuesTooLarge,
  }),
  joiningFee: FeeSchema({
    missing: ValidationMessages.joiningFeeMissing,
    negative: ValidationMessages.joiningFeeNegative,
    tooLarge: ValidationMessages.joiningFeeTooLarge,
  }),
  /** The first month the new dues apply to: this month or later (the ledger's lines are kept). */
  duesFromMonth: MonthSchema,
  waiverMaxMonths: z
    .number({ error: ValidationMessages.waiverMonthsMissing })
    .int(ValidationMessages.wholeMonths)
    .min(1, ValidationMessages.waiverAtLeast)
    .max(12, ValidationMessages.waiverAtMost),
  waiverMinMembershipMonths: z
    .number({ error: ValidationMessages.membershipMonthsMissing })
    .int(ValidationMessages.wholeMonths)
    .min(0, ValidationMessages.membershipMonthsNegative)
    .max(120, ValidationMessages.membershipMonthsAtMost),
  meetingWeekday: z
    .number({ error: ValidationMessages.weekday })
    .int()
    .min(0, ValidationMessages.weekday)
    .max(6, ValidationMessages.weekday),
  meetingWeekOfMonth: z
    .number({ error: ValidationMessages.weekOfMonth })
    .int()
    .min(1, ValidationMessages.weekOfMonth)
    .max(4, ValidationMessages.weekOfMonth),
  meetingTime: z
    .string({ error: ValidationMessages.meetingTimeMissing })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, ValidationMessages.timeFormat),
  /** Absent: unchanged (clients from before this setting keep it as it is). */
  twoFactorRequired: z.boolean({ error: ValidationMessages.twoFactorRequired }).optional(),
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

import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { BodyIdSchema, IdSchema, IsoDateSchema, PastDateInputSchema } from "./common";
import { formatMoney, type MoneyFormat } from "./rules";
import { MONTH_NAMES } from "./constants";
import { CsvExportQuerySchema } from "./transfer";

/**
 * The dues ledger (issues 13 and 20): inputs and answers of /api/Dues*. Amounts are dollars (a
 * number, at most two decimals); the database keeps integer cents.
 */

/** YYYY-MM. */
export const MonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, ValidationMessages.monthFormat);

/** Whole cents: at most two decimals, and never a tiny amount that rounds to $0.00 (1e-9, 5e-324). */
const isCents = (n: number) =>
  Math.abs(Math.round(n * 100) - n * 100) < 1e-6 && (n === 0 || Math.round(n * 100) !== 0);

/** The largest amount, either way, the ledger takes in one line (dollars). */
export const DUES_AMOUNT_MAX = 100_000;

/** Dollars with at most two decimals, at least a cent (1e-9 would be a $0.00 line). */
export const DuesAmountSchema = z
  .number({ error: ValidationMessages.amountMissing })
  .min(0.01, ValidationMessages.amountPositive)
  .max(DUES_AMOUNT_MAX, ValidationMessages.amountTooLarge)
  .refine(isCents, ValidationMessages.cents);

export const PAYMENT_METHODS = ["cash", "bank transfer", "card", "cheque", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Sent again with `confirm: true` after the 409 CONFIRM_LARGE_PAYMENT (or CONFIRM_EARLY_WAIVER). */
const ConfirmSchema = z.boolean().optional();

export const PaymentInputSchema = z.object({
  memberId: BodyIdSchema,
  amount: DuesAmountSchema,
  date: PastDateInputSchema,
  method: z.enum(PAYMENT_METHODS, { error: ValidationMessages.paymentMethod }),
  note: z.string().trim().max(500).default(""),
  /** Record it even though it pays more than a year ahead or is dated before the member joined. */
  confirm: ConfirmSchema,
});
export type PaymentInput = z.output<typeof PaymentInputSchema>;

export const WaiverInputSchema = z.object({
  memberId: BodyIdSchema,
  fromMonth: MonthSchema,
  months: z
    .number({ error: ValidationMessages.monthsMissing })
    .int(ValidationMessages.wholeMonths)
    .min(1, ValidationMessages.atLeastOneMonth)
    .max(12, ValidationMessages.atMostTwelveMonths),
  reason: z.string().trim().min(1, ValidationMessages.reasonMissing).max(500),
  /** Record it even though it starts before the member joined. */
  confirm: ConfirmSchema,
});
export type WaiverInput = z.output<typeof WaiverInputSchema>;

/** POST /api/Dues/Entries/{id}/Void: a reversing line, with the reason. */
export const VoidInputSchema = z.object({
  id: IdSchema,
  reason: z.string().trim().min(1, ValidationMessages.reasonMissing).max(500, ValidationMessages.atMost500),
});
export type VoidInput = z.output<typeof VoidInputSchema>;

/** PUT /api/Dues/Members/{memberId}/Opening: where a member from before the app starts. */
export const OpeningInputSchema = z.object({
  memberId: IdSchema,
  /** YYYY-MM-DD, not in the future. */
  memberSince: PastDateInputSchema,
  /** The joining fee was paid before the app: none is charged. */
  joiningFeePaid: z.boolean({ error: ValidationMessages.joiningFeePaid }),
  /** The first month the app charges (YYYY-MM), from the month they became a member to this month. */
  firstChargedMonth: MonthSchema,
  /** Dollars brought forward: positive owed, negative in credit. */
  openingBalance: z
    .number({ error: ValidationMessages.openingBalanceMissing })
    .min(-DUES_AMOUNT_MAX, ValidationMessages.openingBalanceTooLarge)
    .max(DUES_AMOUNT_MAX, ValidationMessages.openingBalanceTooLarge)
    .refine(isCents, ValidationMessages.cents),
  note: z.string().trim().max(500, ValidationMessages.atMost500).default(""),
});
export type OpeningInput = z.output<typeof OpeningInputSchema>;

export const DUES_KINDS = ["joining", "monthly", "payment", "waiver", "opening", "void"] as const;
export type DuesKind = (typeof DUES_KINDS)[number];

export const DuesEntrySchema = z.object({
  id: z.number().int(),
  date: IsoDateSchema,
  kind: z.enum(DUES_KINDS),
  /** Dollars: charges positive, payments and waivers negative; a void the opposite of its original. */
  amount: z.number(),
  /** The month a monthly charge or a waiver is for (a void: its original's). */
  month: z.string().nullable(),
  method: z.string().nullable(),
  note: z.string(),
  /** A void line reverses this line: it no longer counts. */
  voided: z.boolean(),
  /** A void line: the id of the line it reverses; null otherwise. */
  voids: z.number().int().nullable(),
  /** Why the line was voided (on the void line and on the line it voided); null otherwise. */
  reason: z.string().nullable(),
  /**
   * A hardship waiver of a month not charged (yet): it covers that month's dues when they are
   * charged and counts nothing until then. False for every other line.
   */
  pending: z.boolean(),
});
export type DuesEntry = z.infer<typeof DuesEntrySchema>;

/**
 * Where a member stands, computed in one place (features/dues/ledger.ts): paid up (nothing owed),
 * in credit, due (only this month's charges, or the first payment, are unpaid) or behind (charges
 * of earlier months are unpaid).
 */
export const DUES_STANDINGS = ["paid-up", "in-credit", "due", "behind"] as const;
export type DuesStanding = (typeof DUES_STANDINGS)[number];

const standingFields = {
  standing: z.enum(DUES_STANDINGS),
  /** Dollars to pay to be paid up (0 when paid up or in credit). */
  amountDue: z.number(),
  /** The part of amountDue for earlier months (0 unless behind). */
  amountBehind: z.number(),
  /** When due: the date of the oldest unpaid charge of this month (YYYY-MM-DD); null otherwise. */
  dueDate: IsoDateSchema.nullable(),
};

/** The opening of a member's ledger as it stands: the one recorded, else what the ledger implies. */
export const DuesOpeningSchema = z.object({
  memberSince: IsoDateSchema.nullable(),
  joiningFeePaid: z.boolean(),
  firstChargedMonth: z.string().nullable(),
  /** Dollars: positive owed, negative in credit. */
  openingBalance: z.number(),
  note: z.string(),
  /** Set by the treasurer or an admin (false: the defaults from the member's activation). */
  recorded: z.boolean(),
});
export type DuesOpening = z.infer<typeof DuesOpeningSchema>;

export const DuesStatementSchema = z.object({
  /** Dollars owed (negative: in credit). */
  balance: z.number(),
  /** The last month paid for (YYYY-MM), or null. */
  paidThrough: z.string().nullable(),
  /** Monthly charges of earlier months that are unpaid. */
  monthsBehind: z.number().int(),
  ...standingFields,
  /** YYYY-MM-DD: when the membership started (the opening's, else the activation's date). */
  memberSince: IsoDateSchema.nullable(),
  /** YYYY-MM-DD: the first day a hardship waiver may be granted (after 12 months of membership). */
  waiverEligibleFrom: IsoDateSchema.nullable(),
  opening: DuesOpeningSchema,
  /** Newest first; voided lines stay, marked. */
  entries: z.array(DuesEntrySchema),
});
export type DuesStatement = z.infer<typeof DuesStatementSchema>;

export const DuesMemberNameSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
});

export const DuesMemberSchema = z.object({
  member: DuesMemberNameSchema,
  balance: z.number(),
  paidThrough: z.string().nullable(),
  monthsBehind: z.number().int(),
  ...standingFields,
  memberSince: IsoDateSchema.nullable(),
});
export type DuesMember = z.infer<typeof DuesMemberSchema>;

export const DuesMemberIdSchema = z.object({
  memberId: z.coerce.number().int().positive().max(2_147_483_647),
});

// ---- The treasurer's report ----

/** The longest period a report covers. */
export const REPORT_MAX_MONTHS = 120;

/** GET /api/Dues/Report?from=YYYY-MM&to=YYYY-MM: by default this calendar year so far, from the ledger's first month. */
export const DuesReportQuerySchema = z.object({
  from: MonthSchema.optional(),
  to: MonthSchema.optional(),
});
export type DuesReportQuery = z.output<typeof DuesReportQuerySchema>;

/** The REST route's query: the same, plus `format=csv` for the CSV file. */
export const DuesReportRestQuerySchema = DuesReportQuerySchema.extend({
  format: z.enum(["json", "csv"]).optional(),
  /** With format=csv: the file starts with a UTF-8 byte order mark unless bom=false. */
  bom: CsvExportQuerySchema.shape.bom,
});

export const DuesReportVoidSchema = z.object({
  /** The void line. */
  id: z.number().int(),
  /** The line it reverses. */
  voids: z.number().int(),
  /** The void's date (it takes effect then). */
  date: IsoDateSchema,
  member: DuesMemberNameSchema,
  /** The original line's kind, date and amount (dollars, as on the statement). */
  kind: z.enum(DUES_KINDS),
  originalDate: IsoDateSchema,
  amount: z.number(),
  method: z.string().nullable(),
  reason: z.string(),
});

export const DuesReportMonthSchema = z.object({
  month: z.string(),
  /** Dollars received (payments net of the payments voided that month). */
  received: z.number(),
  /** The same by payment method. */
  byMethod: z.record(z.string(), z.number()),
  /** Dollars charged and waived that month (net of voids). */
  charged: z.number(),
  waived: z.number(),
});

export const DuesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The club's net balance (what members owe less their credit) before the period. */
  openingOwed: z.number(),
  /** Charges raised in the period (joining fees, months, balances brought forward), net of voids. */
  charges: z.number(),
  /** Money received in the period, net of voids. */
  payments: z.number(),
  /** What hardship waivers covered in the period (each month as it was charged), net of voids. */
  waivers: z.number(),
  /** What was voided in the period. */
  voids: z.array(DuesReportVoidSchema),
  /** openingOwed + charges - payments - waivers. */
  closingOwed: z.number(),
  byMonth: z.array(DuesReportMonthSchema),
  /** Who owes at the end of the period, most first. */
  owing: z.array(z.object({ member: DuesMemberNameSchema, amount: z.number() })),
  /**
   * Who is in credit at the end of the period, most first (the amount in credit, positive):
   * closingOwed is the sum of owing less the sum of credits.
   */
  credits: z.array(z.object({ member: DuesMemberNameSchema, amount: z.number() })),
});
export type DuesReport = z.infer<typeof DuesReportSchema>;

/** What the ledger's refusals and questions say. */
export const DuesMessages = {
  entryNotFound: "Ledger entry not found.",
  alreadyVoided: "This entry is already voided.",
  voidOfVoid: "A void cannot be voided. Record the entry again instead.",
  voidNotUndoable: "A void cannot be undone. Record the entry again instead.",
  notTreasurer: "Only the treasurer or an admin can correct the ledger.",
  memberSinceFuture: "The date they became a member cannot be in the future.",
  firstMonthFuture: "The first charged month cannot be after this month.",
  firstMonthBeforeMember: "The first charged month cannot be before the month they became a member.",
  ownWaiver: "A hardship waiver for yourself is granted by another treasurer or an admin.",
  ownCharge: "A charge of your own is voided by another treasurer or an admin.",
  reportOrder: "The period must end on or after its first month.",
  reportTooLong: `A report covers at most ${REPORT_MAX_MONTHS} months.`,
  openingLine: "A balance brought forward is changed through the member's opening.",
  waiverMonths: (max: number | string) => `A hardship waiver is for 1 to ${max} months.`,
  alreadyWaived: (month: string) => `${month} is already waived.`,
  earlyWaiver: (span: string, name: string, since: string) =>
    `This waives ${span}, before ${name} became a member (${since}). Record it anyway?`,
} as const;

/** "March 2030" for "2030-03" (the server's questions and the screens say months the same way). */
export function monthLabel(month: string): string {
  const name = MONTH_NAMES[Number(month.slice(5, 7)) - 1];
  return name ? `${name} ${month.slice(0, 4)}` : month;
}

/** "November 20, 2026" for "2026-11-20". */
export function dayLabel(date: string): string {
  const name = MONTH_NAMES[Number(date.slice(5, 7)) - 1];
  return name ? `${name} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}` : date;
}

/**
 * Where a member stands, in the words every screen and the CSV use: "Paid up", "$12.00 in
 * credit", "$52.00 due", "$24.00 behind (2 months)".
 */
export function standingLabel(
  s: {
    standing: DuesStanding;
    balance: number;
    amountDue: number;
    amountBehind: number;
    monthsBehind: number;
  },
  format: MoneyFormat = {},
): string {
  // "$1,052.50" (never negative: the words say which way).
  const money = (amount: number) => formatMoney(Math.abs(amount), format);
  switch (s.standing) {
    case "paid-up":
      return "Paid up";
    case "in-credit":
      return `${money(s.balance)} in credit`;
    case "due":
      return `${money(s.amountDue)} due`;
    case "behind":
      return `${money(s.amountBehind)} behind${
        s.monthsBehind > 0 ? ` (${s.monthsBehind} ${s.monthsBehind === 1 ? "month" : "months"})` : ""
      }`;
  }
}

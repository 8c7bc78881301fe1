import {
  getClubSettingsRow,
  listDuesRates,
  setClubSettingsRow,
  setDuesRateFrom,
  type DuesRateRow,
} from "@club/db";
import {
  CLUB_NAME,
  CLUB_RULES,
  SettingsMessages,
  TotpMessages,
  type ClubRules,
  type ClubSettings,
  type ClubSettingsInput,
  type Language,
  isLanguage,
} from "@club/shared";
import type { AuthedCtx, Deps } from "../../kernel/context";
import { ConflictError } from "../../kernel/errors";
import { meetsTwoFactorRule } from "../../kernel/twoFactor";
import { monthIn } from "../../platform/clubTime";
import { recordActivity } from "../activity/record";

/** The club's rules of a month, with its name and currency: what the ledger, the calendar and emails use. */
export interface Club extends ClubRules {
  name: string;
  currency: string;
  language: Language;
}

const toCents = (amount: number) => Math.round(amount * 100);
const fromCents = (cents: number) => cents / 100 + 0;

/** The dues rate of a month: the latest rate from that month or before, else the spec's. */
export function rateOf(
  rates: readonly DuesRateRow[],
  month: string,
): Pick<ClubRules, "monthlyDuesCents" | "joiningFeeCents"> {
  let rate: Pick<ClubRules, "monthlyDuesCents" | "joiningFeeCents"> = CLUB_RULES;
  for (const r of rates) if (r.fromMonth <= month) rate = r;
  return { monthlyDuesCents: rate.monthlyDuesCents, joiningFeeCents: rate.joiningFeeCents };
}

/**
 * The club as its admin set it, for a month (default: this month in the club's time zone): the
 * dues of that month, the rest as they stand now. Unset settings are the spec's and CLUB_CURRENCY.
 */
export function clubOf(ctx: Deps, month: string = monthIn(ctx.config.clubTimezone, ctx.now())): Club {
  const row = getClubSettingsRow(ctx.db);
  return {
    ...CLUB_RULES,
    ...rateOf(listDuesRates(ctx.db), month),
    name: row.name ?? CLUB_NAME,
    currency: row.currency ?? ctx.config.clubCurrency,
    language: isLanguage(row.language) ? row.language : ctx.config.clubLanguage,
    meetingWeekday: row.meetingWeekday ?? CLUB_RULES.meetingWeekday,
    meetingWeekOfMonth: row.meetingWeekOfMonth ?? CLUB_RULES.meetingWeekOfMonth,
    meetingTime: row.meetingTime ?? CLUB_RULES.meetingTime,
    waiverMaxMonths: row.waiverMaxMonths ?? CLUB_RULES.waiverMaxMonths,
    waiverMinMembershipMonths: row.waiverMinMembershipMonths ?? CLUB_RULES.waiverMinMembershipMonths,
  };
}

/** GET /api/Club/Settings: the settings as the About page and the Club settings screen show them. */
export function getClubSettings(ctx: Deps): ClubSettings {
  const month = monthIn(ctx.config.clubTimezone, ctx.now());
  const club = clubOf(ctx, month);
  const rates = listDuesRates(ctx.db);
  const current = rates.filter((r) => r.fromMonth <= month).at(-1);
  return {
    name: club.name,
    currency: club.currency,
    monthlyDues: fromCents(club.monthlyDuesCents),
    joiningFee: fromCents(club.joiningFeeCents),
    firstPayment: fromCents(club.monthlyDuesCents + club.joiningFeeCents),
    duesFromMonth: current?.fromMonth ?? null,
    upcomingDues: rates
      .filter((r) => r.fromMonth > month)
      .map((r) => ({
        fromMonth: r.fromMonth,
        monthlyDues: fromCents(r.monthlyDuesCents),
        joiningFee: fromCents(r.joiningFeeCents),
      })),
    waiverMaxMonths: club.waiverMaxMonths,
    waiverMinMembershipMonths: club.waiverMinMembershipMonths,
    meetingWeekday: club.meetingWeekday,
    meetingWeekOfMonth: club.meetingWeekOfMonth,
    meetingTime: club.meetingTime,
    twoFactorRequired: getClubSettingsRow(ctx.db).twoFactorRequired === true,
    language: club.language,
  };
}

/**
 * PUT /api/Club/Settings (admins): the name, currency, waiver and meeting rules at once (the language
 * when given), and the
 * dues from `duesFromMonth` on (this month or later; a later rate already set from that month on
 * is replaced). The ledger's lines keep what they charged; amounts are not converted when the
 * currency changes. One activity entry with the settings before and after.
 */
export function updateClubSettings(ctx: AuthedCtx, input: ClubSettingsInput): ClubSettings {
  const month = monthIn(ctx.config.clubTimezone, ctx.now());
  if (input.duesFromMonth < month) throw new ConflictError(SettingsMessages.duesFromPast, "DUES_FROM_PAST");
  return ctx.db.transaction(() => {
    const before = getClubSettings(ctx);
    const twoFactorRequired = input.twoFactorRequired ?? before.twoFactorRequired;
    // The admin who turns the requirement on must meet it, or their own role would wait for it.
    if (twoFactorRequired && !before.twoFactorRequired && !meetsTwoFactorRule(ctx.db, ctx.user.id))
      throw new ConflictError(TotpMessages.requireSelfFirst, "TWO_FACTOR_SELF_FIRST");
    setClubSettingsRow(ctx.db, {
      name: input.name,
      currency: input.currency,
      meetingWeekday: input.meetingWeekday,
      meetingWeekOfMonth: input.meetingWeekOfMonth,
      meetingTime: input.meetingTime,
      waiverMaxMonths: input.waiverMaxMonths,
      waiverMinMembershipMonths: input.waiverMinMembershipMonths,
      twoFactorRequired: twoFactorRequired || null,
      ...(input.language === undefined ? {} : { language: input.language }),
    });
    const rates = listDuesRates(ctx.db);
    const wanted = {
      monthlyDuesCents: toCents(input.monthlyDues),
      joiningFeeCents: toCents(input.joiningFee),
    };
    const was = rateOf(rates, input.duesFromMonth);
    const later = rates.some((r) => r.fromMonth > input.duesFromMonth);
    if (
      later ||
      was.monthlyDuesCents !== wanted.monthlyDuesCents ||
      was.joiningFeeCents !== wanted.joiningFeeCents
    )
      setDuesRateFrom(ctx.db, { fromMonth: input.duesFromMonth, ...wanted });
    const after = getClubSettings(ctx);
    recordActivity(ctx, "club", 1, before, after);
    return after;
  });
}

import { CLUB_NAME, CLUB_RULES, DEFAULT_CURRENCY, SOURCE_LANGUAGE, type ClubSettings } from "@club/shared";
import { trpc } from "./trpc";

/** The club's settings before they are read: the spec's rules (what a new club has). */
export const DEFAULT_SETTINGS: ClubSettings = {
  name: CLUB_NAME,
  currency: DEFAULT_CURRENCY,
  monthlyDues: CLUB_RULES.monthlyDuesCents / 100,
  joiningFee: CLUB_RULES.joiningFeeCents / 100,
  firstPayment: (CLUB_RULES.monthlyDuesCents + CLUB_RULES.joiningFeeCents) / 100,
  duesFromMonth: null,
  upcomingDues: [],
  waiverMaxMonths: CLUB_RULES.waiverMaxMonths,
  waiverMinMembershipMonths: CLUB_RULES.waiverMinMembershipMonths,
  meetingWeekday: CLUB_RULES.meetingWeekday,
  meetingWeekOfMonth: CLUB_RULES.meetingWeekOfMonth,
  meetingTime: CLUB_RULES.meetingTime,
  twoFactorRequired: false,
  language: SOURCE_LANGUAGE,
};

let current: ClubSettings = DEFAULT_SETTINGS;

/**
 * The club's settings as last read: what the formatters outside components (money, the meeting
 * rule) use. The app's layout reads them on every screen (useClubSettings), before its screen renders.
 */
export const clubSettings = (): ClubSettings => current;

/** The club's settings (GET /api/Club/Settings), the defaults while they load. */
export function useClubSettings(): ClubSettings {
  const query = trpc.club.settings.useQuery(undefined, { staleTime: 60_000 });
  if (query.data) current = query.data;
  return query.data ?? current;
}

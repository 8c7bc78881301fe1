import type { TRPCRouterRecord } from "@trpc/server";
import { ClubSettingsInputSchema, ClubSettingsSchema } from "@club/shared";
import { adminProcedure, cachedReadProcedure } from "../../kernel/trpc";
import { getClubSettings, updateClubSettings } from "./service";

/** The club's own settings: its name, currency, dues, waiver and meeting rules. */
export const clubRouter = {
  settings: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Club/Settings" },
      doc: {
        summary: "The club's settings",
        description:
          "The club's name, its currency (ISO 4217; amounts are in its major unit), this month's dues and joining fee, the first payment (both), the month those dues apply from and any change set for a later month, the hardship waiver's months and the membership it needs, and the meeting rule (weekday 0 = Sunday, which of the month's such weekdays, the time in the club's time zone), and the club's language (a member's unless they chose their own). Until an admin changes them: the spec's rules, CLUB_CURRENCY, CLUB_LANGUAGE and the default name.",
        response: ClubSettingsSchema,
        responseDescription: "The settings.",
      },
    })
    .query(({ ctx }) => getClubSettings(ctx)),

  updateSettings: adminProcedure
    .meta({
      rest: { method: "PUT", path: "/api/Club/Settings" },
      doc: {
        summary: "Change the club's settings",
        description:
          "Admins. Every setting at once (`language` may be left out: it stays). The dues and joining fee apply from `duesFromMonth` (YYYY-MM, this month or later: 409 `DUES_FROM_PAST` before) and replace any change set for later; lines already on the ledger keep what they charged. A new currency relabels amounts, it converts nothing.",
        response: ClubSettingsSchema,
        responseDescription: "The settings after the change.",
        errors: [409],
      },
    })
    .input(ClubSettingsInputSchema)
    .mutation(({ ctx, input }) => updateClubSettings(ctx, input)),
} satisfies TRPCRouterRecord;

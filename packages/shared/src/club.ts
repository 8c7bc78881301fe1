import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { IdSchema, IsoDateSchema } from "./common";
import { isLanguage, type Language } from "./i18n";
import { type ActivityActions } from "./activity";

export * from "./rules";

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

/** The embeddable next-meeting card (/embed/next-meeting) a club's website frames. */
export const EmbedThemeSchema = z.enum(["light", "dark"], { error: ValidationMessages.themeMode }).optional();
export const EMBED_WORDS = {
  title: "Next meeting",
  theme: "Theme",
  host: "Host",
  toBeAnnounced: "To be announced",
  seeMeeting: "See the meeting",
  seeMeetings: "See the meetings",
} as const;

/** The card's words in the club's other languages (English: EMBED_WORDS, word for word). */
export const EMBED_WORDS_IN: Record<string, Record<keyof typeof EMBED_WORDS, string>> = {
  de: {
    title: "Nächstes Treffen",
    theme: "Thema",
    host: "Gastgeber",
    toBeAnnounced: "Wird noch bekanntgegeben",
    seeMeeting: "Zum Treffen",
    seeMeetings: "Zu den Treffen",
  },
  sv: {
    title: "Nästa träff",
    theme: "Tema",
    host: "Värd",
    toBeAnnounced: "Meddelas senare",
    seeMeeting: "Se träffen",
    seeMeetings: "Se träffarna",
  },
  fr: {
    title: "Prochaine réunion",
    theme: "Thème",
    host: "Hôte",
    toBeAnnounced: "À annoncer",
    seeMeeting: "Voir la réunion",
    seeMeetings: "Voir les réunions",
  },
  ja: {
    title: "次回の会",
    theme: "テーマ",
    host: "ホスト",
    toBeAnnounced: "未定",
    seeMeeting: "会の詳細を見る",
    seeMeetings: "会の一覧を見る",
  },
};
/**
 * A calendar's language (`?lang=de`): one of the app's; any other tag is ignored (the feed is then
 * in the club's language), never refused: a calendar app keeps the address it was given.
 */
export const CalendarLanguageSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((tag): Language | undefined => {
    // Asked twice (`?lang=de&lang=fr`): neither.
    if (typeof tag !== "string") return undefined;
    if (isLanguage(tag)) return tag;
    const base = tag.split(/[-_]/)[0]!.toLowerCase();
    return isLanguage(base) ? base : undefined;
  })
  .meta({ description: "The language of the words (de, sv, fr, ja, en); else the club's." });

export const CalendarQuerySchema = z.object({ lang: CalendarLanguageSchema });

/** A meeting's calendar links, in a language. */
export const CalendarLinksInputSchema = z.object({ id: IdSchema, lang: CalendarLanguageSchema });

/** GET /api/MonthlyMeetings/{id}/CalendarLinks: the meeting in a calendar app. */
export const CalendarLinksSchema = z.object({
  /** The meeting's .ics (any calendar app). */
  ics: z.string(),
  /** Google Calendar's "add an event" page, filled in. */
  google: z.string(),
  /** Outlook on the web's new event, filled in. */
  outlook: z.string(),
});
export type CalendarLinks = z.infer<typeof CalendarLinksSchema>;

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

/** GET /api/Rsvp/ByLink?token=: what an answer link is for, read before anything is answered. */
export const RsvpLinkTokenSchema = RsvpLinkInputSchema.pick({ token: true });
export const RsvpLinkMeetingSchema = z.object({
  meetingId: z.number().int(),
  date: IsoDateSchema,
  theme: z.string(),
  /** The member's answer so far, or null. */
  status: z.enum(["going", "maybe", "declined"]).nullable(),
});
export type RsvpLinkMeeting = z.infer<typeof RsvpLinkMeetingSchema>;

// ---- Preferences ----

export const PreferencesSchema = z.object({
  meetingReminders: z.boolean(),
  duesReminders: z.boolean(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

export const PreferencesInputSchema = PreferencesSchema.extend({});

/** The club's actions in the activity log: a restore of the club's JSON export is one entry. */
export const CLUB_ACTIONS = ["club.import", "club.updateSettings"] as const satisfies ActivityActions<"club">;

import type { TRPCRouterRecord } from "@trpc/server";
import {
  PreferencesInputSchema,
  PreferencesSchema,
  RsvpLinkInputSchema,
  RsvpLinkMeetingSchema,
  RsvpLinkResultSchema,
  RsvpLinkTokenSchema,
} from "@club/shared";
import { memberProcedure, publicProcedure } from "../../kernel/trpc";
import { getPreferences, setPreferences } from "./preferences";
import { rsvpByLink, rsvpLinkMeeting } from "./service";

/** Reminder emails: answering from a link, and each member's email preferences. */
export const remindersRouter = {
  rsvpLink: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/Rsvp/ByLink" },
      rateLimit: "login",
      doc: {
        summary: "What an answer link is for",
        description:
          "The meeting a reminder's or notice's answer link names, and the member's answer so far. Answers nothing: the page the link opens reads this, then asks. 400 when the token is invalid or expired.",
        response: RsvpLinkMeetingSchema,
        responseDescription: "The meeting and the answer so far.",
        errors: [404],
      },
    })
    .input(RsvpLinkTokenSchema)
    .query(({ ctx, input }) => rsvpLinkMeeting(ctx, input)),

  rsvpByLink: publicProcedure
    .meta({
      rest: { method: "POST", path: "/api/Rsvp/ByLink" },
      rateLimit: "login",
      doc: {
        summary: "Answer a meeting from a reminder's link",
        description:
          "No login: the signed token in the link names the member and the meeting and is good for nothing else. 400 when it is invalid or expired.",
        response: RsvpLinkResultSchema,
        responseDescription: "The meeting and the answer.",
        errors: [404, 409],
      },
    })
    .input(RsvpLinkInputSchema)
    .mutation(({ ctx, input }) => rsvpByLink(ctx, input)),

  preferences: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Account/Preferences" },
      doc: {
        summary: "My email preferences",
        response: PreferencesSchema,
        responseDescription: "Meeting reminders and notices; dues reminders.",
      },
    })
    .query(({ ctx }) => getPreferences(ctx)),

  setPreferences: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/Account/Preferences" },
      doc: {
        summary: "Turn reminder emails on or off",
        response: PreferencesSchema,
        responseDescription: "The preferences now.",
      },
    })
    .input(PreferencesInputSchema)
    .mutation(({ ctx, input }) => setPreferences(ctx, input)),
} satisfies TRPCRouterRecord;

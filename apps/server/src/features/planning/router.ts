import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  CloseThemeVoteInputSchema,
  HostVolunteersSchema,
  MeetingIdSchema,
  MeetingMessageInputSchema,
  MeetingMessageSchema,
  MessageSentSchema,
  ThemeVoteInputSchema,
  ThemeVoteSchema,
} from "@club/shared";
import { memberProcedure } from "../../kernel/trpc";
import { CreatedIdSchema } from "../../kernel/openapiSchemas";
import { getMeetingMessages, sendMeetingMessage } from "./messages";
import {
  closeThemeVote,
  getHostVolunteers,
  getThemeVote,
  volunteerToHost,
  voteForTheme,
  withdrawVolunteer,
} from "./service";

/**
 * Between the nights: the next meeting's host and theme, chosen at the prior one (members
 * volunteer and vote, whoever runs the night closes the vote and the next meeting is made).
 */
export const planningRouter = {
  volunteers: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/HostVolunteers" },
      doc: {
        summary: "Who volunteered to host the next meeting",
        description: "The members who offered at this meeting, first come first, and whether the caller did.",
        response: HostVolunteersSchema,
        responseDescription: "The volunteers.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getHostVolunteers(ctx, input)),

  volunteer: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/:id/HostVolunteers", status: 201 },
      doc: {
        summary: "Volunteer to host the next meeting",
        description:
          "The caller offers to host the meeting after this one (the same twice changes nothing). From the meeting's day until its vote is closed: 409 before or after.",
        response: HostVolunteersSchema,
        responseDescription: "The volunteers now.",
        errors: [404, 409],
      },
    })
    .input(MeetingIdSchema)
    .mutation(({ ctx, input }) => volunteerToHost(ctx, input)),

  withdraw: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/MonthlyMeetings/:id/HostVolunteers" },
      doc: {
        summary: "Take back an offer to host",
        description: "While the vote is open (409 after).",
        response: HostVolunteersSchema,
        responseDescription: "The volunteers now.",
        errors: [404, 409],
      },
    })
    .input(MeetingIdSchema)
    .mutation(({ ctx, input }) => withdrawVolunteer(ctx, input)),

  themeVote: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/ThemeVote" },
      doc: {
        summary: "The vote for the next meeting's theme",
        description:
          "Every theme idea with its votes (most first), the caller's vote, whether the vote is open (from the meeting's day until it is closed, or a later meeting has taken place) and, once closed, the meeting it made.",
        response: ThemeVoteSchema,
        responseDescription: "The vote.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getThemeVote(ctx, input)),

  vote: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id/ThemeVote" },
      doc: {
        summary: "Vote for the next meeting's theme",
        description:
          "`{themeId}`: one vote per member, a new one replaces the old. A theme not on the list yet is added as a theme idea first (POST /api/MonthlyThemes). 404 for an unknown theme, 409 when the vote is not open.",
        response: ThemeVoteSchema,
        responseDescription: "The vote now.",
        errors: [404, 409],
      },
    })
    .input(ThemeVoteInputSchema)
    .mutation(({ ctx, input }) => voteForTheme(ctx, input)),

  close: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/:id/ThemeVote/Close", status: 201 },
      doc: {
        summary: "Close the vote: the next meeting is made",
        description:
          "Whoever runs the night (the host, the meeting's creator or an admin). The next meeting gets a theme with the most votes (`themeId` chooses between tied ones) and a volunteer as its host (`hostMemberId`; the first who volunteered when absent), on `date` (the club's next meeting day when absent). Members who want meeting emails hear of it. 409 with no volunteer, no vote, a host who did not volunteer, a theme without the most votes, a date not after this meeting, or a vote not open.",
        response: CreatedIdSchema,
        errors: [403, 404, 409],
      },
    })
    .input(CloseThemeVoteInputSchema)
    .mutation(({ ctx, input }) => closeThemeVote(ctx, input)),
} satisfies TRPCRouterRecord;

/** Writing to the club about a meeting: in each member's channels, kept on the meeting's page. */
export const messagesRouter = {
  list: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/Messages" },
      doc: {
        summary: "What was written to the club about a meeting",
        description:
          "Newest first: who wrote, to whom (`going` or `all`), the subject, the text and how many it reached.",
        response: z.array(MeetingMessageSchema),
        responseDescription: "The messages.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getMeetingMessages(ctx, input)),

  send: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/:id/Messages", status: 201 },
      doc: {
        summary: "Write to everyone going, or to all members",
        description:
          '`{to: "going"|"all", subject, text}`: whoever runs the night writes to everyone who answered going (the waitlist included) or every member, once, the writer aside, each in the channels they chose for messages to the club (`clubMessage`: in the app, by email (their meeting emails choice applies too), on their phones); a member who turned it off gets nothing. `sent` says how many it reached. The message is kept on the meeting\'s page. 409 for the same message again.',
        response: MessageSentSchema,
        responseDescription: "How many members it was sent to.",
        errors: [403, 404, 409],
      },
    })
    .input(MeetingMessageInputSchema)
    .mutation(({ ctx, input }) => sendMeetingMessage(ctx, input)),
} satisfies TRPCRouterRecord;

import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { BodyIdSchema, DateInputSchema, IdSchema, RequiredTextSchema, TimestampSchema } from "./common";
import { type ActivityActions } from "./activity";

// ---- Between the nights: the next host and theme, chosen at the prior meeting ----

export const HostVolunteerSchema = z.object({
  memberId: z.number().int(),
  /** First name and last name. */
  name: z.string(),
});
export type HostVolunteer = z.infer<typeof HostVolunteerSchema>;

/** GET /api/MonthlyMeetings/{id}/HostVolunteers: who offered to host the next meeting, first first. */
export const HostVolunteersSchema = z.object({
  volunteers: z.array(HostVolunteerSchema),
  /** Whether the caller volunteered. */
  mine: z.boolean(),
});
export type HostVolunteers = z.infer<typeof HostVolunteersSchema>;

export const ThemeVoteOptionSchema = z.object({
  themeId: z.number().int(),
  name: z.string(),
  votes: z.number().int(),
});
export type ThemeVoteOption = z.infer<typeof ThemeVoteOptionSchema>;

/** GET and PUT /api/MonthlyMeetings/{id}/ThemeVote. */
export const ThemeVoteSchema = z.object({
  /** Every theme idea, most votes first, then by name. */
  options: z.array(ThemeVoteOptionSchema),
  /** The theme the caller voted for, or null. */
  myVote: z.number().int().nullable(),
  /** Members may volunteer and vote: from the meeting's day, until the vote is closed. */
  open: z.boolean(),
  /** The meeting the closed vote made (null: not closed, or that meeting is gone). */
  nextMeetingId: z.number().int().nullable(),
});
export type ThemeVote = z.infer<typeof ThemeVoteSchema>;

export const ThemeVoteInputSchema = z.object({ id: IdSchema, themeId: BodyIdSchema });
export type ThemeVoteInput = z.infer<typeof ThemeVoteInputSchema>;

/**
 * POST /api/MonthlyMeetings/{id}/ThemeVote/Close: the next meeting, made with a theme with the
 * most votes (`themeId` chooses between tied ones) and a volunteer as host (`hostMemberId`; the
 * first who volunteered when absent), on `date` (the club's next meeting day when absent).
 */
export const CloseThemeVoteInputSchema = z.object({
  id: IdSchema,
  themeId: BodyIdSchema.optional(),
  hostMemberId: BodyIdSchema.optional(),
  date: DateInputSchema.optional(),
});
export type CloseThemeVoteInput = z.infer<typeof CloseThemeVoteInputSchema>;

export const PlanningMessages = {
  voteNotYet: "The vote opens on the day of the meeting.",
  voteClosed: "The vote is closed: the next meeting is made.",
  voteMovedOn: "A later meeting has taken place: vote there.",
  noVolunteer: "No one has volunteered to host yet.",
  notVolunteer: "Choose a host among the members who volunteered.",
  noVotes: "No theme has a vote yet.",
  notLeading: "Choose a theme with the most votes.",
  messageSentAlready: "This message was sent already.",
  nextDatePast: "The next meeting must be after this one, and not in the past.",
} as const;

export const PLANNING_ACTIONS = [
  "planning.volunteer",
  "planning.withdraw",
  "planning.vote",
  "planning.close",
] as const satisfies ActivityActions<"planning">;

// ---- Writing to the club ----

export const MESSAGE_TEXT_MAX = 5000;
export const MessageAudienceSchema = z.enum(["going", "all"]);
export type MessageAudience = z.infer<typeof MessageAudienceSchema>;

/** POST /api/MonthlyMeetings/{id}/Messages. */
export const MeetingMessageInputSchema = z.object({
  id: IdSchema,
  to: MessageAudienceSchema,
  subject: RequiredTextSchema,
  text: z
    .string()
    .trim()
    .min(1, ValidationMessages.messageMissing)
    .max(MESSAGE_TEXT_MAX, ValidationMessages.messageTooLong),
});
export type MeetingMessageInput = z.infer<typeof MeetingMessageInputSchema>;

export const MessageSentSchema = z.object({ sent: z.number().int() });
export type MessageSent = z.infer<typeof MessageSentSchema>;

/** GET /api/MonthlyMeetings/{id}/Messages: what was written to the club, newest first. */
export const MeetingMessageSchema = z.object({
  id: z.number().int(),
  at: TimestampSchema,
  /** Who wrote it (null: that member is gone). */
  by: z.string().nullable(),
  to: MessageAudienceSchema,
  subject: z.string(),
  text: z.string(),
  /** How many members it was emailed to. */
  sent: z.number().int(),
});
export type MeetingMessage = z.infer<typeof MeetingMessageSchema>;

export const MESSAGES_ACTIONS = ["messages.send"] as const satisfies ActivityActions<"messages">;

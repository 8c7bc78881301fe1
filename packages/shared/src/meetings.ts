import { z } from "zod";
import { BodyIdSchema, DateInputSchema, IdSchema, IsoDateSchema, RequiredTextSchema } from "./common";
import { type ActivitySentences, sentenceText as text } from "./activity";

export const MeetingIdSchema = z.object({ id: IdSchema });

export const MeetingListItemSchema = z.object({
  id: z.number().int(),
  date: IsoDateSchema,
  theme: z.string(),
  host: z.string(),
});
export type MeetingListItem = z.infer<typeof MeetingListItemSchema>;

export const MeetingDetailSchema = z.object({
  id: z.number().int(),
  date: IsoDateSchema,
  hostName: z.string(),
  theme: z.object({ id: z.number().int(), description: z.string() }),
  bottlesSampled: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Who added it (null: before the club kept track); they and admins may correct it. */
  createdBy: z.number().int().nullable(),
});
export type MeetingDetail = z.infer<typeof MeetingDetailSchema>;

export const NewMeetingInputSchema = z.object({
  date: DateInputSchema,
  hostName: RequiredTextSchema,
  themeId: BodyIdSchema,
});
export type NewMeetingInput = z.infer<typeof NewMeetingInputSchema>;

export const AddBottleToMeetingInputSchema = z.object({
  meetingId: BodyIdSchema,
  bottleId: BodyIdSchema,
});
export type AddBottleToMeetingInput = z.infer<typeof AddBottleToMeetingInputSchema>;

/** PUT /api/MonthlyMeetings/{id}. */
export const UpdateMeetingInputSchema = NewMeetingInputSchema.extend({ id: IdSchema });
export type UpdateMeetingInput = z.infer<typeof UpdateMeetingInputSchema>;

/** DELETE /api/MonthlyMeetings/{id}/Bottles/{bottleId}. */
export const MeetingBottleSchema = z.object({ id: IdSchema, bottleId: IdSchema });

/** The meetings' activity sentences. */
export const MEETINGS_SENTENCES = {
  "meetings.create": ({ d, row }) =>
    `added the meeting of ${d.date(row?.date)} (host ${text(row?.hostName)}, theme ${d.theme(row?.themeId)})`,
  "meetings.update": ({ d, before, after, entry }) =>
    `changed ${d.thing("meeting", before, entry.entityId)}${d.detail("meeting", before, after)}`,
  "meetings.delete": ({ thing, row }) => `deleted ${thing} (host ${text(row?.hostName)})`,
  "meetings.addBottle": ({ d, row, entry }) =>
    `added ${d.pour(row, entry.entityId)} to ${d.meeting(row?.meetingId)}`,
  "meetings.removeBottle": ({ d, row, entry }) =>
    `removed ${d.pour(row, entry.entityId)} from ${d.meeting(row?.meetingId)}`,
} satisfies ActivitySentences<"meetings">;

import { z } from "zod";
import { BodyIdSchema, DateInputSchema, IdSchema, IsoDateSchema, RequiredTextSchema } from "./common";
import { type ActivityActions } from "./activity";

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

/** The meetings' actions in the activity log. */
export const MEETINGS_ACTIONS = [
  "meetings.create",
  "meetings.update",
  "meetings.delete",
  "meetings.addBottle",
  "meetings.removeBottle",
] as const satisfies ActivityActions<"meetings">;

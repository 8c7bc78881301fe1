import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  AddBottleToMeetingInputSchema,
  MeetingDetailSchema,
  MeetingIdSchema,
  MeetingListItemSchema,
  MeetingBottleSchema,
  NewMeetingInputSchema,
  UpdateMeetingInputSchema,
} from "@club/shared";
import { cachedReadProcedure, memberProcedure } from "../../kernel/trpc";
import { CreatedIdSchema, OkSchema } from "../../kernel/openapiSchemas";
import {
  addBottleToMeeting,
  createMeeting,
  deleteMeeting,
  getMeeting,
  getMeetings,
  removeBottleFromMeeting,
  updateMeeting,
} from "./service";

export const meetingsRouter = {
  list: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames" },
      doc: {
        summary: "List meetings",
        description: "Newest date first.",
        response: z.array(MeetingListItemSchema),
        responseDescription: "The meetings.",
      },
    })
    .query(({ ctx }) => getMeetings(ctx)),

  byId: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id" },
      doc: {
        summary: "Get a meeting with the bottles sampled",
        response: MeetingDetailSchema,
        responseDescription: "The meeting.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getMeeting(ctx, input)),

  create: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames", status: 201 },
      doc: {
        summary: "Add a meeting",
        response: CreatedIdSchema,
        errors: [404],
      },
    })
    .input(NewMeetingInputSchema)
    .mutation(({ ctx, input }) => createMeeting(ctx, input)),

  addBottle: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/AddBottleToMeeting" },
      doc: {
        summary: "Add a bottle to a meeting",
        description:
          "Requires a bearer token (the original client sent none; this server requires it for every write).",
        response: OkSchema,
        responseDescription: "Added.",
        errors: [404, 409],
      },
    })
    .input(AddBottleToMeetingInputSchema)
    .mutation(({ ctx, input }) => addBottleToMeeting(ctx, input)),

  update: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id" },
      doc: {
        summary: "Correct a meeting",
        description: "Date, host and theme; by the member who added it or an admin.",
        response: OkSchema,
        responseDescription: "Corrected.",
        errors: [403, 404],
      },
    })
    .input(UpdateMeetingInputSchema)
    .mutation(({ ctx, input }) => updateMeeting(ctx, input)),

  delete: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/MonthlyMeetings/:id" },
      doc: {
        summary: "Delete a meeting",
        description: "With its line-up; by the member who added it or an admin. Undo brings both back.",
        response: OkSchema,
        errors: [403, 404],
      },
    })
    .input(MeetingIdSchema)
    .mutation(({ ctx, input }) => deleteMeeting(ctx, input)),

  removeBottle: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/MonthlyMeetings/:id/Bottles/:bottleId" },
      doc: {
        summary: "Take a bottle out of a meeting",
        response: OkSchema,
        responseDescription: "Removed.",
        errors: [404],
      },
    })
    .input(MeetingBottleSchema)
    .mutation(({ ctx, input }) => removeBottleFromMeeting(ctx, input)),
} satisfies TRPCRouterRecord;

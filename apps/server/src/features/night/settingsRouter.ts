import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  HostCandidateSchema,
  MeetingIdSchema,
  MeetingNightSchema,
  MeetingSettingsInputSchema,
} from "@club/shared";
import { OkSchema } from "../../kernel/openapiSchemas";
import { guestReadProcedure, memberProcedure } from "../../kernel/trpc";
import { getHostCandidates, getNight, updateSettings } from "./settings";

/** The night's settings: capacity, blind, scoring, the host, and who may host. */
export const nightSettingsRouter = {
  get: guestReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/Night" },
      doc: {
        summary: "A meeting's night settings",
        description:
          "Capacity, blind, scoring open, the linked host, whether the caller runs the night, who the caller is (member, guest, visitor) and the host's phase `{pour, phase, endsAt}` (null: no phases). A guest pass may read its own meeting's (403 for another).",
        response: MeetingNightSchema,
        responseDescription: "The settings.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getNight(ctx, input)),

  hostCandidates: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Members/HostCandidates" },
      doc: {
        summary: "Members who may host a night",
        description: "Confirmed, active members by name, for the host picker of a night's settings.",
        response: z.array(HostCandidateSchema),
        responseDescription: "The members.",
      },
    })
    .query(({ ctx }) => getHostCandidates(ctx)),

  settings: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id/Settings" },
      doc: {
        summary: "Set a meeting's capacity, blind tasting, scoring and host",
        description: "The host (the linked member, or the meeting's creator) or an admin.",
        response: OkSchema,
        responseDescription: "Saved.",
        errors: [403, 404],
      },
    })
    .input(MeetingSettingsInputSchema)
    .mutation(({ ctx, input }) => updateSettings(ctx, input)),
} satisfies TRPCRouterRecord;

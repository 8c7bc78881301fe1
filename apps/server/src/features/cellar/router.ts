import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  BottleInstanceSchema,
  OpenInstanceInputSchema,
  SetLevelInputSchema,
  ShelfItemSchema,
} from "@club/shared";
import { cachedReadProcedure, memberProcedure } from "../../kernel/trpc";
import { getShelf, openInstance, setLevel } from "./service";

/** The shelf of open bottles, opening a purchase and a member's fill-level reading. */
export const cellarRouter = {
  shelf: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Shelf" },
      doc: {
        summary: "List the open bottles",
        description:
          "Every opened, unfinished purchase with its fill level (a member's reading, or the estimate from the meeting pours since it was opened: pour size × the people who tasted it / the bottle's size; blind pours count once revealed), its cost per 25 ml pour and price in dollars; lowest fill level first.",
        response: z.array(ShelfItemSchema),
        responseDescription: "The open bottles.",
      },
    })
    .query(({ ctx }) => getShelf(ctx)),

  open: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/BottleInstances/:id/Open" },
      doc: {
        summary: "Open a purchase",
        description:
          "Sets the opened date (the club's today when `openedDate` is absent; not before the purchase date, not in the future). A finished or already open purchase is a 409.",
        response: BottleInstanceSchema,
        responseDescription: "Opened.",
        errors: [404, 409],
      },
    })
    .input(OpenInstanceInputSchema)
    .mutation(({ ctx, input }) => openInstance(ctx, input)),

  setLevel: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/BottleInstances/:id/Level" },
      doc: {
        summary: "Set an open bottle's fill level",
        description:
          "A member's reading in whole percent, as of today: the fill estimate starts from it and counts only the meetings after today. Only an open purchase has a level (409 otherwise).",
        response: BottleInstanceSchema,
        responseDescription: "Recorded.",
        errors: [404, 409],
      },
    })
    .input(SetLevelInputSchema)
    .mutation(({ ctx, input }) => setLevel(ctx, input)),
} satisfies TRPCRouterRecord;

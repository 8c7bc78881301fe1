import { MergeBottleInputSchema, MergeBottleResultSchema } from "@club/shared";
import { adminProcedure } from "../../kernel/trpc";
import { mergeBottle } from "./service";

/** Bottle merging, spread into the bottles router (`bottles.mergeInto`). */
export const mergeProcedures = {
  mergeInto: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/Bottles/:id/MergeInto/:keepId", from: "none" },
      doc: {
        summary: "Merge a duplicate bottle into another",
        description:
          "Admins only. Moves the purchases, comments, photo (the kept bottle's own photo wins), meeting pours and scores of bottle `id` to `keepId`, deletes `id` and keeps its name as an alias of `keepId`. Where both were poured at the same meeting, the kept bottle's pour stays and the scores of members who scored only the merged one move to it. Undo the activity entry to give the merged bottle back. 400 when both ids are the same; 409 while either is in an unrevealed blind pour.",
        response: MergeBottleResultSchema,
        responseDescription: "Merged.",
        errors: [400, 403, 404, 409],
      },
    })
    .input(MergeBottleInputSchema)
    .mutation(({ ctx, input }) => mergeBottle(ctx, input)),
};

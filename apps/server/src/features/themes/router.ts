import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { NewThemeInputSchema, ThemeListItemSchema } from "@club/shared";
import { cachedReadProcedure, memberProcedure } from "../../api/trpc";
import { CreatedThemeSchema } from "../../api/openapiSchemas";
import { createTheme, getThemes } from "./service";

export const themesRouter = {
  list: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyThemes/WithLastDate" },
      doc: {
        summary: "List themes with the date they were last used",
        description: "`lastDate` is `0001-01-01T00:00:00` for a theme no meeting has used yet.",
        response: z.array(ThemeListItemSchema),
        responseDescription: "The themes.",
      },
    })
    .query(({ ctx }) => getThemes(ctx)),

  create: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyThemes", status: 201 },
      doc: {
        summary: "Add a theme",
        description: "The client sends `{id: 0, description}`; the id is ignored.",
        response: CreatedThemeSchema,
        responseDescription: "Created.",
        errors: [409],
      },
    })
    .input(NewThemeInputSchema)
    .mutation(({ ctx, input }) => createTheme(ctx, input)),
} satisfies TRPCRouterRecord;

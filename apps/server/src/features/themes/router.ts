import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  NewThemeInputSchema,
  ThemeIdSchema,
  ThemeListItemSchema,
  ThemeSchema,
  UpdateThemeInputSchema,
} from "@club/shared";
import { cachedReadProcedure, memberProcedure } from "../../kernel/trpc";
import { CreatedThemeSchema, OkSchema } from "../../kernel/openapiSchemas";
import { createTheme, deleteTheme, getThemes, updateTheme } from "./service";

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
        errors: [409],
      },
    })
    .input(NewThemeInputSchema)
    .mutation(({ ctx, input }) => createTheme(ctx, input)),

  update: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyThemes/:id" },
      doc: {
        summary: "Rename a theme",
        description: "Its creator or an admin. A name another theme has (any case) is a 409.",
        response: ThemeSchema,
        responseDescription: "Renamed.",
        errors: [403, 404, 409],
      },
    })
    .input(UpdateThemeInputSchema)
    .mutation(({ ctx, input }) => updateTheme(ctx, input)),

  delete: memberProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/MonthlyThemes/:id" },
      doc: {
        summary: "Delete a theme",
        description: "Its creator or an admin; 409 when a meeting uses it.",
        response: OkSchema,
        errors: [403, 404, 409],
      },
    })
    .input(ThemeIdSchema)
    .mutation(({ ctx, input }) => deleteTheme(ctx, input)),
} satisfies TRPCRouterRecord;

import { z } from "zod";
import { IdSchema, RequiredTextSchema } from "./common";
import { type ActivityActions } from "./activity";

export const ThemeListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO date-time of the latest meeting with this theme; year 1 (NEVER_USED_DATE) when none. */
  lastDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T00:00:00$/)
    .meta({
      description:
        "The latest meeting date that used the theme, as the original client's local DateTime (YYYY-MM-DDT00:00:00, no zone); 0001-01-01T00:00:00 when none did.",
    }),
  /** Who added it (null: before the club kept track); they and admins may correct it. */
  createdBy: z.number().int().nullable(),
});
export type ThemeListItem = z.infer<typeof ThemeListItemSchema>;

/** The floor's client sends {id: 0, description}; the id is ignored. */
export const NewThemeInputSchema = z.object({
  id: z.number().int().optional(),
  description: RequiredTextSchema,
});
export type NewThemeInput = z.infer<typeof NewThemeInputSchema>;

export const ThemeSchema = z.object({ id: z.number().int(), description: z.string() });

export const ThemeIdSchema = z.object({ id: IdSchema });
export const UpdateThemeInputSchema = z.object({ id: IdSchema, description: RequiredTextSchema });
export type UpdateThemeInput = z.infer<typeof UpdateThemeInputSchema>;

/** The themes' actions in the activity log. */
export const THEMES_ACTIONS = [
  "themes.create",
  "themes.update",
  "themes.delete",
] as const satisfies ActivityActions<"themes">;

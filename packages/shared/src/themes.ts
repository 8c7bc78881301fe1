import { z } from "zod";
import { RequiredTextSchema } from "./common";

export const ThemeListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO date-time of the latest meeting with this theme; year 1 (NEVER_USED_DATE) when none. */
  lastDate: z.string(),
});
export type ThemeListItem = z.infer<typeof ThemeListItemSchema>;

/** The spec's client sends {id: 0, description}; the id is ignored. */
export const NewThemeInputSchema = z.object({
  id: z.number().int().optional(),
  description: RequiredTextSchema,
});
export type NewThemeInput = z.infer<typeof NewThemeInputSchema>;

export const ThemeSchema = z.object({ id: z.number().int(), description: z.string() });

/** How an import compares names: case, accents, "whisky"/"whiskey" and punctuation do not matter. */
export const normalise = (value: string | null | undefined): string =>
  (value ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\bwhisky\b/g, "whiskey")
    .replace(/[^\p{L}\p{N}.]+/gu, " ")
    .trim();

/**
 * A looser key for "likely duplicate" hints: also ignores age wording ("12 Year Old", "12 YO")
 * and the word whiskey, so "Lagavulin 16 Year Old" and "Lagavulin 16" meet.
 */
export const looseKey = (value: string | null | undefined): string =>
  normalise(value)
    .replace(/\b(years?|yrs?|yo|old|whiskey|the)\b/g, " ")
    .replace(/\s+/g, "");

/**
 * Two bottle names are the same name when they differ only in case, accents and spacing
 * ("Redbreast 12", "redbreast  12", "Rédbreast 12"): a bottle of that name is an exact duplicate,
 * which Add New Bottle adds only when the member says so.
 */
export function nameKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

export const sameName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);

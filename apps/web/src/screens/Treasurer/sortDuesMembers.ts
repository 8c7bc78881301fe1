import type { DuesMember } from "@club/shared";

export type DuesSort = "behind" | "name";

const byName = (a: DuesMember, b: DuesMember) =>
  a.member.lastName.localeCompare(b.member.lastName) ||
  a.member.firstName.localeCompare(b.member.firstName) ||
  a.member.id - b.member.id;

/** Most months behind first (then the larger balance), or by last name then first name. */
export function sortDuesMembers(rows: DuesMember[], sort: DuesSort): DuesMember[] {
  const sorted = [...rows];
  if (sort === "name") return sorted.sort(byName);
  return sorted.sort((a, b) => b.monthsBehind - a.monthsBehind || b.balance - a.balance || byName(a, b));
}

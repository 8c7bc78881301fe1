import type { DuesMember, DuesStanding } from "@club/shared";

export type DuesSort = "behind" | "name";

const byName = (a: DuesMember, b: DuesMember) =>
  a.member.lastName.localeCompare(b.member.lastName) ||
  a.member.firstName.localeCompare(b.member.firstName) ||
  a.member.id - b.member.id;

const RANK: Record<DuesStanding, number> = { behind: 0, due: 1, "paid-up": 2, "in-credit": 3 };

/**
 * Most behind first (behind, then due, paid up, in credit; the larger amount behind, then the
 * larger amount due), or by last name then first name.
 */
export function sortDuesMembers(rows: DuesMember[], sort: DuesSort): DuesMember[] {
  const sorted = [...rows];
  if (sort === "name") return sorted.sort(byName);
  return sorted.sort(
    (a, b) =>
      RANK[a.standing] - RANK[b.standing] ||
      b.amountBehind - a.amountBehind ||
      b.amountDue - a.amountDue ||
      byName(a, b),
  );
}

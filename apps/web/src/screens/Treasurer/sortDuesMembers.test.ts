import { describe, expect, it } from "vitest";
import type { DuesMember, DuesStanding } from "@club/shared";
import { sortDuesMembers } from "./sortDuesMembers";

const row = (
  id: number,
  firstName: string,
  lastName: string,
  standing: DuesStanding,
  amountBehind: number,
  balance: number,
): DuesMember => ({
  member: { id, firstName, lastName },
  balance,
  paidThrough: null,
  monthsBehind: amountBehind > 0 ? 1 : 0,
  standing,
  amountDue: Math.max(balance, 0),
  amountBehind,
  dueDate: null,
  memberSince: null,
});

describe("the treasurer's list", () => {
  const rows = [
    row(1, "Ada", "Zed", "in-credit", 0, -12),
    row(2, "Bo", "Young", "behind", 36, 36),
    row(3, "Cy", "Xu", "behind", 40, 52),
    row(4, "Di", "Abe", "due", 0, 52),
    row(5, "Ed", "Bee", "paid-up", 0, 0),
  ];

  it("puts the behind first (most behind first), then who is due, paid up, in credit", () => {
    expect(sortDuesMembers(rows, "behind").map((r) => r.member.id)).toEqual([3, 2, 4, 5, 1]);
  });

  it("sorts by last name, then first name, without changing its input", () => {
    expect(sortDuesMembers(rows, "name").map((r) => r.member.id)).toEqual([4, 5, 3, 2, 1]);
    expect(rows.map((r) => r.member.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

import { describe, expect, it } from "vitest";
import type { DuesMember } from "@club/shared";
import { sortDuesMembers } from "./sortDuesMembers";

const row = (
  id: number,
  firstName: string,
  lastName: string,
  monthsBehind: number,
  balance: number,
): DuesMember => ({
  member: { id, firstName, lastName },
  balance,
  paidThrough: null,
  monthsBehind,
});

describe("the treasurer's list", () => {
  const rows = [
    row(1, "Ada", "Zed", 0, -12),
    row(2, "Bo", "Young", 3, 36),
    row(3, "Cy", "Xu", 3, 40),
    row(4, "Di", "Abe", 1, 12),
  ];

  it("puts the most behind first, then the larger balance", () => {
    expect(sortDuesMembers(rows, "behind").map((r) => r.member.id)).toEqual([3, 2, 4, 1]);
  });

  it("sorts by last name, then first name, without changing its input", () => {
    expect(sortDuesMembers(rows, "name").map((r) => r.member.id)).toEqual([4, 3, 2, 1]);
    expect(rows.map((r) => r.member.id)).toEqual([1, 2, 3, 4]);
  });
});

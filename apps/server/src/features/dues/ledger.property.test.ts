import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLUB_RULES } from "@club/shared";
import { addMonths, monthsBetween } from "../../platform/clubTime";
import { summarise, waiverRefusal, type LedgerLine } from "./ledger";

/** Issue 13: the ledger's rules hold for any sequence of events (fast-check). */

const month = fc.integer({ min: 0, max: 59 }).map((i) => addMonths("2024-01", i));
/**
 * Any ledger the database can hold, in any order: at most one joining fee and one monthly charge
 * and one waiver per month (its unique indexes), any payments.
 */
const ledger: fc.Arbitrary<LedgerLine[]> = fc
  .tuple(
    fc.boolean(),
    fc.uniqueArray(month, { maxLength: 40 }),
    fc.array(fc.integer({ min: 1, max: 200_00 }), { maxLength: 25 }),
    fc.uniqueArray(month, { maxLength: 12 }),
  )
  .chain(([joined, charged, paid, waived]) => {
    const lines: LedgerLine[] = [
      ...(joined
        ? [{ kind: "joining" as const, month: "2024-01", amountCents: CLUB_RULES.joiningFeeCents }]
        : []),
      ...charged.map((m) => ({
        kind: "monthly" as const,
        month: m,
        amountCents: CLUB_RULES.monthlyDuesCents,
      })),
      ...paid.map((c) => ({ kind: "payment" as const, month: null, amountCents: -c })),
      ...waived.map((m) => ({
        kind: "waiver" as const,
        month: m,
        amountCents: -CLUB_RULES.monthlyDuesCents,
      })),
    ];
    return fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length });
  });

describe("the dues ledger", () => {
  it("balance = charges - payments - waivers, for any sequence of entries", () => {
    fc.assert(
      fc.property(ledger, (lines) => {
        const charges = lines.filter((l) => l.kind === "monthly" || l.kind === "joining");
        const payments = lines.filter((l) => l.kind === "payment");
        const waivers = lines.filter((l) => l.kind === "waiver");
        const sum = (ls: LedgerLine[]) => ls.reduce((s, l) => s + Math.abs(l.amountCents), 0);
        const current = "2026-06";
        const summary = summarise(lines, current);
        expect(summary.balanceCents).toBe(sum(charges) - sum(payments) - sum(waivers));
        // Behind: charged months before the current one beyond what the credits cover.
        const late = charges.filter(
          (c) =>
            c.kind === "monthly" &&
            (c.month as string) < current &&
            (summary.paidThrough === null || (c.month as string) > summary.paidThrough),
        );
        expect(summary.monthsBehind).toBe(late.length);
        if (summary.balanceCents <= 0) expect(summary.monthsBehind).toBe(0);
        // Paid through a month means the credits cover the joining fee and every month up to it.
        if (summary.paidThrough !== null) {
          const covered = charges.filter(
            (c) => c.kind === "joining" || (c.month as string) <= summary.paidThrough!,
          );
          expect(sum(payments) + sum(waivers)).toBeGreaterThanOrEqual(Math.min(sum(covered), sum(charges)));
        }
      }),
    );
  });

  it("never accepts a waiver that breaks a rule", () => {
    const waived = fc.uniqueArray(month, { maxLength: 10 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 59 }).map((i) => `${addMonths("2022-01", i)}-15`),
        month,
        fc.integer({ min: -2, max: 9 }),
        waived,
        (joinedOn, fromMonth, months, already) => {
          const today = "2026-11-23";
          const refusal = waiverRefusal({ joinedOn, today, fromMonth, months, waived: already });
          if (refusal !== null) return;
          // Accepted: check every rule independently.
          expect(months).toBeGreaterThanOrEqual(1);
          expect(months).toBeLessThanOrEqual(CLUB_RULES.waiverMaxMonths);
          expect(monthsBetween(joinedOn.slice(0, 7), today.slice(0, 7))).toBeGreaterThanOrEqual(12);
          expect(`${addMonths(joinedOn.slice(0, 7), 12)}-15` < today).toBe(true);
          const asked = Array.from({ length: months }, (_, i) => addMonths(fromMonth, i));
          for (const m of asked) expect(already).not.toContain(m);
          const all = [...already, ...asked];
          for (const start of all) {
            const inWindow = all.filter((m) => {
              const d = monthsBetween(start, m);
              return d >= 0 && d < 12;
            });
            expect(inWindow.length).toBeLessThanOrEqual(CLUB_RULES.waiverMaxMonths);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("names the rule it refuses", () => {
    const base = {
      joinedOn: "2024-01-10",
      today: "2026-11-23",
      fromMonth: "2026-12",
      waived: [] as string[],
    };
    expect(waiverRefusal({ ...base, months: 7 })).toBe("A hardship waiver is for 1 to 6 months.");
    expect(waiverRefusal({ ...base, joinedOn: "2026-01-10", months: 1 })).toBe(
      "Hardship waivers are for members of more than 12 months.",
    );
    expect(waiverRefusal({ ...base, months: 3, waived: ["2026-06", "2026-07", "2026-08", "2026-09"] })).toBe(
      "At most 6 months can be waived in any 12 months.",
    );
    expect(waiverRefusal({ ...base, months: 2, waived: ["2027-01"] })).toBe("2027-01 is already waived.");
    expect(waiverRefusal({ ...base, months: 6 })).toBeNull();
  });
});

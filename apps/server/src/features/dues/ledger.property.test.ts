import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLUB_RULES } from "@club/shared";
import { addMonths, monthsBetween } from "../../platform/clubTime";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { runDuesJob } from "./job";
import { balanceOf, isLive, summarise, waiverEligibleFrom, waiverRefusal, type LedgerLine } from "./ledger";
import { ledgerReport, type ReportLine } from "./report";

/**
 * Issues 13 and 20: the ledger's rules hold for any sequence of events (fast-check): balances and
 * standings with voids, openings on a real database, the report's totals.
 */

const month = fc.integer({ min: 0, max: 59 }).map((i) => addMonths("2024-01", i));
const CURRENT = "2026-06";

/**
 * Any ledger the database can hold, in any order: at most one joining fee, one monthly charge and
 * one waiver per month (its unique indexes), one balance brought forward, any payments.
 */
const ledger: fc.Arbitrary<LedgerLine[]> = fc
  .tuple(
    fc.boolean(),
    fc.uniqueArray(month, { maxLength: 40 }),
    fc.array(fc.integer({ min: 1, max: 200_00 }), { maxLength: 25 }),
    fc.uniqueArray(month, { maxLength: 12 }),
    fc.integer({ min: -300_00, max: 300_00 }),
  )
  .chain(([joined, charged, paid, waived, brought]) => {
    const lines: LedgerLine[] = [
      ...(joined
        ? [{ kind: "joining" as const, month: "2024-01", amountCents: CLUB_RULES.joiningFeeCents }]
        : []),
      ...(brought !== 0
        ? [{ kind: "opening" as const, month: null, date: "2024-01-01", amountCents: brought }]
        : []),
      ...charged.map((m) => ({
        kind: "monthly" as const,
        month: m,
        amountCents: CLUB_RULES.monthlyDuesCents,
      })),
      ...paid.map((c) => ({ kind: "payment" as const, month: null, date: "2025-01-01", amountCents: -c })),
      ...waived.map((m) => ({
        kind: "waiver" as const,
        month: m,
        amountCents: -CLUB_RULES.monthlyDuesCents,
      })),
    ];
    return fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length });
  });

/** A ledger where some lines were voided: each voided line marked, and its void line added. */
const voidedLedger = ledger.chain((lines) =>
  fc.array(fc.boolean(), { minLength: lines.length, maxLength: lines.length }).map((flags) => {
    const out: LedgerLine[] = [];
    lines.forEach((line, i) => {
      if (!flags[i]) return void out.push(line);
      out.push({ ...line, voidedBy: 10_000 + i });
      out.push({ kind: "void", month: line.month, amountCents: -line.amountCents });
    });
    return { lines: out };
  }),
);

describe("the dues ledger", () => {
  const sum = (ls: LedgerLine[]) => ls.reduce((s, l) => s + Math.abs(l.amountCents), 0);

  it("balance = charges - payments - what waivers cover, over the lines that count, for any ledger with voids", () => {
    fc.assert(
      fc.property(voidedLedger, ({ lines }) => {
        const live = lines.filter(isLive);
        const charges = live.filter((l) => l.amountCents > 0);
        const payments = live.filter(
          (l) => l.kind === "payment" || (l.kind === "opening" && l.amountCents < 0),
        );
        // A waiver covers its own month's charge and nothing else.
        const covered = live
          .filter((l) => l.kind === "waiver")
          .filter((w) => live.some((c) => c.kind === "monthly" && c.month === w.month));
        const summary = summarise(lines, CURRENT);
        expect(summary.balanceCents).toBe(sum(charges) - sum(payments) - sum(covered));
        expect(balanceOf(live)).toBe(summary.balanceCents);
      }),
    );
  });

  it("a member who paid nothing is never in credit, whatever was waived", () => {
    fc.assert(
      fc.property(voidedLedger, ({ lines }) => {
        const credits = lines
          .filter(isLive)
          .some((l) => l.kind === "payment" || (l.kind === "opening" && l.amountCents < 0));
        fc.pre(!credits);
        const s = summarise(lines, CURRENT);
        expect(s.balanceCents).toBeGreaterThanOrEqual(0);
        expect(s.standing).not.toBe("in-credit");
      }),
    );
  });

  it("a void restores the balance, and everything else, exactly: as if the line had never been", () => {
    fc.assert(
      fc.property(ledger, fc.nat(), (lines, pick) => {
        fc.pre(lines.length > 0);
        const index = pick % lines.length;
        const original = lines[index]!;
        const voided = [
          ...lines.map((l, i) => (i === index ? { ...l, voidedBy: 999 } : l)),
          { kind: "void" as const, month: original.month, amountCents: -original.amountCents },
        ];
        const without = lines.filter((_, i) => i !== index);
        expect(summarise(voided, CURRENT)).toEqual(summarise(without, CURRENT));
        // A payment or a charge moves the balance by its amount (a waiver: by what it covered).
        const withIt = summarise(lines, CURRENT).balanceCents;
        if (original.kind !== "waiver" && original.kind !== "monthly")
          expect(summarise(voided, CURRENT).balanceCents).toBe(withIt - original.amountCents);
      }),
    );
  });

  it("one standing: paid up, in credit, due or behind agree with the balance and the unpaid months", () => {
    fc.assert(
      fc.property(voidedLedger, ({ lines }) => {
        const s = summarise(lines, CURRENT);
        expect(s.standing).toBe(
          s.balanceCents < 0
            ? "in-credit"
            : s.balanceCents === 0
              ? "paid-up"
              : s.amountBehindCents > 0
                ? "behind"
                : "due",
        );
        expect(s.amountDueCents).toBe(Math.max(s.balanceCents, 0));
        expect(s.amountBehindCents).toBeLessThanOrEqual(s.amountDueCents);
        if (s.monthsBehind > 0) expect(s.standing).toBe("behind");
        if (s.standing === "due") expect(s.dueDate).not.toBeNull();
        else expect(s.dueDate).toBeNull();
        // Behind means a charge of an earlier month (or brought forward) is unpaid: with every
        // charge of the current month only, nobody is behind.
        const live = lines.filter(isLive);
        if (live.every((l) => l.amountCents <= 0 || (l.kind !== "opening" && l.month === CURRENT)))
          expect(s.standing).not.toBe("behind");
        // Paid through a month: the credits cover every charge up to it.
        if (s.paidThrough !== null && s.standing !== "behind") {
          const owedUpTo = live
            .filter(
              (l) => l.amountCents > 0 && (l.kind !== "monthly" || (l.month as string) <= s.paidThrough!),
            )
            .reduce((t, l) => t + l.amountCents, 0);
          const credits = -live.filter((l) => l.amountCents < 0).reduce((t, l) => t + l.amountCents, 0);
          expect(credits).toBeGreaterThanOrEqual(
            Math.min(owedUpTo, sum(live.filter((l) => l.amountCents > 0))),
          );
        }
      }),
    );
  });

  it("a newcomer on the day they join is due the first payment, never behind", () => {
    fc.assert(
      fc.property(month, fc.integer({ min: 1, max: 28 }), (joined, day) => {
        const date = `${joined}-${String(day).padStart(2, "0")}`;
        const s = summarise(
          [
            { kind: "joining", month: joined, date, amountCents: CLUB_RULES.joiningFeeCents },
            { kind: "monthly", month: joined, date, amountCents: CLUB_RULES.monthlyDuesCents },
          ],
          joined,
        );
        expect(s).toMatchObject({
          standing: "due",
          amountDueCents: CLUB_RULES.joiningFeeCents + CLUB_RULES.monthlyDuesCents,
          amountBehindCents: 0,
          monthsBehind: 0,
          dueDate: date,
        });
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

describe("the treasurer's report (fast-check)", () => {
  const day = fc
    .tuple(fc.integer({ min: 0, max: 35 }), fc.integer({ min: 1, max: 28 }))
    .map(([m, d]) => `${addMonths("2025-01", m)}-${String(d).padStart(2, "0")}`);
  const kinds = ["joining", "monthly", "payment", "waiver", "opening"] as const;
  const methods = ["cash", "card", "bank transfer", null] as const;
  /** Lines of three members on any dates, some voided later (the void on its own, later, date). */
  const lines: fc.Arbitrary<ReportLine[]> = fc
    .array(
      fc.record({
        memberId: fc.integer({ min: 1, max: 3 }),
        kind: fc.constantFrom(...kinds),
        date: day,
        cents: fc.integer({ min: 1, max: 100_00 }),
        sign: fc.boolean(),
        method: fc.constantFrom(...methods),
        voidAfterDays: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
      }),
      { maxLength: 40 },
    )
    .map((specs) => {
      const out: ReportLine[] = [];
      let id = 0;
      for (const spec of specs) {
        const amountCents =
          spec.kind === "payment" || spec.kind === "waiver"
            ? -spec.cents
            : spec.kind === "opening" && spec.sign
              ? -spec.cents
              : spec.cents;
        const line: ReportLine = {
          id: ++id,
          memberId: spec.memberId,
          kind: spec.kind,
          date: spec.date,
          month: spec.date.slice(0, 7),
          amountCents,
          method: spec.kind === "payment" ? spec.method : null,
          voids: null,
          reason: null,
        };
        out.push(line);
        if (spec.voidAfterDays !== null) {
          const date = new Date(Date.parse(`${spec.date}T00:00:00Z`) + spec.voidAfterDays * 86_400_000)
            .toISOString()
            .slice(0, 10);
          out.push({
            ...line,
            id: ++id,
            kind: "void",
            date,
            amountCents: -amountCents,
            voids: line.id,
            reason: "x",
          });
        }
      }
      return out;
    });
  const period = fc
    .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 15 }))
    .map(([start, length]) => [addMonths("2024-10", start), addMonths("2024-10", start + length)] as const);
  const members = new Map([1, 2, 3].map((id) => [id, { id, firstName: "M", lastName: String(id) }]));
  const cents = (n: number) => Math.round(n * 100);

  it("openingOwed + charges - payments - waivers = closingOwed; the months and methods add up", () => {
    fc.assert(
      fc.property(lines, period, (ls, [from, to]) => {
        const r = ledgerReport(ls, members, from, to);
        expect(cents(r.openingOwed) + cents(r.charges) - cents(r.payments) - cents(r.waivers)).toBe(
          cents(r.closingOwed),
        );
        expect(r.byMonth.reduce((s, m) => s + cents(m.received), 0)).toBe(cents(r.payments));
        expect(r.byMonth.reduce((s, m) => s + cents(m.charged), 0)).toBe(cents(r.charges));
        expect(r.byMonth.reduce((s, m) => s + cents(m.waived), 0)).toBe(cents(r.waivers));
        for (const m of r.byMonth)
          expect(Object.values(m.byMethod).reduce((s, v) => s + cents(v), 0)).toBe(cents(m.received));
        // Each member's balance at the end is the ledger's (summarise) on the lines up to it, a
        // line voided by then not counting; the owing and credit lists add up to the closing figure.
        const end = `${addMonths(to, 1)}-01`;
        const upToEnd = ls.filter((l) => l.date < end);
        const voidedBy = new Map(upToEnd.filter((l) => l.voids !== null).map((l) => [l.voids!, l.id]));
        for (const id of [1, 2, 3]) {
          const mine = upToEnd
            .filter((l) => l.memberId === id)
            .map((l) => ({ ...l, voidedBy: voidedBy.get(l.id) ?? null }));
          const balance = summarise(mine, to).balanceCents;
          const owes = r.owing.find((o) => o.member.id === id);
          const credit = r.credits.find((c) => c.member.id === id);
          expect(owes ? cents(owes.amount) : credit ? -cents(credit.amount) : 0).toBe(balance);
        }
        const owed = r.owing.reduce((s, o) => s + cents(o.amount), 0);
        const credit = r.credits.reduce((s, c) => s + cents(c.amount), 0);
        expect(owed - credit).toBe(cents(r.closingOwed));
        expect(r.voids.every((v) => v.date >= `${from}-01` && v.date < end)).toBe(true);
      }),
    );
  });

  it("periods chain: a period's closing owed is the next one's opening owed, and two periods add up to one", () => {
    fc.assert(
      fc.property(lines, period, fc.integer({ min: 1, max: 12 }), (ls, [from, to], more) => {
        const a = ledgerReport(ls, members, from, to);
        const b = ledgerReport(ls, members, addMonths(to, 1), addMonths(to, more));
        const whole = ledgerReport(ls, members, from, addMonths(to, more));
        expect(cents(b.openingOwed)).toBe(cents(a.closingOwed));
        expect(cents(whole.closingOwed)).toBe(cents(b.closingOwed));
        for (const key of ["charges", "payments", "waivers"] as const)
          expect(cents(whole[key])).toBe(cents(a[key]) + cents(b[key]));
        expect(whole.voids.length).toBe(a.voids.length + b.voids.length);
      }),
    );
  });
});

describe("openings (fast-check, on a real database)", () => {
  let t: TestApp;
  const clock = new Date("2026-11-23T12:00:00Z");
  const THIS_MONTH = "2026-11";
  beforeAll(async () => {
    t = await createTestApp({ env: { CLUB_TIMEZONE: "UTC" }, now: () => clock });
  });
  afterAll(() => t.close());

  const opening = fc.record({
    since: fc.integer({ min: 0, max: 90 }),
    day: fc.integer({ min: 1, max: 28 }),
    joiningFeePaid: fc.boolean(),
    back: fc.integer({ min: 0, max: 14 }),
    balanceCents: fc.integer({ min: -5000, max: 5000 }),
  });
  type Opening = {
    memberSince: string;
    joiningFeePaid: boolean;
    firstChargedMonth: string;
    balanceCents: number;
  };
  const inputOf = (o: {
    since: number;
    day: number;
    joiningFeePaid: boolean;
    back: number;
    balanceCents: number;
  }): Opening => {
    const memberSince = `${addMonths("2019-01", o.since)}-${String(o.day).padStart(2, "0")}`;
    const wanted = addMonths(THIS_MONTH, -o.back);
    return {
      memberSince,
      joiningFeePaid: o.joiningFeePaid,
      firstChargedMonth: wanted < memberSince.slice(0, 7) ? memberSince.slice(0, 7) : wanted,
      balanceCents: o.balanceCents,
    };
  };
  const rows = (memberId: number) =>
    t.app.deps.db.$client
      .prepare("SELECT * FROM dues_entries WHERE member_id = ? ORDER BY id")
      .all(memberId) as Record<string, unknown>[];

  /** What the ledger must hold after an opening: its months, its joining fee, its balance brought forward. */
  function expectImplied(memberId: number, o: Opening) {
    const all = rows(memberId);
    const live = all.filter((r) => r.kind !== "void" && r.voided_by === null);
    const months: string[] = [];
    for (let m = o.firstChargedMonth; m <= THIS_MONTH; m = addMonths(m, 1)) months.push(m);
    expect(
      live
        .filter((r) => r.kind === "monthly")
        .map((r) => r.month)
        .sort(),
    ).toEqual(months);
    expect(live.filter((r) => r.kind === "joining")).toHaveLength(o.joiningFeePaid ? 0 : 1);
    expect(live.filter((r) => r.kind === "opening").map((r) => r.amount_cents)).toEqual(
      o.balanceCents === 0 ? [] : [o.balanceCents],
    );
    // Every void names a line of the member, reverses it exactly, and voids nothing twice.
    const voids = all.filter((r) => r.kind === "void");
    expect(new Set(voids.map((v) => v.voids)).size).toBe(voids.length);
    for (const v of voids) {
      const original = all.find((r) => r.id === v.voids)!;
      expect(original.voided_by).toBe(v.id);
      expect(v.amount_cents).toBe(-(original.amount_cents as number));
    }
    const balance = all.reduce((s, r) => s + (r.amount_cents as number), 0);
    expect(balance).toBe(live.reduce((s, r) => s + (r.amount_cents as number), 0));
    return balance;
  }

  it("after any sequence of openings (and an undo) the ledger says what the opening implies; no line is edited", async () => {
    const treasurer = await t.member(undefined, { role: "treasurer" });
    const caller = t.caller(treasurer.user);
    await fc.assert(
      fc.asyncProperty(
        fc.array(opening, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (specs, undoLast) => {
          const { user } = await t.member();
          runDuesJob(t.app.deps); // a newcomer today: joining fee and this month
          const openings = specs.map(inputOf);
          for (const o of openings) {
            const before = rows(user.id);
            const statement = await caller.dues.setOpening({
              memberId: user.id,
              memberSince: o.memberSince,
              joiningFeePaid: o.joiningFeePaid,
              firstChargedMonth: o.firstChargedMonth,
              openingBalance: o.balanceCents / 100,
              note: "",
            });
            // Lines are only added; an existing line changes at most once, from live to voided.
            const after = rows(user.id);
            for (const old of before) {
              const now = after.find((r) => r.id === old.id)!;
              expect({ ...now, voided_by: null }).toEqual({ ...old, voided_by: null });
              if (old.voided_by !== null) expect(now.voided_by).toBe(old.voided_by);
            }
            const balance = expectImplied(user.id, o);
            expect(Math.round(statement.balance * 100)).toBe(balance);
            expect(statement.memberSince).toBe(o.memberSince);
            expect(statement.waiverEligibleFrom).toBe(waiverEligibleFrom(o.memberSince));
          }
          if (undoLast && openings.length > 1) {
            const [entry] = await caller.activity.list({
              entity: "duesOpening",
              entityId: String(user.id),
              limit: 1,
            });
            await caller.activity.undo({ id: entry!.id });
            expectImplied(user.id, openings.at(-2)!);
          }
          // The dues job never charges a month before the first charged month again.
          runDuesJob(t.app.deps);
          expectImplied(user.id, undoLast && openings.length > 1 ? openings.at(-2)! : openings.at(-1)!);
        },
      ),
      { numRuns: 30 },
    );
  });
});

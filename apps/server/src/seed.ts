import type { FastifyBaseLogger } from "fastify";
import {
  DEMO_OTHER_MEMBERS,
  findDuesEntry,
  findDuesMember,
  findMemberByEmail,
  insertDuesEntry,
  insertDuesVoid,
  secondFriday,
  seedDemoData,
} from "@club/db";
import { CLUB_RULES } from "@club/shared";
import type { Deps } from "./kernel/context";
import { applyOpening } from "./features/dues/opening";
import { addMonths, dateIn, monthIn } from "./platform/clubTime";
import { hashPassword } from "./platform/passwords";

export const DEMO_LOGIN = { email: "demo@whiskey.club", password: "dram-demo-2026" } as const;

/** On a brand-new database: demo club data unless DEMO_DATA=false. */
export async function seedOnNewDatabase(deps: Deps, log: FastifyBaseLogger): Promise<void> {
  if (!deps.config.demoData) {
    log.info("New database: DEMO_DATA=false, starting with an empty club.");
    return;
  }
  seedDemoData(deps.db, {
    member: { ...DEMO_LOGIN, passwordHash: await hashPassword(DEMO_LOGIN.password) },
  });
  seedDemoOpenings(deps);
  const line = `Demo data loaded. Log in as ${DEMO_LOGIN.email} with password ${DEMO_LOGIN.password}`;
  log.info(line);
  if (log.level === "silent") console.log(line);
}

/**
 * The demo members were in the club long before the app: each gets an opening, so none
 * is charged a joining fee or treated as joining today. The ledger starts five months ago, so the
 * treasurer's report has months to show: one member owes two months from before (paid since) and
 * had a hardship waiver, one paid ahead (a payment typed wrong and voided among them), one paid
 * the half year at once, and the demo admin is due this month.
 */
export const DEMO_OPENINGS: Record<string, { memberSince: string; balanceCents: number; note: string }> = {
  [DEMO_LOGIN.email]: { memberSince: "2021-09-10", balanceCents: 0, note: "" },
  "sarah.chen@example.org": { memberSince: "2019-03-08", balanceCents: 0, note: "" },
  "dave.kowalski@example.org": { memberSince: "2020-01-10", balanceCents: 2400, note: "Owed two months" },
  "priya.patel@example.org": { memberSince: "2023-06-09", balanceCents: 0, note: "" },
};

/** Months of dues the demo ledger has charged, this one included. */
const DEMO_LEDGER_MONTHS = 6;

/** Payments (months ago, dollars, method, note) and voids of the demo ledger, by member. */
const DEMO_PAYMENTS: Record<
  string,
  { monthsAgo: number; dollars: number; method: string; note: string; voided?: string }[]
> = {
  [DEMO_LOGIN.email]: [{ monthsAgo: 5, dollars: 60, method: "bank transfer", note: "Five months" }],
  "sarah.chen@example.org": [{ monthsAgo: 5, dollars: 72, method: "cash", note: "The half year" }],
  "priya.patel@example.org": [
    { monthsAgo: 5, dollars: 60, method: "bank transfer", note: "" },
    { monthsAgo: 1, dollars: 600, method: "card", note: "", voided: "typed 600 instead of 60" },
    { monthsAgo: 1, dollars: 60, method: "card", note: "" },
  ],
  "dave.kowalski@example.org": [
    { monthsAgo: 4, dollars: 24, method: "cash", note: "What he owed from before" },
  ],
};

function seedDemoOpenings(deps: Deps): void {
  const admin = findMemberByEmail(deps.db, DEMO_LOGIN.email);
  if (!admin) return;
  const thisMonth = monthIn(deps.config.clubTimezone, deps.now());
  const today = dateIn(deps.config.clubTimezone, deps.now());
  const firstChargedMonth = addMonths(thisMonth, -(DEMO_LEDGER_MONTHS - 1));
  /** The club's meeting day of a month (its second Friday), never after today. */
  const meetingDay = (monthsAgo: number) => {
    const month = addMonths(thisMonth, -monthsAgo);
    const [y, m] = month.split("-").map(Number) as [number, number];
    const day = secondFriday(y, m - 1)
      .toISOString()
      .slice(0, 10);
    return day > today ? today : day;
  };
  const emails = [DEMO_LOGIN.email, ...DEMO_OTHER_MEMBERS.map((m) => m.email)];
  deps.db.transaction(() => {
    for (const email of emails) {
      const opening = DEMO_OPENINGS[email];
      const row = findMemberByEmail(deps.db, email);
      const member = row ? findDuesMember(deps.db, row.id) : undefined;
      if (!opening || !member) continue;
      applyOpening({ ...deps, user: { id: admin.id } }, member, {
        memberSince: opening.memberSince,
        joiningFeePaid: true,
        firstChargedMonth,
        openingBalanceCents: opening.balanceCents,
        note: opening.note,
        recorded: true,
      });
      for (const p of DEMO_PAYMENTS[email] ?? []) {
        const date = meetingDay(p.monthsAgo);
        const id = insertDuesEntry(deps.db, {
          memberId: member.id,
          kind: "payment",
          month: null,
          date,
          amountCents: -p.dollars * 100,
          method: p.method,
          note: p.note,
          createdBy: admin.id,
        });
        const line = id === null ? undefined : findDuesEntry(deps.db, id);
        if (line && p.voided) insertDuesVoid(deps.db, line, { date, reason: p.voided, createdBy: admin.id });
      }
    }
    // A hardship waiver of three months, granted at the meeting three months ago.
    const dave = findMemberByEmail(deps.db, "dave.kowalski@example.org");
    if (dave)
      for (let i = 0; i < 3; i++)
        insertDuesEntry(deps.db, {
          memberId: dave.id,
          kind: "waiver",
          month: addMonths(thisMonth, -3 + i),
          date: meetingDay(3),
          amountCents: -CLUB_RULES.monthlyDuesCents,
          method: null,
          note: "Between jobs",
          createdBy: admin.id,
        });
  });
}

import type { FastifyBaseLogger } from "fastify";
import { DEMO_OTHER_MEMBERS, findDuesMember, findMemberByEmail, seedDemoData } from "@club/db";
import type { Deps } from "./api/context";
import { applyOpening } from "./features/dues/opening";
import { monthIn } from "./platform/clubTime";
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
 * The demo members were in the club long before the app (issue 20): each gets an opening, so none
 * is charged a joining fee or treated as joining today. The app charges from this month; one owes
 * two months from before, one paid this month before the app, one paid ahead, one is due.
 */
export const DEMO_OPENINGS: Record<string, { memberSince: string; balanceCents: number; note: string }> = {
  [DEMO_LOGIN.email]: { memberSince: "2021-09-10", balanceCents: 0, note: "" },
  "sarah.chen@example.org": {
    memberSince: "2019-03-08",
    balanceCents: -1200,
    note: "Paid this month in cash",
  },
  "dave.kowalski@example.org": { memberSince: "2020-01-10", balanceCents: 2400, note: "Owed two months" },
  "priya.patel@example.org": {
    memberSince: "2023-06-09",
    balanceCents: -3600,
    note: "Paid three months ahead",
  },
};

function seedDemoOpenings(deps: Deps): void {
  const admin = findMemberByEmail(deps.db, DEMO_LOGIN.email);
  if (!admin) return;
  const firstChargedMonth = monthIn(deps.config.clubTimezone, deps.now());
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
    }
  });
}

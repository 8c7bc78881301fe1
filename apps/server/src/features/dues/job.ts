import { findDuesOpening, insertDuesEntry, listDuesEntries, listDuesMembers, setDuesPeriod } from "@club/db";
import { clubOf } from "../club/service";
import type { Deps } from "../../kernel/context";
import { addMonths, dateIn } from "../../platform/clubTime";
import { clubEmail } from "../auth/email";
import { emailMoney, emailMonth, emailText } from "../../platform/emailText";
import { notify } from "../notifications/notify";
import { openingOpts, summarise } from "./ledger";

/**
 * Brings the ledger up to today, idempotently (the unique indexes refuse a second charge for a
 * month): a new member is charged the joining fee and their first month; every active member is
 * charged each month on the 1st, months missed while the server was off included; a member who
 * left stops being charged, and one who returns resumes from the month they return, without a
 * second joining fee. Runs at start, every few minutes, and before every dues read.
 */
export function runDuesJob(deps: Deps): void {
  const now = deps.now();
  const today = dateIn(deps.config.clubTimezone, now);
  const month = today.slice(0, 7);
  // One read decides; a write (and its transaction) only when something is due.
  const due = listDuesMembers(deps.db).filter((m) =>
    m.status !== "active"
      ? m.duesFrom !== null && m.duesUntil === null
      : m.duesFrom === null || m.duesUntil !== null || m.lastCharged === null || m.lastCharged < month,
  );
  if (due.length === 0) return;
  deps.db.transaction(() => {
    for (const m of due) {
      if (m.status !== "active") {
        setDuesPeriod(deps.db, m.id, { duesUntil: month });
        continue;
      }
      if (m.duesFrom === null) {
        setDuesPeriod(deps.db, m.id, {
          joinedAt: m.joinedAt ?? now.toISOString(),
          duesFrom: month,
          duesUntil: null,
        });
        insertDuesEntry(deps.db, {
          memberId: m.id,
          kind: "joining",
          month,
          date: today,
          amountCents: clubOf(deps, month).joiningFeeCents,
          note: "Joining fee",
        });
        charge(deps, m.id, month, today);
        continue;
      }
      let from = m.duesFrom;
      if (m.duesUntil !== null) {
        from = month > m.duesUntil ? month : m.duesFrom;
        setDuesPeriod(deps.db, m.id, { duesFrom: from, duesUntil: null });
      }
      const last = m.lastCharged;
      for (
        let next = last !== null && last >= from ? addMonths(last, 1) : from;
        next <= month;
        next = addMonths(next, 1)
      )
        charge(deps, m.id, next, `${next}-01`);
    }
  });
}

const charge = (deps: Deps, memberId: number, month: string, date: string) =>
  insertDuesEntry(deps.db, {
    memberId,
    kind: "monthly",
    month,
    date,
    amountCents: clubOf(deps, month).monthlyDuesCents,
    note: `Dues for ${month}`,
  });

/**
 * Once a month, a dues statement to each active member who is behind (owes for a month before
 * this one), in the channels they chose (its email only when dues emails are on). The claim, the
 * notification and the outbox message share a transaction.
 */
export function sendDuesReminders(deps: Deps): void {
  const month = dateIn(deps.config.clubTimezone, deps.now()).slice(0, 7);
  const club = clubOf(deps, month);
  deps.db.transaction(() => {
    for (const m of listDuesMembers(deps.db)) {
      if (m.status !== "active") continue;
      const opening = findDuesOpening(deps.db, m.id);
      const summary = summarise(listDuesEntries(deps.db, m.id), month, {
        ...openingOpts(opening),
        monthlyDuesCents: club.monthlyDuesCents,
      });
      if (summary.standing !== "behind") continue;
      notify(deps, {
        kind: "duesStatement",
        to: [m.id],
        values: { amount: { cents: summary.balanceCents, currency: club.currency } },
        link: "/dues",
        once: `dues:${month}`,
        email: (_member, language) => {
          const amount = (cents: number) => emailMoney(language, cents, club.currency);
          return clubEmail({
            to: m.email,
            language,
            subject: emailText(language, "dues.subject", { amount: amount(summary.balanceCents) }),
            firstName: m.firstName,
            paragraphs: [
              emailText(language, "dues.balance", {
                balance: amount(summary.balanceCents),
                behind: amount(summary.amountBehindCents),
                months: Math.max(0, summary.monthsBehind),
              }) +
                (summary.paidThrough
                  ? emailText(language, "dues.paidThrough", {
                      month: emailMonth(language, summary.paidThrough),
                    })
                  : ""),
              emailText(language, "dues.pay"),
            ],
            link: { href: `${deps.config.appUrl}/dues`, label: emailText(language, "dues.link") },
          });
        },
      });
    }
  });
}

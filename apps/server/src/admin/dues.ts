import { findDuesOpening, type Db } from "@club/db";
import { dayLabel, monthLabel, OpeningInputSchema, standingLabel } from "@club/shared";
import type { Config } from "../config";
import { monthIn } from "../platform/clubTime";
import { setOpening } from "../features/dues/service";
import { AdminError } from "./commands";
import { asAdmin, memberRow } from "./membership";

export interface MemberSinceOptions {
  joiningFeePaid?: boolean;
  /** YYYY-MM; default: the recorded opening's, else this month. */
  firstMonth?: string;
  /** Dollars brought forward (+ owed, - in credit); default: the recorded opening's, else 0. */
  balance?: string;
  note?: string;
}

/**
 * `npm run admin -- member-since EMAIL DATE [--joining-fee-paid]`: the opening of a member's dues
 * ledger, through the same service as PUT /api/Dues/Members/{id}/Opening (its rules, its voids
 * and charges, its activity entry, as the club's first admin). Returns the sentence to print.
 */
export async function memberSince(
  db: Db,
  config: Config,
  email: string,
  date: string,
  opts: MemberSinceOptions,
): Promise<string> {
  const member = memberRow(db, email);
  const recorded = findDuesOpening(db, member.id);
  const balance = opts.balance === undefined ? undefined : Number(opts.balance);
  if (opts.balance !== undefined && (opts.balance.trim() === "" || !Number.isFinite(balance)))
    throw new AdminError(`"${opts.balance}" is not an amount: use a number of dollars, e.g. 24 or -12.50.`);
  const parsed = OpeningInputSchema.safeParse({
    memberId: member.id,
    memberSince: date,
    joiningFeePaid: opts.joiningFeePaid === true,
    firstChargedMonth: opts.firstMonth ?? recorded?.firstChargedMonth ?? monthIn(config.clubTimezone),
    openingBalance: balance ?? (recorded ? recorded.openingBalanceCents / 100 : 0),
    note: opts.note ?? recorded?.note ?? "",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdminError(`${String(issue?.path[0] ?? "input")}: ${issue?.message ?? "not valid"}`);
  }
  const statement = await asAdmin(db, config, "memberSince", member, (ctx) => setOpening(ctx, parsed.data));
  const o = statement.opening;
  return (
    `${member.firstName} ${member.lastName}: member since ${dayLabel(o.memberSince ?? date)}, ` +
    `joining fee ${o.joiningFeePaid ? "paid before the app" : "charged"}, ` +
    `dues charged from ${monthLabel(o.firstChargedMonth ?? "")}` +
    (o.openingBalance !== 0
      ? `, $${Math.abs(o.openingBalance).toFixed(2)} ${o.openingBalance > 0 ? "owed" : "in credit"} brought forward`
      : "") +
    `. Now: ${standingLabel(statement)}.`
  );
}

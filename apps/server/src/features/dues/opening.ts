import { ZodError } from "zod";
import {
  deleteDuesOpening,
  findDuesOpening,
  insertDuesEntry,
  insertDuesVoid,
  listDuesEntries,
  saveDuesOpening,
  setDuesPeriod,
  type DuesEntryRow,
  type DuesOpeningRow,
} from "@club/db";
import { type DuesOpening } from "@club/shared";
import { clubOf } from "../club/service";
import type { Deps } from "../../kernel/context";
import { BadRequestError } from "../../kernel/errors";
import { addMonths, dateIn } from "../../platform/clubTime";
import { isLive } from "./ledger";

/** The reason of the voids an opening makes. */
export const OPENING_REASON = "opening";

/** What the ledger needs to know of a member to open it. */
export interface OpeningMember {
  id: number;
  firstName: string;
  lastName: string;
  status: string;
  joinedAt: string | null;
  duesFrom: string | null;
}

/** A 400 naming the field it is about (REST: error.issues.fieldErrors[field]). */
export const fieldError = (field: string, message: string): BadRequestError =>
  new BadRequestError(message, new ZodError([{ code: "custom", path: [field], message, input: undefined }]));

/**
 * The opening as it stands: the one recorded, else what the ledger implies (member since the
 * activation, the joining fee paid before the app when none is charged, charged from the month
 * the dues job enrolled them, nothing brought forward).
 */
export function effectiveOpening(
  deps: Deps,
  member: Pick<OpeningMember, "joinedAt" | "duesFrom">,
  opening: DuesOpeningRow | undefined,
  rows: DuesEntryRow[],
): DuesOpening {
  if (opening)
    return {
      memberSince: opening.memberSince,
      joiningFeePaid: opening.joiningFeePaid,
      firstChargedMonth: opening.firstChargedMonth,
      openingBalance: opening.openingBalanceCents / 100,
      note: opening.note,
      recorded: true,
    };
  return {
    memberSince: member.joinedAt ? dateIn(deps.config.clubTimezone, new Date(member.joinedAt)) : null,
    joiningFeePaid: !rows.some((r) => r.kind === "joining" && isLive(r)),
    firstChargedMonth: member.duesFrom,
    openingBalance: 0,
    note: "",
    recorded: false,
  };
}

/** A ledger line as the activity log keeps it, with the member's name for its sentence. */
export const ledgerSnapshot = (
  line: DuesEntryRow,
  member: Pick<OpeningMember, "firstName" | "lastName">,
) => ({
  id: line.id,
  memberId: line.memberId,
  memberName: `${member.firstName} ${member.lastName}`,
  kind: line.kind,
  date: line.date,
  month: line.month,
  amountCents: line.amountCents,
  method: line.method,
  note: line.note,
  voids: line.voids,
  reason: line.reason,
});

/** A member's opening as the activity log keeps it (undo sets it back from here). */
export function openingSnapshot(deps: Deps, member: OpeningMember) {
  const rows = listDuesEntries(deps.db, member.id);
  return {
    memberId: member.id,
    memberName: `${member.firstName} ${member.lastName}`,
    ...effectiveOpening(deps, member, findDuesOpening(deps.db, member.id), rows),
  };
}

/** The opening to apply: the recorded one, or (undoing a first opening) the implied one. */
export interface OpeningTarget {
  memberSince: string | null;
  joiningFeePaid: boolean;
  firstChargedMonth: string | null;
  openingBalanceCents: number;
  note: string;
  /** Keep it as the member's recorded opening (false: remove the recorded one). */
  recorded: boolean;
}

/**
 * Makes the ledger agree with an opening, inside the caller's transaction, without editing a line:
 * charges the opening contradicts are voided with the reason "opening" (monthly charges before
 * the first charged month; the joining fee when it was paid before the app; a balance brought
 * forward that changed), and what it implies and the ledger lacks is charged (the joining fee when
 * it was not paid, months from the first charged month that the ledger did not charge or that an
 * opening voided, the balance brought forward). Months the treasurer voided stay voided. The dues
 * job then charges from the first charged month on.
 */
export function applyOpening(
  ctx: Deps & { user: { id: number } },
  member: OpeningMember,
  target: OpeningTarget,
): { voided: number[]; added: number[] } {
  const { db } = ctx;
  const day = dateIn(ctx.config.clubTimezone, ctx.now());
  const thisMonth = day.slice(0, 7);
  const rows = listDuesEntries(db, member.id);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const live = rows.filter(isLive);
  const voided: number[] = [];
  const added: number[] = [];
  const voidLine = (line: DuesEntryRow) => {
    if (!insertDuesVoid(db, line, { date: day, reason: OPENING_REASON, createdBy: ctx.user.id }))
      throw new Error(`dues line ${line.id} is voided already`);
    voided.push(line.id);
  };
  const add = (entry: Parameters<typeof insertDuesEntry>[1]) => {
    const id = insertDuesEntry(db, entry);
    if (id === null) throw new Error(`dues line not written: ${entry.kind} ${entry.month ?? ""}`);
    added.push(id);
  };
  const first = target.firstChargedMonth;

  if (first !== null)
    for (const line of live)
      if (line.kind === "monthly" && line.month !== null && line.month < first) voidLine(line);

  const joining = live.find((l) => l.kind === "joining");
  if (target.joiningFeePaid && joining) voidLine(joining);
  if (!target.joiningFeePaid && !joining && first !== null) {
    const start = `${first}-01`;
    add({
      memberId: member.id,
      kind: "joining",
      month: first,
      date: target.memberSince && target.memberSince > start ? target.memberSince : start,
      amountCents: clubOf(ctx, first).joiningFeeCents,
      note: "Joining fee",
      createdBy: ctx.user.id,
    });
  }

  const brought = live.find((l) => l.kind === "opening");
  if (brought && brought.amountCents !== target.openingBalanceCents) voidLine(brought);
  if (target.openingBalanceCents !== 0 && brought?.amountCents !== target.openingBalanceCents)
    add({
      memberId: member.id,
      kind: "opening",
      month: null,
      date: first ? `${first}-01` : day,
      amountCents: target.openingBalanceCents,
      note: target.note || "Balance brought forward",
      createdBy: ctx.user.id,
    });

  if (first !== null && member.status === "active") {
    // Months the dues job will not charge: from the first charged month to the month it enrolled
    // the member (or to this month, when it has not).
    const until =
      member.duesFrom !== null && member.duesFrom <= thisMonth ? member.duesFrom : addMonths(thisMonth, 1);
    for (let month = first; month < until; month = addMonths(month, 1)) {
      const charges = rows.filter((r) => r.kind === "monthly" && r.month === month);
      if (charges.some(isLive)) continue;
      const voidedByTreasurer = charges.some(
        (r) => r.voidedBy !== null && byId.get(r.voidedBy)?.reason !== OPENING_REASON,
      );
      if (voidedByTreasurer) continue;
      add({
        memberId: member.id,
        kind: "monthly",
        month,
        date: `${month}-01`,
        amountCents: clubOf(ctx, month).monthlyDuesCents,
        note: `Dues for ${month}`,
        createdBy: ctx.user.id,
      });
    }
  }

  setDuesPeriod(db, member.id, { duesFrom: first });
  if (target.recorded && target.memberSince !== null && first !== null)
    saveDuesOpening(
      db,
      {
        memberId: member.id,
        memberSince: target.memberSince,
        joiningFeePaid: target.joiningFeePaid,
        firstChargedMonth: first,
        openingBalanceCents: target.openingBalanceCents,
        note: target.note,
        setBy: ctx.user.id,
      },
      ctx.now().toISOString(),
    );
  else deleteDuesOpening(db, member.id);
  return { voided, added };
}

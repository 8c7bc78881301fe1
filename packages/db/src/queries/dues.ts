import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { updateMemberRow } from "./memberRow";
import { duesEntries, duesOpenings, members } from "../schema";

// ---- The dues ledger (issues 13 and 20) ----

export type DuesEntryRow = typeof duesEntries.$inferSelect;
export type DuesOpeningRow = typeof duesOpenings.$inferSelect;

/** What the dues rules read of a member: the name, the status and the dues period. */
const duesMemberColumns = {
  firstName: members.firstName,
  lastName: members.lastName,
  status: members.status,
  joinedAt: members.joinedAt,
  duesFrom: members.duesFrom,
  duesUntil: members.duesUntil,
};

/** Every confirmed member with the fields the dues job and the ledger read. */
export const listDuesMembers = (db: Db) =>
  db
    .select({
      id: members.id,
      email: members.email,
      ...duesMemberColumns,
      duesReminders: members.duesReminders,
      /** The opening's date, when one is recorded. */
      memberSince: duesOpenings.memberSince,
      // Voided charges count: a month whose charge was voided is not charged again by the job.
      lastCharged: sql<
        string | null
      >`(SELECT max(${duesEntries.month}) FROM ${duesEntries} WHERE ${duesEntries.memberId} = ${members.id} AND ${duesEntries.kind} = 'monthly')`,
    })
    .from(members)
    .leftJoin(duesOpenings, eq(duesOpenings.memberId, members.id))
    .where(isNotNull(members.emailConfirmedAt))
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id))
    .all();
export type DuesMemberRow = ReturnType<typeof listDuesMembers>[number];

export const setDuesPeriod = (
  db: Db,
  memberId: number,
  values: { joinedAt?: string; duesFrom?: string | null; duesUntil?: string | null },
): void => updateMemberRow(db, memberId, values);

/** Inserts a ledger entry; null when the unique indexes say it exists (a live monthly charge, waiver, joining fee, opening). */
export const insertDuesEntry = (
  db: Db,
  entry: Omit<typeof duesEntries.$inferInsert, "id" | "createdAt" | "voidedBy">,
): number | null => {
  const result = db.insert(duesEntries).values(entry).onConflictDoNothing().run();
  return result.changes > 0 ? Number(result.lastInsertRowid) : null;
};

/**
 * The void of a line: a `void` line of the opposite amount naming it, with the reason; the
 * database marks the original (trigger dues_entries_void_mark). Null when the line is voided
 * already (the unique index on `voids`).
 */
export function insertDuesVoid(
  db: Db,
  original: DuesEntryRow,
  values: { date: string; reason: string; createdBy: number | null },
): DuesEntryRow | null {
  const id = insertDuesEntry(db, {
    memberId: original.memberId,
    kind: "void",
    month: original.month,
    date: values.date,
    amountCents: -original.amountCents,
    method: original.method,
    note: "",
    createdBy: values.createdBy,
    voids: original.id,
    reason: values.reason,
  });
  return id === null ? null : (findDuesEntry(db, id) ?? null);
}

export const findDuesEntry = (db: Db, id: number): DuesEntryRow | undefined =>
  db.select().from(duesEntries).where(eq(duesEntries.id, id)).get();

export const listDuesEntries = (db: Db, memberId?: number): DuesEntryRow[] =>
  db
    .select()
    .from(duesEntries)
    .where(memberId === undefined ? undefined : eq(duesEntries.memberId, memberId))
    .orderBy(desc(duesEntries.date), desc(duesEntries.id))
    .all();

/** Months with a live (not voided) waiver. */
export const listWaivedMonths = (db: Db, memberId: number): string[] =>
  db
    .select({ month: duesEntries.month })
    .from(duesEntries)
    .where(
      and(
        eq(duesEntries.memberId, memberId),
        eq(duesEntries.kind, "waiver"),
        isNotNull(duesEntries.month),
        isNull(duesEntries.voidedBy),
      ),
    )
    .all()
    .map((r) => r.month as string);

/** A member the ledger knows: confirmed and not pending (active or deactivated). */
export const findDuesMember = (db: Db, memberId: number) =>
  db
    .select({
      id: members.id,
      ...duesMemberColumns,
    })
    .from(members)
    .where(and(eq(members.id, memberId), isNotNull(members.emailConfirmedAt), ne(members.status, "pending")))
    .get();
export type DuesMemberDetail = NonNullable<ReturnType<typeof findDuesMember>>;

export const findDuesOpening = (db: Db, memberId: number): DuesOpeningRow | undefined =>
  db.select().from(duesOpenings).where(eq(duesOpenings.memberId, memberId)).get();

export const listDuesOpenings = (db: Db): DuesOpeningRow[] => db.select().from(duesOpenings).all();

export function saveDuesOpening(db: Db, row: Omit<DuesOpeningRow, "setAt">, setAt: string): void {
  const values = { ...row, setAt };
  db.insert(duesOpenings)
    .values(values)
    .onConflictDoUpdate({ target: duesOpenings.memberId, set: values })
    .run();
}

export const deleteDuesOpening = (db: Db, memberId: number): void => {
  db.delete(duesOpenings).where(eq(duesOpenings.memberId, memberId)).run();
};

import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { activity, members } from "../schema";

export type ActivityRow = typeof activity.$inferSelect;

export interface NewActivity {
  memberId: number | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  requestId: string | null;
  /** The API token's name when the change came with one. */
  viaToken?: string | null;
  undoOf?: number;
}

export const insertActivity = (db: Db, entry: NewActivity): { id: number } =>
  db
    .insert(activity)
    .values({ ...entry, before: entry.before ?? null, after: entry.after ?? null })
    .returning({ id: activity.id })
    .get();

export const findActivity = (db: Db, id: number): ActivityRow | undefined =>
  db.select().from(activity).where(eq(activity.id, id)).get();

export const markActivityUndone = (db: Db, id: number, by: number, now: string): void => {
  db.update(activity).set({ undoneAt: now, undoneBy: by }).where(eq(activity.id, id)).run();
};

export interface ActivityFilter {
  memberId?: number;
  entity?: string;
  entityId?: string;
  /** Entries older than this id (paging back). */
  beforeId?: number;
  limit: number;
}

/** Newest first, with the names of who made each change. */
export function listActivity(db: Db, filter: ActivityFilter) {
  const where: SQL[] = [];
  if (filter.memberId !== undefined) where.push(eq(activity.memberId, filter.memberId));
  if (filter.entity !== undefined) where.push(eq(activity.entity, filter.entity));
  if (filter.entityId !== undefined) where.push(eq(activity.entityId, filter.entityId));
  if (filter.beforeId !== undefined) where.push(lt(activity.id, filter.beforeId));
  return db
    .select({ entry: activity, firstName: members.firstName, lastName: members.lastName })
    .from(activity)
    .leftJoin(members, eq(members.id, activity.memberId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(activity.id))
    .limit(filter.limit)
    .all();
}

import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { bottles, members, wishes, wishVotes } from "../schema";

/** The wishlist, most votes first, then the newest; with whether `memberId` voted for each. */
export const listWishes = (db: Db, memberId: number) =>
  db
    .select({
      id: wishes.id,
      bottleName: wishes.bottleName,
      // The wish's bottle while it is in the library.
      bottleId: bottles.id,
      note: wishes.note,
      votes: sql<number>`(SELECT count(*) FROM wish_votes v WHERE v.wish_id = ${wishes.id})`,
      myVote: sql<number>`EXISTS (SELECT 1 FROM wish_votes v WHERE v.wish_id = ${wishes.id} AND v.member_id = ${memberId})`,
      addedByFirst: members.firstName,
      addedByLast: members.lastName,
    })
    .from(wishes)
    .leftJoin(members, eq(members.id, wishes.addedBy))
    .leftJoin(bottles, eq(bottles.id, wishes.bottleId))
    .orderBy(desc(wishes.createdAt), desc(wishes.id))
    .all();

export const findWish = (db: Db, id: number) => db.select().from(wishes).where(eq(wishes.id, id)).get();

export const insertWish = (db: Db, values: typeof wishes.$inferInsert) =>
  db.insert(wishes).values(values).returning().get();

export const deleteWishRow = (db: Db, id: number) => db.delete(wishes).where(eq(wishes.id, id)).run();

export const isExistingBottleRow = (db: Db, id: number) =>
  db.select({ id: bottles.id }).from(bottles).where(eq(bottles.id, id)).get() !== undefined;

/** Sets or clears one member's vote; returns whether it was set before. */
export function setWishVoteRow(db: Db, wishId: number, memberId: number, vote: boolean): boolean {
  const at = and(eq(wishVotes.wishId, wishId), eq(wishVotes.memberId, memberId));
  const was = db.select().from(wishVotes).where(at).get() !== undefined;
  if (vote && !was) db.insert(wishVotes).values({ wishId, memberId }).run();
  if (!vote && was) db.delete(wishVotes).where(at).run();
  return was;
}

import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { members } from "./members";
import { childOf, now } from "./columns";

/**
 * The club's wishlist: bottles it wants to buy next. A wish names a bottle of the library or only
 * a name; bought, it leaves the list (its bottle joins the library with the purchase).
 */
export const wishes = sqliteTable(
  "wishes",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bottleName: text().notNull(),
    /**
     * A bottle of the library the wish is for. No foreign key: a wish is no part of its bottle (a
     * deletion or a merge leaves the wish, which then names no bottle; the read checks).
     */
    bottleId: integer(),
    note: text().notNull().default(""),
    addedBy: integer().references(() => members.id, { onDelete: "set null" }),
    createdAt: text().notNull().default(now),
  },
  (t) => [index("wishes_bottle_idx").on(t.bottleId)],
);

/** A member's vote for a wish: one per member and wish. */
export const wishVotes = sqliteTable(
  "wish_votes",
  {
    wishId: childOf(() => wishes.id),
    memberId: childOf(() => members.id),
    createdAt: text().notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.wishId, t.memberId] }), index("wish_votes_member_idx").on(t.memberId)],
);

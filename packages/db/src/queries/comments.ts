import { asc, eq, sql } from "drizzle-orm";
import type { Comment } from "@club/shared";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { bottleComments, members } from "../schema";

const commentColumns = {
  id: bottleComments.id,
  comment: bottleComments.comment,
  createdAt: bottleComments.createdAt,
  memberId: bottleComments.memberId,
  firstName: members.firstName,
  lastName: members.lastName,
};

const toComment = ({
  firstName,
  lastName,
  ...row
}: {
  id: number;
  comment: string;
  createdAt: string;
  memberId: number;
  firstName: string;
  lastName: string;
}): Comment => ({ ...row, member: { firstName, lastName } });

const commentsForBottleQuery = preparedPerDb((db) =>
  db
    .select(commentColumns)
    .from(bottleComments)
    .innerJoin(members, eq(members.id, bottleComments.memberId))
    .where(eq(bottleComments.bottleId, sql.placeholder("bottleId")))
    .orderBy(asc(bottleComments.createdAt), asc(bottleComments.id))
    .prepare(),
);

/** A bottle's comments with their authors' names, oldest first; one query. */
export const listCommentsForBottle = (db: Db, bottleId: number): Comment[] =>
  commentsForBottleQuery(db).all({ bottleId }).map(toComment);

/** Inserts a comment and reads it back with its author's name, in one transaction. */
export const insertBottleComment = (
  db: Db,
  values: { bottleId: number; memberId: number; comment: string },
): Comment =>
  db.transaction((tx) => {
    const { id } = tx.insert(bottleComments).values(values).returning({ id: bottleComments.id }).get();
    const row = tx
      .select(commentColumns)
      .from(bottleComments)
      .innerJoin(members, eq(members.id, bottleComments.memberId))
      .where(eq(bottleComments.id, id))
      .get();
    if (!row) throw new Error(`comment ${id} vanished inside its own transaction`);
    return toComment(row);
  });

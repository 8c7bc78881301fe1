import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { members } from "../schema";
import type { MemberRow } from "./members";

/** The member (confirmed address) linked to this single sign-on subject. */
export const findMemberBySubject = (db: Db, subject: string): MemberRow | undefined =>
  db
    .select()
    .from(members)
    .where(and(eq(members.oidcSubject, subject), isNotNull(members.emailConfirmedAt)))
    .get();

/** Links a subject to a member that has none yet; false when the member already has one. */
export const linkMemberSubject = (db: Db, memberId: number, subject: string): boolean =>
  db
    .update(members)
    .set({ oidcSubject: subject })
    .where(and(eq(members.id, memberId), sql`${members.oidcSubject} IS NULL`))
    .run().changes === 1;

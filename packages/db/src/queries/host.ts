import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { meetings, members } from "../schema";

/**
 * A meeting's one host, as the floor's hostName: the hosting member's full name (a renamed member is
 * renamed here too), or the name typed for a host who is no member. Every read of a meeting's
 * host goes through this expression (needs `meetings` in the query).
 */
export const meetingHostName = sql<string>`coalesce((SELECT trim(${members.firstName} || ' ' || ${members.lastName}) FROM ${members} WHERE ${members.id} = ${meetings.hostMemberId}), ${meetings.hostName})`;

/** The same in raw SQL, for queries that name the table `meetings`. */
export const meetingHostNameSql = sql.raw(
  "coalesce((SELECT trim(hm.first_name || ' ' || hm.last_name) FROM members hm WHERE hm.id = meetings.host_member_id), meetings.host_name)",
);

/**
 * The member who may host with this full name, if exactly one confirmed, active member has it (any
 * case, outer spaces aside); migration 0012 linked the meetings held before by the same rule.
 */
export function memberNamed(db: Db, name: string): number | null {
  const rows = db.all<{ id: number }>(
    sql`SELECT id FROM members WHERE status = 'active' AND email_confirmed_at IS NOT NULL
      AND lower(trim(first_name || ' ' || last_name)) = lower(trim(${name})) LIMIT 2`,
  );
  return rows.length === 1 ? rows[0]!.id : null;
}

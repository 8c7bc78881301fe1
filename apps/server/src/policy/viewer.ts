import type { AuthUser } from "../api/context";

/**
 * Who is reading, as the policies see them (policy/secrecy.ts: blind tastings; policy/privacy.ts:
 * members' data). Three kinds:
 * - a visitor: nobody logged in;
 * - a member: a logged-in, active member (any role);
 * - a guest: a guest pass for one meeting night (issue 26, not issued yet). It is no member and
 *   never runs a night: every policy treats it as a visitor, except where the guest pass's issue
 *   says otherwise for its own meeting; the policies' switches make the compiler name each place.
 */
export type Viewer =
  { kind: "visitor" } | { kind: "member"; user: AuthUser } | { kind: "guest"; meetingId: number };

export const VISITOR: Viewer = Object.freeze({ kind: "visitor" });

/** The viewer of a request whose caller is known (null: a visitor). */
export const viewerOf = (user: AuthUser | null): Viewer => (user ? { kind: "member", user } : VISITOR);

/** The member behind a viewer, or null (a visitor, a guest). */
export function memberOf(viewer: Viewer): AuthUser | null {
  switch (viewer.kind) {
    case "member":
      return viewer.user;
    case "visitor":
    case "guest":
      return null;
  }
}

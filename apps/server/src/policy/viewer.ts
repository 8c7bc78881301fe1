import { ServerMessages } from "@club/shared";
import type { AuthUser, RequestCtx } from "../kernel/context";
import { ForbiddenError } from "../kernel/errors";

/**
 * Who is reading, as the policies see them (policy/secrecy.ts: blind tastings; policy/privacy.ts:
 * members' data). Three kinds:
 * - a visitor: nobody logged in;
 * - a member: a logged-in, active member (any role);
 * - a guest: a guest pass for one meeting night. It is no member and never runs a
 *   night: every policy treats it as a visitor (blind pours as "Dram N", no member's name), except
 *   that at ITS meeting it sees and writes its own scores. A guest pass at any other meeting is
 *   refused (403) before a policy is asked: `viewerAt`.
 */
export type Viewer =
  | { kind: "visitor" }
  | { kind: "member"; user: AuthUser }
  | { kind: "guest"; meetingId: number; guestId: number };

export const VISITOR: Viewer = Object.freeze({ kind: "visitor" });

/** The viewer of a request whose caller is known (null: a visitor). */
export const viewerOf = (user: AuthUser | null): Viewer => (user ? { kind: "member", user } : VISITOR);

/**
 * The viewer of a request about one meeting night: a member, a guest of THIS meeting, or a visitor.
 * A guest pass of another meeting is refused: a guest pass opens its own meeting only.
 */
export async function viewerAt(ctx: RequestCtx, meetingId: number): Promise<Viewer> {
  const user = await ctx.auth();
  if (user) return { kind: "member", user };
  const guest = await ctx.guest();
  if (!guest) return VISITOR;
  if (guest.meetingId !== meetingId) throw new ForbiddenError(ServerMessages.guestPassOnly);
  return { kind: "guest", meetingId, guestId: guest.id };
}

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

/** Who wrote a score: a member or a guest. */
export type Scorer = { memberId: number } | { guestId: number };

/** Whether the viewer wrote the score: a member their own, a guest their own. */
export function isOwnScore(viewer: Viewer, scorer: Scorer): boolean {
  switch (viewer.kind) {
    case "member":
      return "memberId" in scorer && scorer.memberId === viewer.user.id;
    case "guest":
      return "guestId" in scorer && scorer.guestId === viewer.guestId;
    case "visitor":
      return false;
  }
}

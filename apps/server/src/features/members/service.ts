import {
  countActiveAdmins,
  deleteRegistration,
  endMemberSessions,
  findMemberById,
  deleteOpenInvite,
  findInviteById,
  insertInvite,
  listOpenInvites,
  listMembers,
  setMemberRole,
  setMemberStatus,
  setDuesPeriod,
  type MemberRow,
} from "@club/db";
import {
  ServerMessages,
  type Language,
  type Member,
  type MemberStatus,
  type OpenInvite,
  type Role,
} from "@club/shared";
import type { AuthedCtx } from "../../kernel/context";
import { ConflictError, NotFoundError } from "../../kernel/errors";
import { randomToken, sha256 } from "../../platform/tokens";
import { recordActivity } from "../activity/record";
import { monthIn } from "../../platform/clubTime";
import { memberView } from "../auth/service";
import { approvedEmail, clubEmail } from "../auth/email";
import { emailText, recipientLanguage } from "../../platform/emailText";
import { clubLanguage } from "../../platform/i18n";

const INVITE_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const nowIso = () => new Date().toISOString();

const statusOf = (m: Pick<MemberRow, "emailConfirmedAt" | "status">): MemberStatus =>
  m.emailConfirmedAt ? m.status : "unconfirmed";

const toMember = (
  m: Parameters<typeof statusOf>[0] & Pick<MemberRow, "id" | "email" | "firstName" | "lastName" | "role">,
): Member => ({
  id: m.id,
  email: m.email,
  firstName: m.firstName,
  lastName: m.lastName,
  role: m.role,
  status: statusOf(m),
});

/** Every member and registration (GET /api/Members): who is waiting comes first, then by name. */
export function getMembers(ctx: AuthedCtx): Member[] {
  const order: Record<MemberStatus, number> = { pending: 0, unconfirmed: 1, active: 2, deactivated: 3 };
  return listMembers(ctx.db)
    .map(toMember)
    .sort(
      (a, b) =>
        order[a.status] - order[b.status] ||
        `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`),
    );
}

function memberOrThrow(ctx: AuthedCtx, id: number): MemberRow {
  const member = findMemberById(ctx.db, id);
  if (!member) throw new NotFoundError(ServerMessages.memberNotFound);
  return member;
}

/** The club must keep an active admin: refuses a change that would leave none. */
function assertAdminRemains(ctx: AuthedCtx, member: MemberRow, change: { role?: Role; status?: string }) {
  const wasActiveAdmin = member.role === "admin" && member.status === "active" && member.emailConfirmedAt;
  const staysActiveAdmin =
    (change.role ?? member.role) === "admin" && (change.status ?? member.status) === "active";
  if (wasActiveAdmin && !staysActiveAdmin && countActiveAdmins(ctx.db) <= 1)
    throw new ConflictError(ServerMessages.lastAdmin, "LAST_ADMIN");
}

/** One membership decision, recorded with the member as they were and are. */
function decide(ctx: AuthedCtx, member: MemberRow, apply: () => Partial<MemberRow> | null): { ok: true } {
  ctx.db.transaction(() => {
    const changes = apply();
    recordActivity(
      ctx,
      "member",
      member.id,
      memberView(member),
      changes && memberView({ ...member, ...changes }),
    );
  });
  return { ok: true };
}

export function approveMember(ctx: AuthedCtx, input: { id: number }): { ok: true } {
  const member = memberOrThrow(ctx, input.id);
  if (!member.emailConfirmedAt || member.status !== "pending")
    throw new ConflictError(ServerMessages.memberNotPending, "NOT_PENDING");
  decide(ctx, member, () => {
    setMemberStatus(ctx.db, member.id, "active");
    return { status: "active" };
  });
  ctx.mailer.send(
    approvedEmail({
      to: member.email,
      firstName: member.firstName,
      link: `${ctx.config.appUrl}/login`,
      language: recipientLanguage(ctx, member.id),
    }),
  );
  return { ok: true };
}

/** Turns down a membership request (pending or unconfirmed): the registration is deleted. */
export function rejectMember(ctx: AuthedCtx, input: { id: number }): { ok: true } {
  const member = memberOrThrow(ctx, input.id);
  if (member.emailConfirmedAt && member.status !== "pending")
    throw new ConflictError(ServerMessages.memberNotPending, "NOT_PENDING");
  return decide(ctx, member, () => {
    deleteRegistration(ctx.db, member.id);
    return null;
  });
}

/** Ends the member's sessions at once and keeps them out until reactivated. */
export function deactivateMember(ctx: AuthedCtx, input: { id: number }): { ok: true } {
  const member = memberOrThrow(ctx, input.id);
  if (member.status !== "active" || !member.emailConfirmedAt)
    throw new ConflictError(ServerMessages.memberNotActive, "NOT_ACTIVE");
  assertAdminRemains(ctx, member, { status: "deactivated" });
  return decide(ctx, member, () => {
    setMemberStatus(ctx.db, member.id, "deactivated");
    // Dues stop with the membership (features/dues/job.ts resumes them on return).
    if (member.duesFrom !== null && member.duesUntil === null)
      setDuesPeriod(ctx.db, member.id, { duesUntil: monthIn(ctx.config.clubTimezone, ctx.now()) });
    endMemberSessions(ctx.db, member.id, nowIso());
    return { status: "deactivated" };
  });
}

export function reactivateMember(ctx: AuthedCtx, input: { id: number }): { ok: true } {
  const member = memberOrThrow(ctx, input.id);
  if (member.status !== "deactivated")
    throw new ConflictError(ServerMessages.memberNotDeactivated, "NOT_DEACTIVATED");
  return decide(ctx, member, () => {
    setMemberStatus(ctx.db, member.id, "active");
    return { status: "active" };
  });
}

export function setRole(ctx: AuthedCtx, input: { id: number; role: Role }): { ok: true } {
  const member = memberOrThrow(ctx, input.id);
  if (!member.emailConfirmedAt) throw new ConflictError(ServerMessages.memberNotActive, "NOT_ACTIVE");
  assertAdminRemains(ctx, member, { role: input.role });
  return decide(ctx, member, () => {
    setMemberRole(ctx.db, member.id, input.role);
    return { role: input.role };
  });
}

/** What an invite's email says (the link follows), in the language it is written in. */
export interface InviteLetter {
  subject: string;
  /** The invitee's first name, when known; else `greeting` greets them. */
  firstName?: string;
  greeting?: string;
  paragraphs: string[];
}

const memberInvite = (language: Language): InviteLetter => ({
  subject: emailText(language, "invite.subject"),
  greeting: emailText(language, "helloThere"),
  paragraphs: [emailText(language, "invite.body")],
});

/**
 * A single-use invite link, valid 14 days, optionally for one address (which then gets it by email,
 * in `letter`'s words, in the club's language). Call inside the caller's transaction when it writes more.
 */
export function createInvite(
  ctx: AuthedCtx,
  input: { email?: string | null },
  letter: (language: Language) => InviteLetter = memberInvite,
): { id: number; url: string; expiresAt: string } {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + INVITE_TTL_MS).toISOString();
  const email = input.email ?? null;
  const invite = ctx.db.transaction(() => {
    const row = insertInvite(ctx.db, { tokenHash: sha256(token), email, createdBy: ctx.user.id, expiresAt });
    recordActivity(ctx, "invite", row.id, null, { email, expiresAt });
    return row;
  });
  const params = new URLSearchParams({ invite: token, ...(email ? { email } : {}) });
  const url = `${ctx.config.appUrl}/register?${params.toString()}`;
  if (invite.email) {
    // Not a member yet: the club's language.
    const language = clubLanguage(ctx);
    ctx.mailer.send(
      clubEmail({
        to: invite.email,
        language,
        ...letter(language),
        link: { href: url, label: emailText(language, "invite.link") },
      }),
    );
  }
  return { id: invite.id, url, expiresAt };
}

/** GET /api/Invites: the invites still open (neither used nor expired), newest first. */
export function openInvites(ctx: AuthedCtx): OpenInvite[] {
  return listOpenInvites(ctx.db, ctx.now().toISOString()).map((row) => ({
    id: row.id,
    email: row.email,
    createdBy: row.makerFirst === null ? null : `${row.makerFirst} ${row.makerLast ?? ""}`.trim(),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  }));
}

/**
 * DELETE /api/Invites/{id}: the link stops working at once. A used invite is not open any more
 * (409: the member it let in keeps it); an unknown id is a 404.
 */
export function revokeInvite(ctx: AuthedCtx, input: { id: number }): { ok: true } {
  ctx.db.transaction(() => {
    const invite = findInviteById(ctx.db, input.id);
    if (!invite) throw new NotFoundError(ServerMessages.inviteNotFound);
    if (invite.usedAt !== null || !deleteOpenInvite(ctx.db, invite.id))
      throw new ConflictError(ServerMessages.inviteUsed);
    recordActivity(ctx, "invite", invite.id, { email: invite.email, expiresAt: invite.expiresAt }, null);
  });
  return { ok: true };
}

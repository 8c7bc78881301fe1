import type { NamedAction } from "../../kernel/actions";
import {
  countActiveAdmins,
  findMemberByEmail,
  findMemberById,
  findMemberBySubject,
  insertMember,
  linkMemberSubject,
  setMemberRole,
  type MemberRow,
} from "@club/db";
import { SSO_FAILURES, type SsoExchangeInput, type SsoFailure, type SsoSignIn } from "@club/shared";
import type { Deps, RequestCtx, Role } from "../../kernel/context";
import type { OidcConfig } from "../../config";
import { AppError, ForbiddenError } from "../../kernel/errors";
import { hashPassword } from "../../platform/passwords";
import { randomToken } from "../../platform/tokens";
import { recordActivity } from "../activity/record";
import { memberView } from "../auth/service";
import { takeHandoff } from "./handoff";
import type { ProviderIdentity } from "./provider";
import { notifyApprovalWaiting } from "../notifications/notify";

/** A sign-in the club turns down: the login screen shows SSO_FAILURES[reason]. */
const refuse = (reason: SsoFailure) => new ForbiddenError(SSO_FAILURES[reason], reason);

/** The same refusals as the password login (auth/service.ts login) for a member who may not act. */
function checkMayAct(member: MemberRow): MemberRow {
  if (member.status === "pending") throw refuse("MEMBERSHIP_PENDING");
  if (member.status === "deactivated") throw refuse("MEMBERSHIP_DEACTIVATED");
  return member;
}

const asMember = (ctx: RequestCtx, member: MemberRow, action: NamedAction) => ({
  ...ctx,
  user: { id: member.id, email: member.email, role: member.role },
  action,
});

/**
 * Who the provider's identity is in the club: the member linked to its subject; else the member
 * whose confirmed address the provider VERIFIED (the subject is linked to them); else a new
 * member as REGISTRATION allows. Returns a member who may act now, or throws a refusal.
 */
export async function memberForIdentity(ctx: RequestCtx, identity: ProviderIdentity): Promise<MemberRow> {
  const member = await findOrJoin(ctx, identity);
  return applyRole(ctx, member, roleFromGroups(ctx.config.oidc?.roles ?? null, identity.groups));
}

/**
 * The role the provider's groups give (an admin group before a treasurer group, else member), or
 * null to leave the member's role as it is: no mapping set up, or the provider sent no such claim
 * (a provider set up wrong must not demote every admin).
 */
export function roleFromGroups(roles: OidcConfig["roles"], groups: string[] | null): Role | null {
  if (!roles || groups === null) return null;
  if (groups.some((group) => roles.admin.includes(group))) return "admin";
  if (groups.some((group) => roles.treasurer.includes(group))) return "treasurer";
  return "member";
}

/**
 * The mapped role, at each sign-in, recorded in the activity log as the member's own change. The
 * club keeps an active admin: the provider cannot demote the last one (another admin first).
 */
function applyRole(ctx: RequestCtx, member: MemberRow, role: Role | null): MemberRow {
  if (role === null || role === member.role) return member;
  const lastAdmin = member.role === "admin" && member.status === "active" && countActiveAdmins(ctx.db) <= 1;
  if (lastAdmin) return member;
  ctx.db.transaction(() => {
    setMemberRole(ctx.db, member.id, role);
    recordActivity(
      asMember(ctx, member, "auth.ssoRole"),
      "member",
      member.id,
      memberView(member),
      memberView({ ...member, role }),
    );
  });
  return { ...member, role };
}

async function findOrJoin(ctx: RequestCtx, identity: ProviderIdentity): Promise<MemberRow> {
  const linked = findMemberBySubject(ctx.db, identity.subject);
  if (linked) return checkMayAct(linked);
  // An address the provider has not verified proves nothing: it links nobody and joins nobody.
  if (!identity.email || !identity.emailVerified) throw refuse("EMAIL_UNVERIFIED");
  const byEmail = findMemberByEmail(ctx.db, identity.email);
  if (byEmail) {
    if (byEmail.oidcSubject) throw refuse("OTHER_ACCOUNT");
    checkMayAct(byEmail);
    ctx.db.transaction(() => {
      if (!linkMemberSubject(ctx.db, byEmail.id, identity.subject)) throw refuse("OTHER_ACCOUNT");
      recordActivity(asMember(ctx, byEmail, "auth.ssoLink"), "member", byEmail.id, null, { ssoLinked: true });
    });
    return byEmail;
  }
  return join(ctx, identity, identity.email);
}

/**
 * A new member from single sign-on, as a registration whose address is already confirmed (the
 * provider verified it): under approval they wait for an admin (who gets the usual email), under
 * open they are in, invite and closed turn them away. The club's first member becomes its admin,
 * as with a confirmed registration. The password is random and unknown: "Forgot password" sets one.
 */
async function join(ctx: RequestCtx, identity: ProviderIdentity, email: string): Promise<MemberRow> {
  const mode = ctx.config.registration;
  if (mode === "invite") throw refuse("INVITE_REQUIRED");
  if (mode === "closed") throw refuse("REGISTRATION_CLOSED");
  const { firstName, lastName } = namesOf(identity, email);
  const passwordHash = await hashPassword(randomToken());
  const first = countActiveAdmins(ctx.db) === 0;
  const waits = !first && mode === "approval";
  // A new member joins as a member; the provider's groups give their role once they may act.
  const member = ctx.db.transaction(() => {
    const row = insertMember(ctx.db, {
      email,
      passwordHash,
      firstName,
      lastName,
      role: first ? "admin" : "member",
      status: waits ? "pending" : "active",
      emailConfirmedAt: ctx.now().toISOString(),
      oidcSubject: identity.subject,
    });
    recordActivity(asMember(ctx, row, "auth.ssoJoin"), "member", row.id, null, memberView(row));
    return row;
  });
  if (!waits) return member;
  notifyApprovalWaiting(ctx, member);
  throw refuse("MEMBERSHIP_PENDING");
}

const NAME_MAX = 100;

/** The provider's given and family names, else its full name split at the first space, else the address. */
function namesOf(identity: ProviderIdentity, email: string) {
  const [given = "", ...rest] = (identity.name ?? "").split(/\s+/);
  const firstName = identity.firstName ?? (given || email.split("@")[0] || "Member");
  const lastName = identity.lastName ?? (rest.join(" ") || "-");
  return { firstName: firstName.slice(0, NAME_MAX), lastName: lastName.slice(0, NAME_MAX) };
}

/** Trades the one-time code of a finished sign-in for the usual token pair (as POST /login gives). */
export async function exchangeCode(ctx: RequestCtx, input: SsoExchangeInput): Promise<SsoSignIn> {
  const handoff = takeHandoff(ctx.config, input.code, ctx.now().getTime());
  const member = handoff && findMemberById(ctx.db, handoff.memberId);
  if (!handoff || !member?.emailConfirmedAt)
    throw new AppError("BAD_REQUEST", SSO_FAILURES.CODE_INVALID, { reason: "CODE_INVALID" });
  checkMayAct(member);
  const pair = await ctx.tokens.issuePair(member, ctx.client);
  return { ...pair, email: member.email, next: handoff.next };
}

/** Whether the login screen offers single sign-on, the button's words, and whether it goes straight there. */
export const ssoOptions = (ctx: Deps) => ({
  enabled: ctx.config.oidc !== null,
  label: ctx.config.oidc?.buttonLabel ?? "",
  autoRedirect: ctx.config.oidc?.autoRedirect ?? false,
});

import type { NamedAction } from "../../kernel/actions";
import {
  confirmMemberWithToken,
  countActiveAdmins,
  deleteRegistration,
  findConfirmationTokenByHash,
  findInviteByHash,
  findMemberByEmail,
  findMemberById,
  findPasswordResetToken,
  findRegistrations,
  hasTwoFactors,
  insertConfirmationToken,
  insertMember,
  insertPasswordResetToken,
  latestConfirmationToken,
  latestPasswordResetToken,
  markInviteUsed,
  markPasswordResetUsed,
  replaceMemberPassword,
} from "@club/db";
import {
  ServerMessages,
  SOURCE_LANGUAGE,
  TotpMessages,
  type ConfirmEmailInput,
  type LoginInput,
  type RefreshInput,
  type RegisterInput,
  type Language,
  type ResetPasswordInput,
} from "@club/shared";
import type { AuthedCtx, Deps, RequestCtx } from "../../kernel/context";
import { BadRequestError, ForbiddenError, UnauthorizedError } from "../../kernel/errors";
import { recordActivity } from "../activity/record";
import { getDummyHash, hashPassword, isPasswordHash, verifyPassword } from "../../platform/passwords";
import { randomToken, sha256 } from "../../platform/tokens";
import type { Email } from "../../platform/mailer";
import { accountLimits, mayMail } from "./accountLimits";
import { alreadyRegisteredEmail, confirmationEmail, passwordResetEmail } from "./email";
import { recipientLanguage } from "../../platform/emailText";
import { localize } from "../../platform/i18n";
import { notifyApprovalWaiting } from "../notifications/notify";
import { checkSecondFactor } from "../totp/service";
import { completeMfa, startMfa } from "./mfa";

const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
const RESEND_INTERVAL_MS = 60 * 1000;

export const REGISTERED_MESSAGE = ServerMessages.registered;
export const RESEND_MESSAGE = ServerMessages.confirmationResent;

/** An answer's message in the reader's language (the request's; English for server-side callers). */
const said = (ctx: Pick<RequestCtx, "readerLanguage">, message: string) => ({
  message: localize(ctx.readerLanguage?.() ?? SOURCE_LANGUAGE, message),
});

type Recipient = { id: number; email: string; firstName: string };

/**
 * Mails a member a single-use link to a page of the web app: a random token, of which only the
 * hash is stored (with its expiry, in the link's own table); the link carries the token and the
 * member's email.
 */
function mailSingleUseLink(
  deps: Deps,
  member: Recipient,
  use: {
    store: typeof insertConfirmationToken;
    ttlMs: number;
    page: string;
    email: (opts: { to: string; firstName: string; link: string; language: Language }) => Email;
  },
) {
  if (!mayMail(deps, member.email)) return;
  const token = randomToken();
  use.store(deps.db, {
    memberId: member.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + use.ttlMs).toISOString(),
  });
  const url = link(deps, use.page, { token, email: member.email });
  deps.mailer.send(
    use.email({
      to: member.email,
      firstName: member.firstName,
      link: url,
      language: recipientLanguage(deps, member.id),
    }),
  );
}

function sendConfirmation(deps: Deps, member: Recipient) {
  mailSingleUseLink(deps, member, {
    store: insertConfirmationToken,
    ttlMs: CONFIRMATION_TTL_MS,
    page: "/confirm-email",
    email: confirmationEmail,
  });
}

/** The emails' links point here: the web app's pages. */
const link = (deps: Deps, path: string, params: Record<string, string>) =>
  `${deps.config.appUrl}${path}?${new URLSearchParams(params).toString()}`;

const nowIso = () => new Date().toISOString();

/** The invite a registration brings, checked; null when none was sent. */
function checkInvite(ctx: Deps, token: string | undefined, email: string) {
  if (token === undefined) return null;
  const invite = findInviteByHash(ctx.db, sha256(token));
  if (!invite || invite.usedAt || invite.expiresAt <= nowIso())
    throw new BadRequestError(ServerMessages.inviteInvalid);
  if (invite.email && invite.email !== email)
    throw new ForbiddenError(ServerMessages.inviteOtherEmail, "INVITE_OTHER_EMAIL");
  return invite;
}

/**
 * Registration, as REGISTRATION allows: open and approval take anyone (approval: an admin lets
 * them in after they confirm), invite and closed only an invite link. The answer is the same
 * whether or not the address is already a member's (the owner gets an email instead), and an
 * unconfirmed registration blocks nobody: each confirmation link confirms only its own.
 */
export async function register(ctx: RequestCtx, input: RegisterInput): Promise<{ message: string }> {
  const invite = checkInvite(ctx, input.invite, input.email);
  const mode = ctx.config.registration;
  if (!invite && mode === "invite")
    throw new ForbiddenError(ServerMessages.inviteRequired, "INVITE_REQUIRED");
  if (!invite && mode === "closed")
    throw new ForbiddenError(ServerMessages.registrationClosed, "REGISTRATION_CLOSED");
  const passwordHash = await hashPassword(input.password);
  const existing = findMemberByEmail(ctx.db, input.email);
  if (existing) {
    if (mayMail(ctx, existing.email))
      ctx.mailer.send(
        alreadyRegisteredEmail({
          to: existing.email,
          firstName: existing.firstName,
          link: link(ctx, "/forgot-password", { email: existing.email }),
          language: recipientLanguage(ctx, existing.id),
        }),
      );
    return said(ctx, REGISTERED_MESSAGE);
  }
  const member = ctx.db.transaction(() => {
    if (invite && !markInviteUsed(ctx.db, invite.id, nowIso()))
      throw new BadRequestError(ServerMessages.inviteInvalid);
    return insertMember(ctx.db, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      status: "pending",
      inviteId: invite?.id ?? null,
    });
  });
  sendConfirmation(ctx, member);
  return said(ctx, REGISTERED_MESSAGE);
}

/**
 * Login costs exactly one password hash whatever the address: the confirmed member's hash, else
 * the newest unconfirmed registration's (its owner is told to confirm the address), else a dummy
 * hash. A hash that is not argon2 (a member who cannot log in with a password, "!") is swapped for
 * the dummy too, so it takes as long. Older registrations of the address are not tried: each try
 * was one more hash, and the time told that the address had registrations.
 */
export async function login(ctx: RequestCtx, input: LoginInput) {
  const { logins } = accountLimits(ctx);
  const address = ctx.networks?.[0]?.key ?? null;
  logins.assertMayTry(input.email, address, ctx.now().getTime());
  const member = findMemberByEmail(ctx.db, input.email);
  const [registration] = member ? [] : findRegistrations(ctx.db, input.email, 1);
  const hash = (member ?? registration)?.passwordHash;
  const matches = await verifyPassword(
    hash !== undefined && isPasswordHash(hash) ? hash : await getDummyHash(),
    input.password,
  );
  const valid = matches && hash !== undefined && isPasswordHash(hash);
  // With two factors, the login succeeds (and the address becomes known) only at the second step.
  const secondStep = valid && member !== undefined && hasTwoFactors(ctx.db, member.id);
  if (valid && !secondStep) logins.succeeded(input.email, address);
  else if (!valid) logins.failed(input.email, ctx.now().getTime());
  if (!member) {
    if (valid) throw new ForbiddenError(ServerMessages.emailNotConfirmed, "EMAIL_NOT_CONFIRMED");
    throw new UnauthorizedError(ServerMessages.invalidCredentials);
  }
  if (!valid) throw new UnauthorizedError(ServerMessages.invalidCredentials);
  if (member.status === "pending")
    throw new ForbiddenError(ServerMessages.membershipPending, "MEMBERSHIP_PENDING");
  if (member.status === "deactivated")
    throw new ForbiddenError(ServerMessages.membershipDeactivated, "MEMBERSHIP_DEACTIVATED");
  if (secondStep) return startMfa(ctx, member);
  const pair = await ctx.tokens.issuePair(member, ctx.client);
  return { ...pair, email: member.email };
}

/** POST /login/totp: the second step of a login with the authenticator app's code or a recovery code. */
export function loginTotp(ctx: RequestCtx, input: { mfaToken: string; code: string }) {
  return completeMfa(ctx, input.mfaToken, (member) => {
    const outcome = checkSecondFactor(ctx, member.id, input.code);
    if (outcome === "ok") return { ok: true };
    return {
      ok: false,
      message: outcome === "used" ? TotpMessages.codeUsed : TotpMessages.wrongCodeOrRecovery,
    };
  });
}

export async function refresh(ctx: RequestCtx, input: RefreshInput) {
  const outcome = await ctx.tokens.rotate(input.refreshToken, ctx.client);
  if (!outcome.ok) throw new UnauthorizedError(ServerMessages.invalidRefreshToken);
  return outcome.pair;
}

export function validateToken(ctx: AuthedCtx) {
  return { valid: true as const, email: ctx.user.email };
}

export function logout(ctx: Deps, input: RefreshInput) {
  ctx.tokens.revoke(input.refreshToken);
  return { ok: true as const };
}

/**
 * Confirms the registration the link was sent for. The club's first member becomes its admin;
 * under REGISTRATION=approval anyone else without an invite waits for an admin (who gets an email).
 */
export function confirmEmail(ctx: RequestCtx, input: ConfirmEmailInput): { message: string } {
  const invalid = new BadRequestError(ServerMessages.invalidConfirmation);
  const token = findConfirmationTokenByHash(ctx.db, sha256(input.token));
  const registration = token && findMemberById(ctx.db, token.memberId);
  if (!token || !registration || registration.email !== input.email) throw invalid;
  if (registration.emailConfirmedAt) return said(ctx, ServerMessages.emailAlreadyConfirmed);
  if (token.usedAt || token.expiresAt <= nowIso()) throw invalid;
  if (findMemberByEmail(ctx.db, input.email)) {
    // The owner registered twice and confirmed the other one: this registration is not needed.
    deleteRegistration(ctx.db, registration.id);
    return said(ctx, ServerMessages.emailAlreadyConfirmed);
  }
  const first = countActiveAdmins(ctx.db) === 0;
  const waits = !first && ctx.config.registration === "approval" && registration.inviteId === null;
  const values = {
    role: first ? ("admin" as const) : registration.role,
    status: waits ? ("pending" as const) : ("active" as const),
  };
  const confirmed = ctx.db.transaction(() => {
    if (!confirmMemberWithToken(ctx.db, token.id, registration, nowIso(), values)) return false;
    const self = {
      ...ctx,
      user: { id: registration.id, email: registration.email, role: values.role },
      action: "auth.confirmEmail" satisfies NamedAction,
    };
    recordActivity(self, "member", registration.id, null, memberView({ ...registration, ...values }));
    return true;
  });
  if (!confirmed) return said(ctx, ServerMessages.emailAlreadyConfirmed);
  if (!waits) return said(ctx, ServerMessages.emailConfirmed);
  notifyApprovalWaiting(ctx, registration);
  return said(ctx, ServerMessages.emailConfirmedPending);
}

/** Always the same answer, so it cannot tell whether an address is registered. */
export function resendConfirmation(ctx: RequestCtx, input: { email: string }): { message: string } {
  const [registration] = findRegistrations(ctx.db, input.email, 1);
  if (registration && !findMemberByEmail(ctx.db, input.email)) {
    const since = new Date(Date.now() - RESEND_INTERVAL_MS).toISOString();
    if (!latestConfirmationToken(ctx.db, registration.id, since)) sendConfirmation(ctx, registration);
  }
  return said(ctx, RESEND_MESSAGE);
}

const RESET_TTL_MS = 60 * 60 * 1000;

/** "Forgot password": a single-use link valid one hour; the same answer for any address. */
export function forgotPassword(ctx: RequestCtx, input: { email: string }): { message: string } {
  const member = findMemberByEmail(ctx.db, input.email);
  if (member && member.status !== "deactivated") {
    const since = new Date(Date.now() - RESEND_INTERVAL_MS).toISOString();
    if (!latestPasswordResetToken(ctx.db, member.id, since)) {
      mailSingleUseLink(ctx, member, {
        store: insertPasswordResetToken,
        ttlMs: RESET_TTL_MS,
        page: "/reset-password",
        email: passwordResetEmail,
      });
    }
  }
  return said(ctx, ServerMessages.resetRequested);
}

/** Sets a new password from a reset link, and ends every session of the member. */
export async function resetPassword(
  ctx: RequestCtx,
  input: ResetPasswordInput,
): Promise<{ message: string }> {
  const invalid = new BadRequestError(ServerMessages.invalidReset);
  const member = findMemberByEmail(ctx.db, input.email);
  const token = member && findPasswordResetToken(ctx.db, member.id, sha256(input.token));
  if (!member || !token || token.usedAt || token.expiresAt <= nowIso()) throw invalid;
  const passwordHash = await hashPassword(input.password);
  ctx.db.transaction(() => {
    if (!markPasswordResetUsed(ctx.db, token.id, nowIso())) throw invalid;
    replaceMemberPassword(ctx.db, member.id, passwordHash, nowIso());
    const self = {
      ...ctx,
      user: { id: member.id, email: member.email, role: member.role },
      action: "auth.resetPassword" satisfies NamedAction,
    };
    recordActivity(self, "member", member.id, null, { passwordChanged: true });
  });
  return said(ctx, ServerMessages.passwordChanged);
}

/** What the activity log keeps of a member (never an email or a password hash: any member reads the log). */
export const memberView = (m: { firstName: string; lastName: string; role: string; status: string }) => ({
  firstName: m.firstName,
  lastName: m.lastName,
  role: m.role,
  status: m.status,
});

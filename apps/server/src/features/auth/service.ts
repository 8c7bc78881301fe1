import {
  confirmMemberWithToken,
  findConfirmationToken,
  findMemberByEmail,
  insertConfirmationToken,
  insertMember,
  latestConfirmationToken,
} from "@club/db";
import {
  ServerMessages,
  type ConfirmEmailInput,
  type LoginInput,
  type RefreshInput,
  type RegisterInput,
} from "@club/shared";
import type { AuthedCtx, Deps } from "../../api/context";
import { BadRequestError, ConflictError, ForbiddenError, UnauthorizedError } from "../../api/errors";
import { getDummyHash, hashPassword, verifyPassword } from "../../platform/passwords";
import { randomToken, sha256 } from "../../platform/tokens";
import { confirmationEmail } from "./email";

const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
const RESEND_INTERVAL_MS = 60 * 1000;

export const REGISTERED_MESSAGE =
  "Registration successful. Check your email for a link to confirm your address.";
export const RESEND_MESSAGE =
  "If that address is registered and not yet confirmed, a new confirmation email is on its way.";

function sendConfirmation(deps: Deps, member: { id: number; email: string; firstName: string }) {
  const token = randomToken();
  insertConfirmationToken(deps.db, {
    memberId: member.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + CONFIRMATION_TTL_MS).toISOString(),
  });
  const query = new URLSearchParams({ token, email: member.email });
  const link = `${deps.config.appUrl}/confirm-email?${query.toString()}`;
  deps.mailer.send(confirmationEmail({ to: member.email, firstName: member.firstName, link }));
}

export async function register(ctx: Deps, input: RegisterInput): Promise<{ message: string }> {
  if (findMemberByEmail(ctx.db, input.email)) throw new ConflictError(ServerMessages.emailTaken);
  const passwordHash = await hashPassword(input.password);
  let member;
  try {
    member = insertMember(ctx.db, { ...input, passwordHash });
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (String(error).includes("UNIQUE")) throw new ConflictError(ServerMessages.emailTaken);
    throw error;
  }
  sendConfirmation(ctx, member);
  return { message: REGISTERED_MESSAGE };
}

export async function login(ctx: Deps, input: LoginInput) {
  const member = findMemberByEmail(ctx.db, input.email);
  const valid = await verifyPassword(member?.passwordHash ?? (await getDummyHash()), input.password);
  if (!member || !valid) throw new UnauthorizedError(ServerMessages.invalidCredentials);
  if (!member.emailConfirmedAt)
    throw new ForbiddenError(ServerMessages.emailNotConfirmed, "EMAIL_NOT_CONFIRMED");
  const pair = await ctx.tokens.issuePair({ id: member.id, email: member.email });
  return { ...pair, email: member.email };
}

export async function refresh(ctx: Deps, input: RefreshInput) {
  const outcome = await ctx.tokens.rotate(input.refreshToken);
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

export function confirmEmail(ctx: Deps, input: ConfirmEmailInput): { message: string } {
  const invalid = new BadRequestError(ServerMessages.invalidConfirmation);
  const member = findMemberByEmail(ctx.db, input.email);
  if (!member) throw invalid;
  const token = findConfirmationToken(ctx.db, member.id, sha256(input.token));
  if (!token) throw invalid;
  if (token.usedAt) {
    if (member.emailConfirmedAt) return { message: ServerMessages.emailAlreadyConfirmed };
    throw invalid;
  }
  if (token.expiresAt <= new Date().toISOString()) throw invalid;
  if (!confirmMemberWithToken(ctx.db, token.id, member.id, new Date().toISOString())) {
    return { message: ServerMessages.emailAlreadyConfirmed };
  }
  return { message: ServerMessages.emailConfirmed };
}

/** Always the same answer, so it cannot tell whether an address is registered. */
export function resendConfirmation(ctx: Deps, input: { email: string }): { message: string } {
  const member = findMemberByEmail(ctx.db, input.email);
  if (member && !member.emailConfirmedAt) {
    const since = new Date(Date.now() - RESEND_INTERVAL_MS).toISOString();
    if (!latestConfirmationToken(ctx.db, member.id, since)) sendConfirmation(ctx, member);
  }
  return { message: RESEND_MESSAGE };
}

import type { AdminCommand } from "../app/contract";
import type { FastifyBaseLogger } from "fastify";
import { findRegistrations, findMemberByEmail, listMembers, type Db, type MemberRow } from "@club/db";
import { EmailSchema, RoleSchema, type Role } from "@club/shared";
import type { AuthedCtx } from "../kernel/context";
import { AppError } from "../kernel/errors";
import type { Config } from "../config";
import { Mailer } from "../platform/mailer";
import {
  approveMember,
  createInvite,
  deactivateMember,
  setRole as setMemberRoleService,
} from "../features/members/service";
import { AdminError } from "./commands";
import { turnOffTwoFactors } from "../features/totp/service";

/**
 * The membership commands run the same service functions as the API (features/members/service.ts),
 * so the rules hold here too (the last admin, who is pending...) and each change lands in the
 * activity log as "admin.<command>", by the first active admin of the club.
 */

/** Email goes through the server's outbox; the CLI delivers it before it exits (mailer.stop()). */
function cliLogger(): FastifyBaseLogger {
  const write = (level: string) => (obj: unknown, msg?: string) =>
    process.stderr.write(`${level}: ${msg ?? ""} ${typeof obj === "string" ? obj : JSON.stringify(obj)}\n`);
  const quiet = () => undefined;
  const logger = { info: quiet, debug: quiet, trace: quiet, warn: write("warn"), error: write("error") };
  // Only info and warn are used by the mailer; the rest of pino's interface is never reached.
  return {
    ...logger,
    fatal: logger.error,
    level: "warn",
    child: () => logger,
    silent: quiet,
  } as unknown as FastifyBaseLogger;
}

export function memberRow(db: Db, rawEmail: string): MemberRow {
  const email = EmailSchema.safeParse(rawEmail);
  if (!email.success) throw new AdminError(`"${rawEmail}" is not a valid email address.`);
  const member = findMemberByEmail(db, email.data) ?? findRegistrations(db, email.data, 1)[0];
  if (!member)
    throw new AdminError(`No member with the email ${email.data}. List them with: npm run admin -- members`);
  return member;
}

/**
 * Who the activity log names: the club's first active admin (the CLI is run by whoever runs the
 * server); in a club without one (the CLI's recovery case), the member the command is about.
 */
function actingMember(db: Db, fallback: MemberRow | null): AuthedCtx["user"] {
  const admin = listMembers(db)
    .filter((m) => m.role === "admin" && m.status === "active" && m.emailConfirmedAt)
    .sort((a, b) => a.id - b.id)[0];
  const actor = admin ?? fallback;
  if (!actor) throw new AdminError("The club has no active admin to record this change for.");
  return { id: actor.id, email: actor.email, role: actor.role };
}

/** Runs a members service function as the CLI; its refusals become the CLI's errors (exit code 1). */
export async function asAdmin<T>(
  db: Db,
  config: Config,
  command: AdminCommand,
  subject: MemberRow | null,
  run: (ctx: AuthedCtx) => T,
): Promise<T> {
  const mailer = new Mailer(db, config, cliLogger());
  // The service functions use the database, the config, the mailer and the clock; nothing else of Deps.
  const ctx = {
    db,
    config,
    mailer,
    user: actingMember(db, subject),
    now: () => new Date(),
    requestId: null,
    action: `admin.${command}`,
  } as unknown as AuthedCtx;
  try {
    return run(ctx);
  } catch (error) {
    if (error instanceof AppError) throw new AdminError(error.message);
    throw error;
  } finally {
    await mailer.stop();
  }
}

export async function approve(db: Db, config: Config, email: string): Promise<MemberRow> {
  const member = memberRow(db, email);
  await asAdmin(db, config, "approve", member, (ctx) => approveMember(ctx, { id: member.id }));
  return member;
}

export async function deactivate(db: Db, config: Config, email: string): Promise<MemberRow> {
  const member = memberRow(db, email);
  await asAdmin(db, config, "deactivate", member, (ctx) => deactivateMember(ctx, { id: member.id }));
  return member;
}

/**
 * Turns off a member's two-factor sign-in, for one who lost the phone and the recovery codes:
 * they log in with the password alone and may set it up again. Whoever runs the server vouches
 * for them; the activity log records it.
 */
export async function twoFactorOff(
  db: Db,
  config: Config,
  email: string,
): Promise<{ member: MemberRow; wasOn: boolean }> {
  const member = memberRow(db, email);
  const wasOn = await asAdmin(db, config, "totpOff", member, (ctx) => turnOffTwoFactors(ctx, member));
  return { member, wasOn };
}

export async function role(db: Db, config: Config, email: string, rawRole: string): Promise<MemberRow> {
  const parsed = RoleSchema.safeParse(rawRole.trim().toLowerCase());
  if (!parsed.success)
    throw new AdminError(`"${rawRole}" is not a role. Use one of: ${RoleSchema.options.join(", ")}.`);
  const chosen: Role = parsed.data;
  const member = memberRow(db, email);
  await asAdmin(db, config, "role", member, (ctx) =>
    setMemberRoleService(ctx, { id: member.id, role: chosen }),
  );
  return member;
}

export async function invite(
  db: Db,
  config: Config,
  rawEmail?: string,
): Promise<{ url: string; expiresAt: string; email: string | null }> {
  let email: string | null = null;
  if (rawEmail !== undefined) {
    const parsed = EmailSchema.safeParse(rawEmail);
    if (!parsed.success) throw new AdminError(`"${rawEmail}" is not a valid email address.`);
    email = parsed.data;
  }
  const link = await asAdmin(db, config, "invite", null, (ctx) => createInvite(ctx, { email }));
  return { ...link, email };
}

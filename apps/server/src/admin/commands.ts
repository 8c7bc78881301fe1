import { randomInt } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import {
  countActiveAdmins,
  findMemberByEmail,
  findRegistrations,
  listMembers,
  markMemberConfirmed,
  replaceMemberPassword,
  type Db,
  type MemberRow,
  type MemberSummary,
} from "@club/db";
import { EmailSchema, RegisterInputSchema } from "@club/shared";
import type { Config } from "../config";
import { BackupError, imagesDirOf, makeBackup, type BackupResult } from "../platform/backups";
import { hashPassword } from "../platform/passwords";

/** A problem the admin can fix; the command line prints its message without a stack trace. */
export class AdminError extends Error {}

const nowIso = () => new Date().toISOString();

function memberByEmail(db: Db, rawEmail: string): MemberRow {
  const email = EmailSchema.safeParse(rawEmail);
  if (!email.success) throw new AdminError(`"${rawEmail}" is not a valid email address.`);
  const member = findMemberByEmail(db, email.data);
  if (!member)
    throw new AdminError(`No member with the email ${email.data}. List them with: npm run admin -- members`);
  return member;
}

export const members = (db: Db): MemberSummary[] => listMembers(db);

/**
 * Confirms an address by hand, for a club without SMTP: the admin vouches for the person, so the
 * member is also approved (and becomes the admin when the club has none yet).
 */
export function confirm(db: Db, email: string): { member: MemberRow; alreadyConfirmed: boolean } {
  const address = EmailSchema.safeParse(email);
  if (!address.success) throw new AdminError(`"${email}" is not a valid email address.`);
  const existing = findMemberByEmail(db, address.data);
  if (existing) return { member: existing, alreadyConfirmed: true };
  const [registration] = findRegistrations(db, address.data, 1);
  if (!registration)
    throw new AdminError(
      `No member with the email ${address.data}. List them with: npm run admin -- members`,
    );
  const role = countActiveAdmins(db) === 0 ? "admin" : registration.role;
  markMemberConfirmed(db, registration, nowIso(), { status: "active", role });
  return { member: registration, alreadyConfirmed: false };
}

/** 20 characters from an alphabet without look-alikes (about 114 bits), in groups of five. */
export function generatePassword(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const chars = Array.from({ length: 20 }, () => alphabet[randomInt(alphabet.length)]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join("")).join("-");
}

export async function resetPassword(
  db: Db,
  email: string,
  password?: string,
): Promise<{ member: MemberRow; password: string; generated: boolean; revokedSessions: number }> {
  const member = memberByEmail(db, email);
  const generated = password === undefined;
  const chosen = password ?? generatePassword();
  const check = RegisterInputSchema.shape.password.safeParse(chosen);
  if (!check.success) throw new AdminError(`The password is not accepted: ${check.error.issues[0]?.message}`);
  const revokedSessions = replaceMemberPassword(db, member.id, await hashPassword(chosen), nowIso());
  return { member, password: chosen, generated, revokedSessions };
}

export type { BackupResult } from "../platform/backups";

/**
 * `npm run backup -- FILE`: a consistent copy of the live database at FILE and its images in
 * FILE-images/ (platform/backups.ts), while the server keeps running.
 */
export async function backup(
  db: Db,
  config: Config,
  file: string,
  opts: { force?: boolean } = {},
): Promise<BackupResult> {
  const imagesDir = imagesDirOf(file);
  if (!opts.force && (existsSync(file) || existsSync(imagesDir))) {
    throw new AdminError(
      `${existsSync(file) ? file : imagesDir} already exists. Choose another name or add --force to replace it.`,
    );
  }
  if (file === config.dbFile || dirname(file) === config.imagesDir) {
    throw new AdminError("Write the backup outside the live database and images folder.");
  }
  mkdirSync(dirname(file), { recursive: true });
  try {
    return await makeBackup(db, config.imagesDir, file);
  } catch (error) {
    if (error instanceof BackupError) throw new AdminError(error.message);
    throw error;
  }
}

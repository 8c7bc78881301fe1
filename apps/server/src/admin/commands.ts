import { randomInt } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { dirname, join } from "node:path";
import {
  backupDatabase,
  checkIntegrity,
  closeDb,
  countActiveAdmins,
  countMembers,
  findMemberByEmail,
  findRegistrations,
  listMembers,
  markMemberConfirmed,
  openDb,
  replaceMemberPassword,
  type Db,
  type MemberRow,
  type MemberSummary,
} from "@club/db";
import { EmailSchema, RegisterInputSchema } from "@club/shared";
import type { Config } from "../config";
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

/** Image files are named by content hash; anything else in the folder (a half-written temp file) is skipped. */
const IMAGE_FILE = /^[0-9a-f]{32}(-thumb|-medium)?\.webp$/;

export interface BackupResult {
  file: string;
  bytes: number;
  members: number;
  imagesDir: string;
  images: number;
}

/**
 * A consistent copy of the live database (SQLite's online backup: the server can keep running),
 * checked with an integrity check, then the image files next to it in `<file>-images/`.
 * The database goes first: every image it refers to was written before its row.
 */
export async function backup(
  db: Db,
  config: Config,
  file: string,
  opts: { force?: boolean } = {},
): Promise<BackupResult> {
  const imagesDir = `${file}-images`;
  if (!opts.force && (existsSync(file) || existsSync(imagesDir))) {
    throw new AdminError(
      `${existsSync(file) ? file : imagesDir} already exists. Choose another name or add --force to replace it.`,
    );
  }
  if (file === config.dbFile || dirname(file) === config.imagesDir) {
    throw new AdminError("Write the backup outside the live database and images folder.");
  }
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const removePartial = () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${partial}${suffix}`, { force: true });
  };
  removePartial();
  let memberCount: number;
  try {
    await backupDatabase(db, partial);
    const copy = openDb(partial);
    try {
      const check = checkIntegrity(copy);
      if (check !== "ok") throw new AdminError(`The backup failed its integrity check: ${check}`);
      memberCount = countMembers(copy);
    } finally {
      closeDb(copy);
    }
    // It holds emails and password hashes: readable by its owner only.
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } catch (error) {
    removePartial();
    throw error;
  }

  rmSync(imagesDir, { recursive: true, force: true });
  mkdirSync(imagesDir, { recursive: true });
  let images = 0;
  for (const name of existsSync(config.imagesDir) ? readdirSync(config.imagesDir) : []) {
    if (!IMAGE_FILE.test(name)) continue;
    copyFileSync(join(config.imagesDir, name), join(imagesDir, name));
    images++;
  }
  return { file, bytes: statSync(file).size, members: memberCount, imagesDir, images };
}

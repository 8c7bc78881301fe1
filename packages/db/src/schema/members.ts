import { sql } from "drizzle-orm";
import {
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";
import { childOf, extensionOf, now } from "./columns";

/** admin, treasurer or member (docs/product.md, "Rules"): roles only add powers. */
export type Role = "admin" | "treasurer" | "member";
/** pending: confirmed, waiting for an admin (REGISTRATION=approval); deactivated: cannot log in. */
export type MemberStatus = "pending" | "active" | "deactivated";

/**
 * A member, or a registration not confirmed yet (emailConfirmedAt null). Several unconfirmed
 * registrations may share an address (a stranger's registration must not block the owner's);
 * a confirmed address is unique.
 */
export const members = sqliteTable(
  "members",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    emailConfirmedAt: text(),
    role: text().$type<Role>().notNull().default("member"),
    status: text().$type<MemberStatus>().notNull().default("active"),
    /** Carried by access tokens; raised to end every session of the member at once. */
    tokenVersion: integer().notNull().default(0),
    /** The invite this registration came with, if any (it arrives approved). */
    inviteId: integer().references((): AnySQLiteColumn => invites.id, { onDelete: "set null" }),
    createdAt: text().notNull().default(now),
    /** When the membership started (activation); the 12-month rule of hardship waivers counts from it. */
    joinedAt: text(),
    /** First month (YYYY-MM) of monthly dues; null until the dues job enrols the member. */
    duesFrom: text(),
    /** The month the member left (deactivated); dues resume, without a joining fee, on return. */
    duesUntil: text(),
    meetingReminders: integer({ mode: "boolean" }).notNull().default(true),
    duesReminders: integer({ mode: "boolean" }).notNull().default(true),
    /** The `sub` of the member's single sign-on identity at OIDC_ISSUER, once linked. */
    oidcSubject: text(),
    /** The member's language (a tag of @club/shared's LANGUAGES); null follows the club's. */
    language: text(),
  },
  (t) => [
    uniqueIndex("members_oidc_subject_idx")
      .on(t.oidcSubject)
      .where(sql`${t.oidcSubject} IS NOT NULL`),
    uniqueIndex("members_confirmed_email_idx")
      .on(t.email)
      .where(sql`${t.emailConfirmedAt} IS NOT NULL`),
    index("members_email_idx").on(t.email),
  ],
);

/** Single-use invitation links (POST /api/Invites), optionally bound to one address. */
export const invites = sqliteTable("invites", {
  id: integer().primaryKey({ autoIncrement: true }),
  tokenHash: text().notNull().unique(),
  email: text(),
  createdBy: integer().references((): AnySQLiteColumn => members.id, { onDelete: "set null" }),
  expiresAt: text().notNull(),
  usedAt: text(),
  createdAt: text().notNull().default(now),
});

/**
 * A table of single-use links sent by email: the token's hash, its member, when it expires and
 * when it was used. The password reset and the email confirmation tables have the same columns.
 */
const singleUseTokens = <N extends string>(name: N) =>
  sqliteTable(
    name,
    {
      id: integer().primaryKey({ autoIncrement: true }),
      memberId: childOf(() => members.id),
      tokenHash: text().notNull().unique(),
      expiresAt: text().notNull(),
      usedAt: text(),
      createdAt: text().notNull().default(now),
    },
    (t) => [index(`${name}_member_idx`).on(t.memberId)],
  );

/** "Forgot password" links: single use, one hour. */
export const passwordResetTokens = singleUseTokens("password_reset_tokens");

/** "Confirm your email" links: single use. */
export const emailConfirmationTokens = singleUseTokens("email_confirmation_tokens");

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    memberId: childOf(() => members.id),
    familyId: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: text().notNull(),
    /** Set when this token was exchanged for a new one; presenting it again is reuse. */
    rotatedAt: text(),
    revokedAt: text(),
    createdAt: text().notNull().default(now),
  },
  (t) => [
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_member_idx").on(t.memberId),
  ],
);

/**
 * A login's session on one device: the refresh-token family it started (every token rotated from
 * it shares `familyId`), the device's user agent and address, and when it was last refreshed. It
 * is live while its family has a live refresh token; its access tokens carry its id and stop
 * working when it ends (logged out here or from another device).
 */
export const memberSessions = sqliteTable(
  "member_sessions",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    memberId: childOf(() => members.id),
    familyId: text().notNull().unique(),
    userAgent: text(),
    address: text(),
    createdAt: text().notNull().default(now),
    lastSeenAt: text().notNull().default(now),
  },
  (t) => [index("member_sessions_member_idx").on(t.memberId)],
);

/**
 * A member's API token for scripts: stored by its SHA-256 hash only, with its name and scopes
 * ("read", or "read,write"). Revoking deletes the row; an expired one stays listed.
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    memberId: childOf(() => members.id),
    name: text().notNull(),
    scopes: text().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: text().notNull().default(now),
    lastUsedAt: text(),
    expiresAt: text(),
  },
  (t) => [index("api_tokens_member_idx").on(t.memberId)],
);

/**
 * A member's passkeys (WebAuthn credentials): the authenticator's credential id and public key
 * (base64url), its signature counter, how the browser reaches it (transports, comma-separated)
 * and the name the member gave it. Nothing here is secret: the private key never leaves the
 * authenticator.
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    memberId: childOf(() => members.id),
    name: text().notNull(),
    credentialId: text().notNull().unique(),
    publicKey: text().notNull(),
    counter: integer().notNull().default(0),
    transports: text(),
    createdAt: text().notNull().default(now),
    lastUsedAt: text(),
  },
  (t) => [index("passkeys_member_idx").on(t.memberId)],
);

/** Outgoing email, kept until sent so that an SMTP outage loses nothing. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: text().notNull().default(now),
    sentAt: text(),
    lastError: text(),
    createdAt: text().notNull().default(now),
  },
  (t) => [index("outbox_pending_idx").on(t.sentAt, t.nextAttemptAt)],
);

/**
 * A member's authenticator app (two-factor sign-in, RFC 6238): the shared secret, encrypted with
 * a key of the server's (never shown again after its setup), and the last time step a code was
 * accepted for, so a code cannot be used twice. `enabledAt` is null while the setup waits for its
 * first code: such a row asks nothing at login.
 */
export const memberTotp = sqliteTable("member_totp", {
  memberId: extensionOf(() => members.id),
  secret: text().notNull(),
  enabledAt: text(),
  lastStep: integer(),
  createdAt: text().notNull().default(now),
});

/** The ten single-use recovery codes of a member's two-factor sign-in, by their SHA-256 hash. */
export const totpRecoveryCodes = sqliteTable(
  "totp_recovery_codes",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    memberId: childOf(() => members.id),
    codeHash: text().notNull(),
    usedAt: text(),
  },
  (t) => [index("totp_recovery_codes_member_idx").on(t.memberId)],
);

import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import {
  claimTotpStep,
  enableTotp as enableTotpRows,
  findMemberById,
  findMemberTotp,
  removeTotp,
  startTotpSetup,
  unusedRecoveryCodes,
  useRecoveryCode,
} from "@club/db";
import {
  isAppCode,
  normaliseCode,
  RECOVERY_CODE_COUNT,
  ServerMessages,
  TotpMessages,
  type TotpEnabled,
  type TotpSetup,
  type TotpStatus,
} from "@club/shared";
import type { AuthedCtx, Deps } from "../../kernel/context";
import { BadRequestError, ConflictError, UnauthorizedError } from "../../kernel/errors";
import { twoFactorSetupRequired } from "../../kernel/twoFactor";
import { sha256 } from "../../platform/tokens";
import { recordActivity } from "../activity/record";
import { accountLimits } from "../auth/accountLimits";
import { clubOf } from "../club/service";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD_SECONDS = 30;
/** Codes of the step before and after now pass too: a phone's clock a little off, a slow typist. */
const WINDOW_STEPS = 1;
/** A 160-bit secret, as RFC 4226 recommends. */
const SECRET_BYTES = 20;

const totpFor = (secretBase32: string, label = "member", issuer = "Whiskey club") =>
  new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

// ---- The secret at rest: AES-256-GCM under a key derived from the server's secret ----

const keyOf = (deps: Deps) => createHmac("sha256", deps.config.jwtSecret).update("totp-secret").digest();

function encrypt(deps: Deps, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(deps), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** The secret, or null when it cannot be read (the server's secret changed since it was stored). */
function decrypt(deps: Deps, stored: string): string | null {
  if (!stored.startsWith("v1.")) return null;
  const raw = Buffer.from(stored.slice(3), "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(deps), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** Ten recovery codes of 80 random bits each, shown as four groups of four ("abcd-efgh-ijkl-mnop"). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = new Secret({ size: 10 }).base32.toLowerCase();
    return code.match(/.{4}/g)?.join("-") ?? code;
  });
}

/** The time step a code of the app is for, when it is one of the window's; null otherwise. */
function stepOf(deps: Deps, secretBase32: string, code: string): number | null {
  const timestamp = deps.now().getTime();
  const delta = totpFor(secretBase32).validate({ token: code, timestamp, window: WINDOW_STEPS });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

function me(ctx: AuthedCtx) {
  const member = findMemberById(ctx.db, ctx.user.id);
  if (!member) throw new UnauthorizedError(ServerMessages.invalidToken);
  return member;
}

/** GET /api/Account/Totp: whether it is on, the recovery codes left, whether the club asks for it. */
export function totpStatus(ctx: AuthedCtx): TotpStatus {
  const enabled = findMemberTotp(ctx.db, ctx.user.id)?.enabledAt != null;
  return {
    enabled,
    recoveryCodesLeft: enabled ? unusedRecoveryCodes(ctx.db, ctx.user.id) : 0,
    setupRequired: twoFactorSetupRequired(ctx.db, ctx.user),
  };
}

/**
 * A new secret for the member's authenticator app. Until a code of it turns two-factor sign-in on,
 * nothing changes at login; a new setup replaces one that waits. The secret is shown this once.
 */
export function setupTotp(ctx: AuthedCtx): TotpSetup {
  if (findMemberTotp(ctx.db, ctx.user.id)?.enabledAt)
    throw new ConflictError(TotpMessages.alreadyOn, "TOTP_ON");
  const member = me(ctx);
  const secret = new Secret({ size: SECRET_BYTES }).base32;
  ctx.db.transaction(() => {
    storeTotpSetup(ctx, member.id, secret);
    recordActivity(ctx, "twoFactor", member.id, null, { twoFactor: "setup" });
  });
  const otpauthUrl = totpFor(secret, member.email, clubOf(ctx).name).toString();
  return { secret, otpauthUrl };
}

/** Keeps a setup's secret (base32), encrypted, until its first code turns two-factor sign-in on. */
export function storeTotpSetup(deps: Deps, memberId: number, secret: string): void {
  startTotpSetup(deps.db, memberId, encrypt(deps, secret), deps.now().toISOString());
}

/** Turns two-factor sign-in on with the first code of the app; the answer's recovery codes are shown once. */
export function enableTotp(ctx: AuthedCtx, input: { code: string }): TotpEnabled {
  const row = findMemberTotp(ctx.db, ctx.user.id);
  if (!row) throw new ConflictError(TotpMessages.notSetUp, "TOTP_NOT_SET_UP");
  if (row.enabledAt) throw new ConflictError(TotpMessages.alreadyOn, "TOTP_ON");
  const secret = decrypt(ctx, row.secret);
  const step = secret === null ? null : stepOf(ctx, secret, input.code);
  if (step === null) throw new BadRequestError(TotpMessages.wrongCode);
  const recoveryCodes = newRecoveryCodes();
  ctx.db.transaction(() => {
    const hashes = recoveryCodes.map((c) => sha256(normaliseCode(c)));
    enableTotpRows(ctx.db, ctx.user.id, step, hashes, ctx.now().toISOString());
    recordActivity(ctx, "twoFactor", ctx.user.id, null, { twoFactor: "on" });
  });
  return { recoveryCodes };
}

/**
 * Turns two-factor sign-in off with a current code or a recovery code. Wrong codes count against
 * the account's login budget, as at login: a session left open does not let anyone guess.
 */
export function disableTotp(ctx: AuthedCtx, input: { code: string }): void {
  if (!findMemberTotp(ctx.db, ctx.user.id)?.enabledAt)
    throw new ConflictError(TotpMessages.notOn, "TOTP_OFF");
  const { logins } = accountLimits(ctx);
  const account = ctx.user.email;
  logins.assertMayTry(account, null, ctx.now().getTime());
  const outcome = checkSecondFactor(ctx, ctx.user.id, input.code);
  if (outcome !== "ok") {
    logins.failed(account, ctx.now().getTime());
    throw new BadRequestError(outcome === "used" ? TotpMessages.codeUsed : TotpMessages.wrongCodeOrRecovery);
  }
  ctx.db.transaction(() => {
    removeTotp(ctx.db, ctx.user.id);
    recordActivity(ctx, "twoFactor", ctx.user.id, { twoFactor: "on" }, null);
  });
}

/**
 * Checks a second factor of a member with two factors: a code of the app (each time step once:
 * "used" for a code whose step, or a later one, was accepted already) or an unused recovery code
 * (used up by this check). The caller counts a failure.
 */
export function checkSecondFactor(deps: Deps, memberId: number, rawCode: string): "ok" | "used" | "wrong" {
  const row = findMemberTotp(deps.db, memberId);
  if (!row?.enabledAt) return "wrong";
  const code = normaliseCode(rawCode);
  if (isAppCode(code)) {
    const secret = decrypt(deps, row.secret);
    const step = secret === null ? null : stepOf(deps, secret, code);
    if (step === null) return "wrong";
    return claimTotpStep(deps.db, memberId, step) ? "ok" : "used";
  }
  return useRecoveryCode(deps.db, memberId, sha256(code), deps.now().toISOString()) ? "ok" : "wrong";
}

/** The admin command line's way back for a member who lost the phone and the recovery codes. */
export function turnOffTwoFactors(
  ctx: AuthedCtx,
  member: { id: number; firstName: string; lastName: string },
): boolean {
  return ctx.db.transaction(() => {
    const had = removeTotp(ctx.db, member.id);
    const named = { twoFactor: "on", firstName: member.firstName, lastName: member.lastName };
    if (had) recordActivity(ctx, "twoFactor", member.id, named, null);
    return had;
  });
}

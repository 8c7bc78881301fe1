import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import {
  deletePasskey,
  findMemberById,
  findPasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  renamePasskey,
  touchPasskey,
  type MemberRow,
  type PasskeyRow,
} from "@club/db";
import {
  PasskeysMessages,
  ServerMessages,
  type Passkey,
  type PasskeyAuthenticationResponse,
  type PasskeyRegistrationResponse,
} from "@club/shared";
import type { Config } from "../../config";
import type { AuthedCtx, Deps, RequestCtx } from "../../kernel/context";
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from "../../kernel/errors";
import { assertCreatorOrAdmin } from "../../kernel/permissions";
import { completeMfa } from "../auth/mfa";
import { recordActivity } from "../activity/record";
import { clubOf } from "../club/service";
import { keepChallenge, takeChallenge, CHALLENGE_TTL_MS, type ChallengePurpose } from "./challenges";

/**
 * The relying party is APP_URL: its host is the passkeys' relying party id (a passkey made for
 * club.example.org works only there), its origin the only one a browser's answer may come from.
 * Read at each call: APP_URL is the one place the club's address is set.
 */
export function relyingParty(config: Config): { rpID: string; origin: string } {
  const url = new URL(config.appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * The WebAuthn user handle of a member: their id, which the authenticator keeps with the passkey
 * and gives back at a sign-in (no email or name: the handle is not meant to tell who it is).
 */
const userHandleOf = (memberId: number) => Buffer.from(`member-${memberId}`, "utf8");

const passkeyOf = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

/** The caller's own passkeys, oldest first. */
export function listOwnPasskeys(ctx: AuthedCtx): Passkey[] {
  return listPasskeys(ctx.db, ctx.user.id).map(passkeyOf);
}

/**
 * What the browser needs to make a new passkey for the caller: a fresh challenge, the club as the
 * relying party, the member (email and name) as the user, and the passkeys they have already (an
 * authenticator holding one of them says so rather than making a second). The passkey must be
 * discoverable (a sign-in names no account) and verify its user (a fingerprint, a face, a PIN).
 */
export async function registrationOptions(ctx: AuthedCtx): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const member = findMemberById(ctx.db, ctx.user.id);
  if (!member) throw new UnauthorizedError(ServerMessages.invalidCredentials);
  const { rpID } = relyingParty(ctx.config);
  const options = await generateRegistrationOptions({
    rpName: clubOf(ctx).name,
    rpID,
    userName: member.email,
    userDisplayName: `${member.firstName} ${member.lastName}`.trim(),
    userID: userHandleOf(member.id),
    timeout: CHALLENGE_TTL_MS,
    attestationType: "none",
    excludeCredentials: listPasskeys(ctx.db, member.id).map((p) => ({
      id: p.credentialId,
      transports: transportsOf(p),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  keepChallenge(ctx.config, options.challenge, { kind: "register" }, ctx.now().getTime());
  return options;
}

const transportsOf = (row: PasskeyRow) =>
  row.transports ? (row.transports.split(",") as AuthenticatorTransport[]) : undefined;

/** The challenge inside a browser's signed client data, or null when it carries none. */
function challengeIn(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

/** The challenge the answer signed, taken (it is good once), with what it was made for. */
function takeAnswered(deps: Deps, clientDataJSON: string): { challenge: string; purpose: ChallengePurpose } {
  const challenge = challengeIn(clientDataJSON);
  const purpose = challenge && takeChallenge(deps.config, challenge, deps.now().getTime());
  if (!challenge || !purpose) throw new BadRequestError(PasskeysMessages.challengeExpired);
  return { challenge, purpose };
}

/**
 * Adds a passkey to the caller's account: the browser's answer to registrationOptions, verified
 * (a challenge made for a new passkey, this origin and relying party, the user verified), its
 * public key kept under the name the member gave it. In the activity log by name.
 */
export async function registerPasskey(
  ctx: AuthedCtx,
  input: { name: string; response: PasskeyRegistrationResponse },
): Promise<Passkey> {
  const { challenge, purpose } = takeAnswered(ctx, input.response.response.clientDataJSON);
  if (purpose.kind !== "register") throw new BadRequestError(PasskeysMessages.challengeExpired);
  const { rpID, origin } = relyingParty(ctx.config);
  const verified = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw new BadRequestError(PasskeysMessages.notVerified);
  const { credential } = verified.registrationInfo;
  if (findPasskeyByCredentialId(ctx.db, credential.id))
    throw new ConflictError(PasskeysMessages.alreadyRegistered);
  const row = ctx.db.transaction(() => {
    const created = insertPasskey(ctx.db, {
      memberId: ctx.user.id,
      name: input.name,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports?.length ? credential.transports.join(",") : null,
      createdAt: ctx.now().toISOString(),
    });
    recordActivity(ctx, "passkey", created.id, null, { name: created.name });
    return created;
  });
  return passkeyOf(row);
}

/** The passkey, if the caller may change it: their own, or any member's for an admin. */
function ownedPasskey(ctx: AuthedCtx, id: number): PasskeyRow {
  const row = findPasskey(ctx.db, id);
  if (!row) throw new NotFoundError(PasskeysMessages.passkeyNotFound);
  assertCreatorOrAdmin(ctx, row.memberId);
  return row;
}

export function renameOwnPasskey(ctx: AuthedCtx, input: { id: number; name: string }): Passkey {
  const row = ownedPasskey(ctx, input.id);
  const renamed = ctx.db.transaction(() => {
    const after = renamePasskey(ctx.db, row.id, input.name) ?? { ...row, name: input.name };
    recordActivity(ctx, "passkey", row.id, { name: row.name }, { name: after.name });
    return after;
  });
  return passkeyOf(renamed);
}

/**
 * Removes a passkey: it signs no one in from now on. The member's own, or any member's for an
 * admin (a lost phone); the entry then names whose it was.
 */
export function removePasskey(ctx: AuthedCtx, input: { id: number }): void {
  const row = ownedPasskey(ctx, input.id);
  const owner = row.memberId === ctx.user.id ? undefined : findMemberById(ctx.db, row.memberId);
  ctx.db.transaction(() => {
    deletePasskey(ctx.db, row.id);
    const named = owner ? { firstName: owner.firstName, lastName: owner.lastName } : {};
    recordActivity(ctx, "passkey", row.id, { name: row.name, memberId: row.memberId, ...named }, null);
  });
}

/**
 * The options of a sign-in with a passkey: a fresh challenge and the relying party, naming no
 * account (the browser offers the passkeys it holds for the club: discoverable credentials).
 */
export async function loginOptions(deps: Deps): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty(deps.config);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    timeout: CHALLENGE_TTL_MS,
  });
  keepChallenge(deps.config, options.challenge, { kind: "login" }, deps.now().getTime());
  return options;
}

/**
 * The passkey behind a browser's signed answer, verified: the challenge made for `kind`, a passkey
 * registered here (and, when the answer names its user, that passkey's member), this origin and
 * relying party, the user verified, and a signature counter that went up (a cloned authenticator
 * gives itself away). Its counter and last use are kept; returns its member.
 */
export async function verifiedPasskeyMember(
  deps: Deps,
  response: PasskeyAuthenticationResponse,
  accept: (purpose: ChallengePurpose) => boolean,
): Promise<MemberRow> {
  const { challenge, purpose } = takeAnswered(deps, response.response.clientDataJSON);
  if (!accept(purpose)) throw new BadRequestError(PasskeysMessages.challengeExpired);
  const row = findPasskeyByCredentialId(deps.db, response.id);
  if (!row) throw new UnauthorizedError(PasskeysMessages.notRecognised);
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== userHandleOf(row.memberId).toString("base64url"))
    throw new UnauthorizedError(PasskeysMessages.notVerified);
  const { rpID, origin } = relyingParty(deps.config);
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: row.credentialId,
      publicKey: Buffer.from(row.publicKey, "base64url"),
      counter: row.counter,
      transports: transportsOf(row),
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw new UnauthorizedError(PasskeysMessages.notVerified);
  touchPasskey(deps.db, row.id, verified.authenticationInfo.newCounter, deps.now().toISOString());
  const member = findMemberById(deps.db, row.memberId);
  if (!member) throw new UnauthorizedError(PasskeysMessages.notRecognised);
  return member;
}

/** The password login's refusals (auth/service.ts login) for a member who may not act. */
export function checkMayLogIn(member: MemberRow): void {
  if (member.status === "pending")
    throw new ForbiddenError(ServerMessages.membershipPending, "MEMBERSHIP_PENDING");
  if (member.status === "deactivated")
    throw new ForbiddenError(ServerMessages.membershipDeactivated, "MEMBERSHIP_DEACTIVATED");
}

/**
 * Signs in with a passkey instead of a password: the same session as a password login (a token
 * pair for this device). A passkey is two factors in one (the device, and the fingerprint or PIN
 * that unlocks it), so it asks for no second one. With an mfaToken it is instead the second step of
 * a password login (passkeyAsSecondFactor).
 */
export async function passkeyLogin(
  ctx: RequestCtx,
  input: { response: PasskeyAuthenticationResponse; mfaToken?: string | undefined },
) {
  if (input.mfaToken !== undefined) return passkeyAsSecondFactor(ctx, input.mfaToken, input.response);
  const member = await verifiedPasskeyMember(ctx, input.response, (p) => p.kind === "login");
  checkMayLogIn(member);
  const pair = await ctx.tokens.issuePair(member, ctx.client);
  return { ...pair, email: member.email };
}

/**
 * The second step of a password login with a passkey in place of a code: through completeMfa, so
 * the mfaToken signs in once and the account's login budget holds. The passkey must be the
 * password's member's: another member's is a 401 that counts as a failed try and leaves the
 * mfaToken good for a right factor.
 */
function passkeyAsSecondFactor(ctx: RequestCtx, mfaToken: string, response: PasskeyAuthenticationResponse) {
  return completeMfa(ctx, mfaToken, async (member) => {
    let owner: MemberRow;
    try {
      owner = await verifiedPasskeyMember(ctx, response, (p) => p.kind === "login");
    } catch (error) {
      if (error instanceof UnauthorizedError) return { ok: false, message: error.message };
      throw error;
    }
    if (owner.id !== member.id) return { ok: false, message: PasskeysMessages.otherMember };
    return { ok: true };
  });
}

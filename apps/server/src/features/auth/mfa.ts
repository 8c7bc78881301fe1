import { findMemberById, type MemberRow } from "@club/db";
import { TotpMessages, type MfaRequired, type TokenPair } from "@club/shared";
import type { Deps, RequestCtx } from "../../kernel/context";
import { UnauthorizedError } from "../../kernel/errors";
import { accountLimits } from "./accountLimits";

/**
 * The second step of a login, whatever the second factor (the authenticator app's code, a
 * recovery code, a passkey): POST /login answers a member with two factors `{mfaRequired,
 * mfaToken}` instead of tokens, and a second factor's own call trades that token for the pair
 * through completeMfa with its own check.
 */

/** mfaTokens that passed, until they expire: each signs in once. */
const usedByApp = new WeakMap<Deps["db"], Map<string, number>>();

function usedTokens(deps: Deps): Map<string, number> {
  let used = usedByApp.get(deps.db);
  if (!used) usedByApp.set(deps.db, (used = new Map<string, number>()));
  const nowSeconds = Date.now() / 1000;
  for (const [jti, exp] of used) if (exp <= nowSeconds) used.delete(jti);
  return used;
}

/** The password was right: a short-lived token (5 minutes) for this member's second step only. */
export async function startMfa(ctx: Deps, member: MemberRow): Promise<MfaRequired> {
  return { mfaRequired: true, mfaToken: await ctx.tokens.signMfaToken(member) };
}

/**
 * Trades an mfaToken and a passing second factor for the token pair (and the member's email, as
 * POST /login answers). The token must be this server's, unexpired, unused and of the member's
 * current token version (logging out everywhere or a new password ends it), and the member still
 * active. The account's login budget applies to every try (from any address: a right password
 * does not make an address trusted) and a wrong factor counts as a failed login.
 */
export async function completeMfa(
  ctx: RequestCtx,
  mfaToken: string,
  check: (
    member: MemberRow,
  ) => { ok: true } | { ok: false; message: string } | Promise<{ ok: true } | { ok: false; message: string }>,
): Promise<TokenPair & { email: string }> {
  const expired = new UnauthorizedError(TotpMessages.mfaExpired);
  const claims = await ctx.tokens.verifyMfaToken(mfaToken);
  if (!claims) throw expired;
  const used = usedTokens(ctx);
  const member = findMemberById(ctx.db, claims.id);
  if (
    !member ||
    member.status !== "active" ||
    member.tokenVersion !== claims.tokenVersion ||
    used.has(claims.jti)
  )
    throw expired;
  const { logins } = accountLimits(ctx);
  const now = ctx.now().getTime();
  logins.assertMayTry(member.email, null, now);
  const outcome = await check(member);
  if (!outcome.ok) {
    logins.failed(member.email, now);
    throw new UnauthorizedError(outcome.message);
  }
  if (used.has(claims.jti)) throw expired;
  used.set(claims.jti, claims.exp);
  logins.succeeded(member.email, ctx.networks?.[0]?.key ?? null);
  const pair = await ctx.tokens.issuePair(member, ctx.client);
  return { ...pair, email: member.email };
}

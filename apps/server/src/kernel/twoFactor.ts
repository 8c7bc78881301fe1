import { twoFactorStanding, type Db } from "@club/db";
import { TotpMessages } from "@club/shared";
import { isPasswordHash } from "../platform/passwords";
import type { AuthUser } from "./context";
import { ForbiddenError } from "./errors";

/**
 * Whether a member meets the club's rule of two factors for admins and treasurers as things
 * stand: they have two factors, or they cannot sign in with a password at all (a single sign-on
 * member: the provider guards that sign-in, with its own second factor).
 */
export function meetsTwoFactorRule(db: Db, memberId: number): boolean {
  const { enabled, passwordHash } = twoFactorStanding(db, memberId);
  return enabled || passwordHash === null || !isPasswordHash(passwordHash);
}

/** Whether the club requires two factors of this member and they do not have them yet. */
export function twoFactorSetupRequired(db: Db, user: Pick<AuthUser, "id" | "role">): boolean {
  if (user.role === "member") return false;
  const { required, enabled, passwordHash } = twoFactorStanding(db, user.id);
  return required && !enabled && passwordHash !== null && isPasswordHash(passwordHash);
}

/**
 * An admin's or a treasurer's call while the club requires two factors they have not set up:
 * 403 TWO_FACTOR_REQUIRED. What any member may do stays open to them, the Account page with it.
 */
export function refuseWithoutTwoFactors(db: Db, user: AuthUser): void {
  if (twoFactorSetupRequired(db, user))
    throw new ForbiddenError(TotpMessages.required, "TWO_FACTOR_REQUIRED");
}

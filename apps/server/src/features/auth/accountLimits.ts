import type { Deps } from "../../kernel/context";
import { TooManyRequestsError } from "../../kernel/errors";
import { MemberBudget } from "../../platform/writeBudget";

/** Failures older than this are forgotten. */
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The longest an account waits between two tries, however many failed. */
export const LOGIN_MAX_WAIT_SECONDS = 60;
/** Accounts (and addresses per account) remembered at most: the oldest go first. */
const MAX_ACCOUNTS = 10_000;
const MAX_KNOWN_ADDRESSES = 8;

interface Failures {
  count: number;
  last: number;
}

/**
 * The per-account side of the login limits (the per-address side is app/security.ts). An
 * account, known or not (the same for any address typed, so it tells nothing), may fail
 * `freeFailures` times in 15 minutes; after that each try waits for its turn, 1 s after the last
 * failure, then 2, 4... up to LOGIN_MAX_WAIT_SECONDS: a guesser gets about one try a minute,
 * whatever the number of addresses. A try refused while waiting costs no hash and counts nothing.
 * An address that logged into the account before is not held back (a member at home is not locked
 * out by a stranger guessing), and a success forgets the failures.
 */
export class LoginBackoff {
  private readonly failures = new Map<string, Failures>();
  private readonly known = new Map<string, string[]>();

  constructor(private readonly freeFailures: number) {}

  /** Throws the 429 AppError (with Retry-After) while the account must wait. */
  assertMayTry(account: string, address: string | null, now = Date.now()): void {
    if (address !== null && this.known.get(account)?.includes(address)) return;
    const wait = this.waitMs(account, now);
    if (wait > 0) throw new TooManyRequestsError(undefined, Math.ceil(wait / 1000));
  }

  private waitMs(account: string, now: number): number {
    const seen = this.failures.get(account);
    if (!seen || now - seen.last > FAILURE_WINDOW_MS) return 0;
    const over = seen.count - this.freeFailures;
    if (over < 0) return 0;
    const pause = Math.min(2 ** over, LOGIN_MAX_WAIT_SECONDS) * 1000;
    return Math.max(0, seen.last + pause - now);
  }

  failed(account: string, now = Date.now()): void {
    const seen = this.failures.get(account);
    const count = seen && now - seen.last <= FAILURE_WINDOW_MS ? seen.count + 1 : 1;
    this.failures.delete(account);
    this.failures.set(account, { count, last: now });
    trim(this.failures);
  }

  succeeded(account: string, address: string | null): void {
    this.failures.delete(account);
    if (address === null) return;
    const addresses = (this.known.get(account) ?? []).filter((a) => a !== address);
    this.known.delete(account);
    this.known.set(account, [address, ...addresses].slice(0, MAX_KNOWN_ADDRESSES));
    trim(this.known);
  }
}

/** Drops the oldest entries of a Map kept in order of use. */
function trim(map: Map<string, unknown>): void {
  for (const key of map.keys()) {
    if (map.size <= MAX_ACCOUNTS) return;
    map.delete(key);
  }
}

interface AccountLimits {
  logins: LoginBackoff;
  /** Account emails per recipient address in an hour. */
  mail: MemberBudget;
}

const byApp = new WeakMap<Deps["db"], AccountLimits>();

/** The app's per-account limits (RATE_LIMIT=false turns them off, like the others). */
export function accountLimits(deps: Deps): AccountLimits {
  let limits = byApp.get(deps.db);
  if (!limits) {
    const { enabled, accountFailures, mailPerHour } = deps.config.rateLimit;
    limits = {
      logins: new LoginBackoff(enabled ? accountFailures : Infinity),
      mail: new MemberBudget(enabled ? mailPerHour : Infinity, 60 * 60 * 1000),
    };
    byApp.set(deps.db, limits);
  }
  return limits;
}

/**
 * Whether one more account email may go to this address now (counted when it may). Beyond the
 * budget the mail is not sent and the caller answers as always: a registration flood cannot fill
 * an inbox with the club's mail, and the answer tells nothing.
 */
export function mayMail(deps: Deps, address: string): boolean {
  try {
    accountLimits(deps).mail.spend(address.toLowerCase());
    return true;
  } catch {
    return false;
  }
}

import { TooManyRequestsError } from "../kernel/errors";
import type { ClientNetwork } from "./clientAddress";

/**
 * A per-member budget of actions in a sliding minute (writes: WRITE_BUDGET_PER_MINUTE, 60 by
 * default): one account cannot flood the club, whether over REST, tRPC or a tRPC batch (each call
 * counts). Kept in memory: a restart forgives everyone, which is fine for a limit this short.
 */
export class MemberBudget {
  private readonly spent = new Map<number | string, number[]>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs = 60_000,
    private readonly message?: string,
  ) {}

  /**
   * Throws the 429 AppError when the key's budget is spent, counting nothing (the guest join checks
   * an address before it looks at the code).
   */
  assertLeft(key: number | string, now = Date.now()): void {
    const since = now - this.windowMs;
    const times = (this.spent.get(key) ?? []).filter((t) => t > since);
    if (times.length < this.perWindow) return;
    const freeAt = (times[times.length - this.perWindow] ?? now) + this.windowMs;
    throw new TooManyRequestsError(this.message, Math.max(1, Math.ceil((freeAt - now) / 1000)));
  }

  /** Counts one action of the member (or of a key: a guest, an address), or throws a 429 AppError when the budget is spent. */
  spend(memberId: number | string, now = Date.now()): void {
    const since = now - this.windowMs;
    const times = (this.spent.get(memberId) ?? []).filter((t) => t > since);
    if (times.length >= this.perWindow) {
      this.spent.set(memberId, times);
      const freeAt = (times[times.length - this.perWindow] ?? now) + this.windowMs;
      throw new TooManyRequestsError(this.message, Math.max(1, Math.ceil((freeAt - now) / 1000)));
    }
    times.push(now);
    this.spent.set(memberId, times);
    if (this.spent.size > 10_000) this.forgetIdle(since);
  }

  private forgetIdle(since: number): void {
    for (const [id, times] of this.spent) if (!times.some((t) => t > since)) this.spent.delete(id);
  }
}

/**
 * A per-client budget that a client spends from each network it is in at once (its IPv4 address;
 * its IPv6 /64, /56 and /48: platform/clientAddress.ts), each holding its share of clients'
 * budgets: a client with a /48 cannot be 65,536 clients. An action refused by any of them counts
 * in none.
 */
export class NetworkBudget {
  private readonly byShare = new Map<number, MemberBudget>();

  constructor(
    private readonly perClient: number,
    private readonly windowMs = 60_000,
  ) {}

  private budgetOf(share: number): MemberBudget {
    let budget = this.byShare.get(share);
    if (!budget) this.byShare.set(share, (budget = new MemberBudget(this.perClient * share, this.windowMs)));
    return budget;
  }

  /** Throws the 429 AppError when a network's budget is spent, counting nothing. */
  assertLeft(networks: readonly ClientNetwork[], now = Date.now()): void {
    for (const { key, share } of networks) this.budgetOf(share).assertLeft(key, now);
  }

  /** Counts one action in every network of the client, or throws the 429 AppError (counting nothing). */
  spend(networks: readonly ClientNetwork[], now = Date.now()): void {
    this.assertLeft(networks, now);
    for (const { key, share } of networks) this.budgetOf(share).spend(key, now);
  }
}

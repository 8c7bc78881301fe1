/** What a refused write's Retry-After says: a restore takes seconds. */
export const MAINTENANCE_RETRY_SECONDS = 5;

/** The 503's code (REST's error.code, tRPC's data.reason): the web app shows its message. */
export const MAINTENANCE_REASON = "MAINTENANCE";

/**
 * Maintenance while the club is restored from a file (features/transfer: the restore replaces
 * every table on a connection of its own): reads keep answering, from the club as it was until the
 * restore commits; every request that may write (any method but GET, HEAD and OPTIONS: REST,
 * tRPC mutations and batches, uploads, imports, logins) gets 503 with Retry-After and a message,
 * until the restore is done, so no change is made beside it, or lost under it. The refusal is
 * maintenanceHook.ts's.
 */
export class Maintenance {
  private running = 0;

  get active(): boolean {
    return this.running > 0;
  }

  /** Runs `work` with writes refused; they are let in again when it settles, whatever its outcome. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
    }
  }
}

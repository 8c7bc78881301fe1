import pLimit from "p-limit";
import { ServerMessages } from "@club/shared";
import type { Deps } from "../../kernel/context";
import { ServiceUnavailableError } from "../../kernel/errors";
import { MemberBudget } from "../../platform/writeBudget";

/** Imports read at once (the rest wait their turn), and how many may wait before a 503. */
export const IMPORTS_AT_ONCE = 2;
export const IMPORTS_WAITING_MAX = 8;
const BUSY_RETRY_SECONDS = 5;

interface Imports {
  /** Per member: CSV imports (dry runs included) and club restores in a minute (IMPORTS_PER_MINUTE). */
  budget: MemberBudget;
  limit: ReturnType<typeof pLimit>;
}

const byApp = new WeakMap<Deps, Imports>();

/**
 * The "imports" budget: parsing and checking a 2 MB file costs the server far more than a write,
 * so a CSV dry run counts as much as a real import, and at most IMPORTS_AT_ONCE run together
 * (each still yields to other requests between its slices). RATE_LIMIT=false turns the
 * per-member budget off, like the others.
 */
function importsOf(deps: Deps): Imports {
  let imports = byApp.get(deps);
  if (!imports) {
    const { config } = deps;
    imports = {
      budget: new MemberBudget(
        config.rateLimit.enabled ? config.importsPerMinute : Infinity,
        60_000,
        ServerMessages.importBudget,
      ),
      limit: pLimit(IMPORTS_AT_ONCE),
    };
    byApp.set(deps, imports);
  }
  return imports;
}

/** Spends one import of the member's budget (429 beyond), then runs the job in its turn (503 when too many wait). */
export function runImport<T>(deps: Deps, memberId: number, job: () => Promise<T>): Promise<T> {
  const imports = importsOf(deps);
  imports.budget.spend(memberId);
  if (imports.limit.pendingCount >= IMPORTS_WAITING_MAX)
    throw new ServiceUnavailableError(ServerMessages.importsBusy, "IMPORTS_BUSY", BUSY_RETRY_SECONDS);
  return imports.limit(job);
}

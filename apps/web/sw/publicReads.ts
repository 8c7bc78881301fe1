import type { QueryPath } from "@club/api";
import { APP_SHELL_OFFLINE_READS, ROUTE_TABLE } from "@club/shared";

/**
 * The tRPC reads the service worker may keep for offline use: public cached reads
 * (cachedReadProcedure), whose answer has no caller in its context and is the same for every
 * visitor and member. Nothing member-only (account, dues, my scores...) is ever stored, so a
 * shared phone or a logout leaves no one's private data in the cache. Declared per screen in the
 * route table (packages/shared/src/routeTable.ts, `offline`); apps/e2e/src/pwa-public-reads.test.ts checks each
 * name against the server's router.
 */
export const OFFLINE_READS: readonly QueryPath[] = [
  ...new Set([...ROUTE_TABLE.flatMap((route) => route.offline ?? []), ...APP_SHELL_OFFLINE_READS]),
];

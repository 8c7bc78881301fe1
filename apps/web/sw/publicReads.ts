import type { QueryPath } from "@club/api";

/**
 * The tRPC reads the service worker may keep for offline use: public cached reads
 * (cachedReadProcedure), whose answer has no caller in its context and is the same for every
 * visitor and member. Nothing member-only (account, dues, my scores...) is ever stored, so a
 * shared phone or a logout leaves no one's private data in the cache.
 * apps/e2e/src/pwa-public-reads.test.ts checks each name against the server's router.
 */
export const OFFLINE_READS: readonly QueryPath[] = [
  "bottles.list",
  "bottles.options",
  "bottles.byId",
  "comments.byBottle",
  "meetings.list",
  "meetings.byId",
  "themes.list",
  "lookups.brands",
  "lookups.drinkTypes",
  "lookups.countries",
  "lookups.states",
  "night.bottlePours",
  "night.clubScores",
  "search.bottles",
  "search.everything",
  "cellar.shelf",
  "stats.get",
];

/**
 * packages/shared knows no router: it keys its tables by plain strings (an activity sentence by
 * "bottles.create", a screen's offline reads by "meetings.list"). Here, where the router is known,
 * each table is checked against it: a misspelt or removed name does not compile. Types only.
 */
import type * as shared from "@club/shared";
import type { ActivityAction, QueryPath } from "./contract";

/** Compiles only when `T` is a `U`. */
type Is<T extends U, U> = T;

/** Every key of every namespace's sentence table is an action the log can hold. */
export type SentenceActionsChecked = Is<
  | keyof typeof shared.AUTH_SENTENCES
  | keyof typeof shared.BACKUPS_SENTENCES
  | keyof typeof shared.BOTTLES_SENTENCES
  | keyof typeof shared.CELLAR_SENTENCES
  | keyof typeof shared.CLUB_SENTENCES
  | keyof typeof shared.COMMENTS_SENTENCES
  | keyof typeof shared.GUESTS_SENTENCES
  | keyof typeof shared.INSTANCES_SENTENCES
  | keyof typeof shared.MEETINGS_SENTENCES
  | keyof typeof shared.NIGHT_SENTENCES
  | keyof typeof shared.NOTIFICATIONS_SENTENCES
  | keyof typeof shared.TOKENS_SENTENCES
  | keyof typeof shared.WEBHOOKS_SENTENCES
  | keyof typeof shared.TOTP_SENTENCES
  | keyof typeof shared.PASSKEYS_SENTENCES
  | keyof typeof shared.PASSKEY_LOGIN_SENTENCES
  | keyof typeof shared.PLANNING_SENTENCES
  | keyof typeof shared.MESSAGES_SENTENCES
  | keyof typeof shared.SSO_SENTENCES
  | keyof typeof shared.THEMES_SENTENCES
  | keyof typeof shared.WISHLIST_SENTENCES,
  ActivityAction
>;

/** Every read the route table names (a screen's offline reads, the shell's) is a read of /trpc. */
export type RouteReadsChecked = Is<
  | NonNullable<(typeof shared.ROUTE_TABLE)[number]["offline"]>[number]
  | (typeof shared.APP_SHELL_OFFLINE_READS)[number],
  QueryPath
>;

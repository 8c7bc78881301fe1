/**
 * packages/shared knows no router: it names procedures by plain strings (a namespace's actions in
 * the activity log, "bottles.create"; a screen's offline reads, "meetings.list"). Here, where the
 * router is known, each list is checked against it: a misspelt or removed name does not compile.
 * Types only.
 */
import type * as shared from "@club/shared";
import type { ActivityAction, QueryPath } from "./contract";

/** Compiles only when `T` is a `U`. */
type Is<T extends U, U> = T;

/** Every action of every namespace's list is an action the log can hold. */
export type SentenceActionsChecked = Is<
  | (typeof shared.AUTH_ACTIONS)[number]
  | (typeof shared.BACKUPS_ACTIONS)[number]
  | (typeof shared.BOTTLES_ACTIONS)[number]
  | (typeof shared.CELLAR_ACTIONS)[number]
  | (typeof shared.CLUB_ACTIONS)[number]
  | (typeof shared.COMMENTS_ACTIONS)[number]
  | (typeof shared.GUESTS_ACTIONS)[number]
  | (typeof shared.INSTANCES_ACTIONS)[number]
  | (typeof shared.MEETINGS_ACTIONS)[number]
  | (typeof shared.NIGHT_ACTIONS)[number]
  | (typeof shared.NOTIFICATIONS_ACTIONS)[number]
  | (typeof shared.TOKENS_ACTIONS)[number]
  | (typeof shared.WEBHOOKS_ACTIONS)[number]
  | (typeof shared.TOTP_ACTIONS)[number]
  | (typeof shared.PASSKEYS_ACTIONS)[number]
  | (typeof shared.PASSKEY_LOGIN_ACTIONS)[number]
  | (typeof shared.PLANNING_ACTIONS)[number]
  | (typeof shared.MESSAGES_ACTIONS)[number]
  | (typeof shared.SSO_ACTIONS)[number]
  | (typeof shared.THEMES_ACTIONS)[number]
  | (typeof shared.WISHLIST_ACTIONS)[number],
  ActivityAction
>;

/** The actions of a namespace missing from its list (never when the list is whole). */
type Unlisted<List extends readonly string[], Namespace extends string> = Exclude<
  Extract<ActivityAction, `${Namespace}.${string}`>,
  List[number]
>;

/** And each list is whole: a new write of a namespace with a list does not compile until it is in it. */
export type ActivityListsWhole = Is<
  [
    Unlisted<typeof shared.AUTH_ACTIONS, "auth">,
    Unlisted<typeof shared.BACKUPS_ACTIONS, "backups">,
    Unlisted<typeof shared.BOTTLES_ACTIONS, "bottles">,
    Unlisted<typeof shared.CELLAR_ACTIONS, "cellar">,
    Unlisted<typeof shared.CLUB_ACTIONS, "club">,
    Unlisted<typeof shared.COMMENTS_ACTIONS, "comments">,
    Unlisted<typeof shared.GUESTS_ACTIONS, "guests">,
    Unlisted<typeof shared.INSTANCES_ACTIONS, "instances">,
    Unlisted<typeof shared.MEETINGS_ACTIONS, "meetings">,
    Unlisted<typeof shared.NIGHT_ACTIONS, "night">,
    Unlisted<typeof shared.NOTIFICATIONS_ACTIONS, "notifications">,
    Unlisted<typeof shared.TOKENS_ACTIONS, "tokens">,
    Unlisted<typeof shared.WEBHOOKS_ACTIONS, "webhooks">,
    Unlisted<typeof shared.TOTP_ACTIONS, "totp">,
    Unlisted<typeof shared.PASSKEYS_ACTIONS, "passkeys">,
    Unlisted<typeof shared.PASSKEY_LOGIN_ACTIONS, "passkeyLogin">,
    Unlisted<typeof shared.PLANNING_ACTIONS, "planning">,
    Unlisted<typeof shared.MESSAGES_ACTIONS, "messages">,
    Unlisted<typeof shared.SSO_ACTIONS, "sso">,
    Unlisted<typeof shared.THEMES_ACTIONS, "themes">,
    Unlisted<typeof shared.WISHLIST_ACTIONS, "wishlist">,
  ],
  never[]
>;

/** Every read the route table names (a screen's offline reads, the shell's) is a read of /trpc. */
export type RouteReadsChecked = Is<
  | NonNullable<(typeof shared.ROUTE_TABLE)[number]["offline"]>[number]
  | (typeof shared.APP_SHELL_OFFLINE_READS)[number],
  QueryPath
>;

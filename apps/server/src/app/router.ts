import { accountRouter } from "../features/account/router";
import { activityRouter } from "../features/activity/router";
import { authRouter } from "../features/auth/router";
import { ssoRouter } from "../features/sso/router";
import { membersRouter } from "../features/members/router";
import { nightRouter } from "../features/night/router";
import { guestsRouter } from "../features/guests/router";
import { calendarRouter } from "../features/calendar/router";
import { duesRouter } from "../features/dues/router";
import { remindersRouter } from "../features/reminders/router";
import { bottlesRouter } from "../features/bottles/router";
import { commentsRouter } from "../features/comments/router";
import { instancesRouter } from "../features/instances/router";
import { lookupsRouter } from "../features/lookups/router";
import { meetingsRouter } from "../features/meetings/router";
import { themesRouter } from "../features/themes/router";
import { backupsRouter } from "../features/backups/router";
import { cellarRouter } from "../features/cellar/router";
import { searchRouter } from "../features/search/router";
import { statsRouter } from "../features/stats/router";
import { wishlistRouter } from "../features/wishlist/router";
import { messagesRouter, planningRouter } from "../features/planning/router";
import { notificationsRouter } from "../features/notifications/router";
import { clubRouter } from "../features/club/router";
import { tokensRouter } from "../features/tokens/router";
import { webhooksRouter } from "../features/webhooks/router";
import { totpRouter } from "../features/totp/router";
import { passkeyLoginRouter, passkeysRouter } from "../features/passkeys/router";
import { callerCtx, type AuthUser, type Deps, type GuestPass } from "../kernel/context";
import type { Tag } from "../kernel/meta";
import { createCallerFactory, router } from "../kernel/trpc";

/**
 * The feature registry: each router namespace once, with its procedures and its
 * OpenAPI tag. The routers below and the document's tags (app/openapi.ts) are made from it.
 */
const sessionFeatures = {
  auth: { router: authRouter, tag: "Auth" },
  sso: { router: ssoRouter, tag: "Single sign-on" },
  passkeyLogin: { router: passkeyLoginRouter, tag: "Auth" },
} as const satisfies Record<string, Feature>;

/** The features the web app calls over tRPC, at /trpc. */
const trpcFeatureList = {
  meetings: { router: meetingsRouter, tag: "Meetings" },
  themes: { router: themesRouter, tag: "Themes" },
  bottles: { router: bottlesRouter, tag: "Bottles" },
  instances: { router: instancesRouter, tag: "Bottle instances" },
  comments: { router: commentsRouter, tag: "Comments" },
  lookups: { router: lookupsRouter, tag: "Lookups" },
  members: { router: membersRouter, tag: "Members" },
  account: { router: accountRouter, tag: "Account" },
  tokens: { router: tokensRouter, tag: "Account" },
  totp: { router: totpRouter, tag: "Account" },
  passkeys: { router: passkeysRouter, tag: "Account" },
  activity: { router: activityRouter, tag: "Activity" },
  night: { router: nightRouter, tag: "Meeting night" },
  guests: { router: guestsRouter, tag: "Meeting night" },
  calendar: { router: calendarRouter, tag: "Calendar" },
  dues: { router: duesRouter, tag: "Dues" },
  reminders: { router: remindersRouter, tag: "Reminders" },
  backups: { router: backupsRouter, tag: "Backups" },
  cellar: { router: cellarRouter, tag: "Cellar" },
  search: { router: searchRouter, tag: "Search" },
  stats: { router: statsRouter, tag: "Stats" },
  wishlist: { router: wishlistRouter, tag: "Bottles" },
  notifications: { router: notificationsRouter, tag: "Notifications" },
  planning: { router: planningRouter, tag: "Meetings" },
  messages: { router: messagesRouter, tag: "Meetings" },
  club: { router: clubRouter, tag: "Club" },
  webhooks: { router: webhooksRouter, tag: "Webhooks" },
} as const satisfies Record<string, Feature>;

interface Feature {
  router: object;
  tag: Tag;
}

/** The routers of a registry, namespace by namespace. */
function routersOf<F extends Record<string, Feature>>(features: F): { [K in keyof F]: F[K]["router"] } {
  return Object.fromEntries(Object.entries(features).map(([name, f]) => [name, f.router])) as {
    [K in keyof F]: F[K]["router"];
  };
}

/** Every namespace of the API with its OpenAPI tag. */
export const FEATURE_TAGS: Readonly<Record<string, Tag>> = Object.fromEntries(
  Object.entries({ ...sessionFeatures, ...trpcFeatureList }).map(([name, f]) => [name, f.tag]),
);

const trpcFeatures = routersOf(trpcFeatureList);

/** Served at /trpc; its type is the web app's contract. */
export const appRouter = router(trpcFeatures);
export type AppRouter = typeof appRouter;

/**
 * Every procedure, including the REST-only ones (the session's calls, which the web app makes
 * over REST as docs/product.md lists them). The REST routes, the OpenAPI document and the test tables
 * are walked from this one.
 */
export const apiRouter = router({ ...routersOf(sessionFeatures), ...trpcFeatures });
export type ApiRouter = typeof apiRouter;

/** A server-side caller, used by tests: createCaller(deps, user). */
export const createCaller = (deps: Deps, user: AuthUser | null = null) =>
  createCallerFactory(apiRouter)(callerCtx(deps, user));

/** A server-side caller holding a guest pass, used by tests. */
export const createGuestCaller = (deps: Deps, guest: GuestPass) =>
  createCallerFactory(apiRouter)(callerCtx(deps, null, guest));

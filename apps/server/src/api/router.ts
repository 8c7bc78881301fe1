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
import { callerCtx, type AuthUser, type Deps, type GuestPass } from "./context";
import { createCallerFactory, router } from "./trpc";

/** The procedures the web app calls over tRPC, at /trpc. */
const trpcFeatures = {
  meetings: meetingsRouter,
  themes: themesRouter,
  bottles: bottlesRouter,
  instances: instancesRouter,
  comments: commentsRouter,
  lookups: lookupsRouter,
  members: membersRouter,
  account: accountRouter,
  activity: activityRouter,
  night: nightRouter,
  guests: guestsRouter,
  calendar: calendarRouter,
  dues: duesRouter,
  reminders: remindersRouter,
  backups: backupsRouter,
  cellar: cellarRouter,
  search: searchRouter,
  stats: statsRouter,
};

/** Served at /trpc; its type is the web app's contract. */
export const appRouter = router(trpcFeatures);
export type AppRouter = typeof appRouter;

/**
 * Every procedure, including the REST-only ones (the session's calls, which the web app makes
 * over REST as SPEC.md lists them). The REST routes, the OpenAPI document and the test tables
 * are walked from this one.
 */
export const apiRouter = router({ auth: authRouter, sso: ssoRouter, ...trpcFeatures });
export type ApiRouter = typeof apiRouter;

/** A server-side caller, used by tests: createCaller(deps, user). */
export const createCaller = (deps: Deps, user: AuthUser | null = null) =>
  createCallerFactory(apiRouter)(callerCtx(deps, user));

/** A server-side caller holding a guest pass (issue 26), used by tests. */
export const createGuestCaller = (deps: Deps, guest: GuestPass) =>
  createCallerFactory(apiRouter)(callerCtx(deps, null, guest));

import Fastify, { type FastifyInstance } from "fastify";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { Transporter } from "nodemailer";
import { closeDb, openDb, referencedImageHashes, type Db } from "@club/db";
import { migrateAtStart } from "../features/backups/beforeUpgrade";
import { loadConfig, type Config } from "../config";
import { requestCtxOf, type Deps } from "../kernel/context";
import guestPassesPlugin from "./guestPasses";
import unusedConnectionsPlugin from "../platform/unusedConnections";
import { IMAGE_SWEEP_INTERVAL_MS, IMAGE_UNDO_RETENTION_MS, ImageStore } from "../platform/images";
import { secureDataDir } from "../platform/dataDir";
import { loggerOptions, OneLinePerRequest } from "../platform/logger";
import { Mailer } from "../platform/mailer";
import { Pusher } from "../platform/push";
import { WebhookSender } from "../platform/webhooks";
import { ReadCache } from "../platform/readCache";
import { TokenService } from "../platform/tokens";
import { MeetingEvents } from "../platform/meetingEvents";
import { ClubJobs } from "./clubJobs";
import { markDiskFull } from "../platform/diskSpace";
import { AppError, DISK_FULL_LOG } from "../kernel/errors";
import { MemberBudget } from "../platform/writeBudget";
import { Maintenance } from "../platform/maintenance";
import maintenancePlugin from "./maintenanceHook";
import compressionPlugin from "../platform/compression";
import errorsPlugin, { frameworkErrors } from "../kernel/restErrors";
import openapiPlugin from "./openapiDocs";
import securityPlugin, { JSON_BODY_LIMIT, REQUEST_TIMEOUT_MS, trustProxyOption } from "./security";
import corsPlugin from "./cors";
import basePathPlugin, { stripBasePath } from "./basePath";
import metricsPlugin from "./metrics";
import trpcFastPathPlugin from "./trpcFastPath";
import liveStreamsPlugin from "./liveStreams";
import { bootScriptSource } from "./pageHints";
import webPlugin, { webDistDir } from "./web";
import { seedOnNewDatabase } from "../seed";
import { restRoutes } from "./rest";
import { restOnlyPlugin } from "./restOnly";
import { appRouter, type AppRouter } from "./router";
import { embedPlugin } from "../features/calendar/embed";
import ssoAutoRedirectPlugin from "../features/sso/autoRedirect";

export interface BuildAppOptions {
  config?: Config;
  env?: NodeJS.ProcessEnv;
  /** pino logger options; false (default in tests) silences logs. */
  logger?: boolean | object;
  mailTransport?: Transporter;
  /** Delay before retry n of a failed email (default 5 s × 2ⁿ, capped at 1 h); tests shorten it. */
  mailBackoffMs?: (attempts: number) => number;
  /** The webhooks' retry delay (tests shorten it); the outboxes' back-off otherwise. */
  webhookBackoffMs?: (attempts: number) => number;
  webDistDir?: string;
  /** The clock (tests move it to cross a reminder's send time or a month's first day). */
  now?: () => Date;
  /** Called with the SQL of every statement the database connection runs (statement-count tests). */
  onStatement?: (sql: string) => void;
  /**
   * Whether the club's jobs (dues, reminders, backups) repeat every 5 minutes after the pass at
   * start (default true). Tests turn it off and call app.clubJobs.run(): a pass landing in the
   * middle of a test would write rows the test did not ask for.
   */
  repeatClubJobs?: boolean;
}

/** How long after the server starts listening the club's jobs make their first pass. */
const JOBS_AFTER_LISTEN_MS = 1_000;

/** Builds the whole app: database, plugins, /trpc and the REST routes. It never listens. */
export async function buildApp(opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = opts.config ?? loadConfig(opts.env);
  const app = Fastify({
    logger:
      opts.logger === undefined || opts.logger === false
        ? false
        : typeof opts.logger === "object"
          ? opts.logger
          : loggerOptions(config.logLevel),
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: REQUEST_TIMEOUT_MS,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { maxParamLength: 5000 },
    genReqId: () => crypto.randomUUID(),
    logController: new OneLinePerRequest(),
    frameworkErrors,
    // Under APP_URL's path: the routes see URLs without it (app/basePath.ts).
    rewriteUrl: stripBasePath(config.basePath),
  });

  // JSON endpoints take JSON only: without Fastify's text/plain parser, a text body is a 415 like a
  // form body (not a 400 from the input's validation), before anything runs.
  app.removeContentTypeParser("text/plain");

  for (const problem of secureDataDir(config))
    app.log.warn(`could not make this private to the server's user: ${problem}`);
  const db: Db = openDb(config.dbFile, { onStatement: opts.onStatement });
  const now = opts.now ?? (() => new Date());
  let isNew: boolean;
  try {
    ({ isNew } = await migrateAtStart(db, config, app.log, now()));
  } catch (error) {
    db.$client.close();
    throw error;
  }
  const reads = new ReadCache(db, { enabled: config.readCache, maxBytes: config.readCacheBytes });
  const tokens = new TokenService(db, config.jwtSecret);
  const mailer = new Mailer(db, config, app.log, opts.mailTransport, opts.mailBackoffMs);
  const push = new Pusher(db, config, app.log);
  const webhooks = new WebhookSender(db, config, app.log, opts.webhookBackoffMs);
  const images = new ImageStore(config.imagesDir, {
    concurrency: config.images.concurrency,
    maxQueued: config.images.maxQueued,
    referenced: () => referencedImageHashes(db, new Date(Date.now() - IMAGE_UNDO_RETENTION_MS).toISOString()),
  });
  // RATE_LIMIT=false (benchmarks, some tests) turns off every limit, this one too.
  const writeBudget = new MemberBudget(config.rateLimit.enabled ? config.writeBudgetPerMinute : Infinity);
  const events = new MeetingEvents();
  app.decorate("deps", {
    db,
    config,
    mailer,
    push,
    webhooks,
    images,
    tokens,
    reads,
    writeBudget,
    events,
    maintenance: new Maintenance(),
    now,
  } satisfies Deps);
  if (isNew) await seedOnNewDatabase(app.deps, app.log);

  // Image files nothing refers to: swept at start and daily (the undo retention runs out), and
  // after the writes that let go of an image (services call images.sweepSoon()).
  const sweepImages = () =>
    images.sweepSoon().catch((err: unknown) => app.log.error({ err }, "image sweep failed"));
  const dailySweep = setInterval(() => void sweepImages(), IMAGE_SWEEP_INTERVAL_MS);
  dailySweep.unref();
  const jobs = new ClubJobs(app.deps, app.log);
  app.decorate("clubJobs", jobs);
  // The first pass of the club's jobs and the image sweep start a second after the server listens:
  // the first requests need neither, and at start they competed with them (the start's time).
  // Tests that drive the jobs themselves (repeatClubJobs: false, most never listen) get the pass
  // once the app is ready, as before.
  const repeatJobs = opts.repeatClubJobs ?? true;
  const startJobs = () => {
    jobs.start(repeatJobs);
    void sweepImages();
  };
  app.addHook("onReady", async () => {
    mailer.start();
    push.start();
    webhooks.start();
    if (!repeatJobs) startJobs();
  });
  let jobsLater: NodeJS.Timeout | undefined;
  app.addHook("onListen", async () => {
    if (repeatJobs) jobsLater = setTimeout(startJobs, JOBS_AFTER_LISTEN_MS).unref();
  });
  app.addHook("onClose", async () => {
    clearTimeout(jobsLater);
    clearInterval(dailySweep);
    await jobs.stop();
    await mailer.stop();
    await push.stop();
    await webhooks.stop();
    await images.settled(); // a running sweep reads the database
    closeDb(db);
  });

  await app.register(errorsPlugin);
  await app.register(unusedConnectionsPlugin);
  const boot = bootScriptSource(opts.webDistDir ?? webDistDir);
  await app.register(securityPlugin, { config, inlineScripts: boot ? [boot] : [] });
  await app.register(basePathPlugin, { basePath: config.basePath });
  await app.register(corsPlugin, { origins: config.corsOrigins });
  // Before the routes, so its hook times every one of them.
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(guestPassesPlugin);
  await app.register(maintenancePlugin);
  await app.register(compressionPlugin);

  await app.register(trpcFastPathPlugin, { enabled: config.readCache });
  await app.register(liveStreamsPlugin, { caps: config.liveStreams });
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => requestCtxOf(req),
      onError({ path, error }) {
        if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ path, err: error }, "tRPC error");
        if (error.cause instanceof AppError && error.cause.details.reason === "DISK_FULL") {
          app.log.error({ path, err: error }, DISK_FULL_LOG);
          markDiskFull(app.deps.db);
        }
      },
      // What tRPC itself answers is the caller's (the cached public reads are the fast path's, with
      // their ETag): never stored, as the REST answers (app/security.ts).
      responseMeta: () => ({ headers: { "cache-control": "no-store" } }),
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
  await app.register(restRoutes);
  await app.register(restOnlyPlugin);
  await app.register(openapiPlugin);
  await app.register(embedPlugin);
  await app.register(ssoAutoRedirectPlugin);
  await app.register(webPlugin, { distDir: opts.webDistDir });
  return app;
}

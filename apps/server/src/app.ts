import Fastify, { type FastifyInstance } from "fastify";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { Transporter } from "nodemailer";
import { closeDb, openDb, runMigrations, type Db } from "@club/db";
import { loadConfig, type Config } from "./config";
import type { Deps } from "./lib/deps";
import { ImageStore } from "./lib/images";
import { loggerOptions, OneLinePerRequest } from "./lib/logger";
import { Mailer } from "./lib/mailer";
import { ReadCache } from "./lib/readCache";
import { TokenService } from "./lib/tokens";
import compressionPlugin from "./plugins/compression";
import errorsPlugin, { frameworkErrors } from "./plugins/errors";
import openapiPlugin from "./plugins/openapi";
import securityPlugin, { JSON_BODY_LIMIT, REQUEST_TIMEOUT_MS } from "./plugins/security";
import trpcReadCachePlugin from "./plugins/trpcReadCache";
import webPlugin from "./plugins/web";
import { seedOnNewDatabase } from "./seed";
import { restRoutes } from "./routes";
import { createContext } from "./trpc/context";
import { appRouter, type AppRouter } from "./trpc/router";

export interface BuildAppOptions {
  config?: Config;
  env?: NodeJS.ProcessEnv;
  /** pino logger options; false (default in tests) silences logs. */
  logger?: boolean | object;
  mailTransport?: Transporter;
  /** Delay before retry n of a failed email (default 5 s × 2ⁿ, capped at 1 h); tests shorten it. */
  mailBackoffMs?: (attempts: number) => number;
  webDistDir?: string;
  /** Called with the SQL of every statement the database connection runs (statement-count tests). */
  onStatement?: (sql: string) => void;
}

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
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    genReqId: () => crypto.randomUUID(),
    logController: new OneLinePerRequest(),
    frameworkErrors,
  });

  const db: Db = openDb(config.dbFile, { onStatement: opts.onStatement });
  const { isNew } = runMigrations(db);
  const reads = new ReadCache(db, { enabled: config.readCache });
  const tokens = new TokenService(db, config.jwtSecret);
  const mailer = new Mailer(db, config, app.log, opts.mailTransport, opts.mailBackoffMs);
  const images = new ImageStore(config.imagesDir);
  app.decorate("deps", { db, config, mailer, images, tokens, reads } satisfies Deps);
  if (isNew) await seedOnNewDatabase(app.deps, app.log);

  app.addHook("onReady", async () => mailer.start());
  app.addHook("onClose", async () => {
    await mailer.stop();
    closeDb(db);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(compressionPlugin);

  app.get("/healthz", async (_req, reply) => {
    try {
      db.$client.prepare("SELECT 1").get();
      return { status: "ok" };
    } catch {
      return reply.code(503).send({ status: "unavailable" });
    }
  });

  await app.register(trpcReadCachePlugin, { enabled: config.readCache });
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext,
      onError({ path, error }) {
        if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ path, err: error }, "tRPC error");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
  await app.register(restRoutes);
  await app.register(openapiPlugin);
  await app.register(webPlugin, { distDir: opts.webDistDir });
  return app;
}

import Fastify, { type FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { Transporter } from "nodemailer";
import { closeDb, openDb, runMigrations, type Db } from "@club/db";
import { IMAGE_MAX_BYTES } from "@club/shared";
import { loadConfig, type Config } from "./config";
import type { Deps } from "./lib/deps";
import { ImageStore } from "./lib/images";
import { loggerOptions, OneLinePerRequest } from "./lib/logger";
import { Mailer } from "./lib/mailer";
import { TokenService } from "./lib/tokens";
import errorsPlugin, { frameworkErrors } from "./plugins/errors";
import openapiPlugin from "./plugins/openapi";
import securityPlugin, { JSON_BODY_LIMIT } from "./plugins/security";
import webPlugin from "./plugins/web";
import { seedOnNewDatabase } from "./seed";
import { restRoutes } from "./routes";
import { createContext } from "./trpc/context";
import { appRouter, type AppRouter } from "./trpc/router";

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface BuildAppOptions {
  config?: Config;
  env?: NodeJS.ProcessEnv;
  /** pino logger options; false (default in tests) silences logs. */
  logger?: boolean | object;
  mailTransport?: Transporter;
  /** Delay before retry n of a failed email (default 5 s × 2ⁿ, capped at 1 h); tests shorten it. */
  mailBackoffMs?: (attempts: number) => number;
  webDistDir?: string;
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
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    genReqId: () => crypto.randomUUID(),
    logController: new OneLinePerRequest(),
    frameworkErrors,
  });

  const db: Db = openDb(config.dbFile);
  const { isNew } = runMigrations(db);
  const tokens = new TokenService(db, config.jwtSecret);
  const mailer = new Mailer(db, config, app.log, opts.mailTransport, opts.mailBackoffMs);
  const images = new ImageStore(config.imagesDir);
  app.decorate("deps", { db, config, mailer, images, tokens } satisfies Deps);
  if (isNew) await seedOnNewDatabase(app.deps, app.log);

  app.addHook("onReady", async () => mailer.start());
  app.addHook("onClose", async () => {
    await mailer.stop();
    closeDb(db);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10 } });

  app.get("/healthz", async (_req, reply) => {
    try {
      db.$client.prepare("SELECT 1").get();
      return { status: "ok" };
    } catch {
      return reply.code(503).send({ status: "unavailable" });
    }
  });

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

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { OpenApiDocument } from "./openapi";

export const OPENAPI_JSON_PATH = "/api/openapi.json";
export const DOCS_PREFIX = "/docs";

const documentLoaded = new Map<string, Promise<OpenApiDocument>>();

/**
 * The OpenAPI document, generated from the route table and the shared zod schemas on the first
 * request that needs it, not at start (building it takes a few hundred ms and ~10 MB); its
 * `servers` entry is the club's APP_URL.
 */
export const loadOpenApiDocument = (appUrl: string): Promise<OpenApiDocument> => {
  let loaded = documentLoaded.get(appUrl);
  if (!loaded) {
    loaded = import("./openapi").then(({ openApiDocument }) => openApiDocument(appUrl));
    documentLoaded.set(appUrl, loaded);
  }
  return loaded;
};

/**
 * Swagger UI in an app of its own, made on the first visit to /docs: loading @fastify/swagger-ui
 * (and its static file index) cost about a tenth of the server's start for a page few visit.
 */
async function createDocsApp(appUrl: string): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swaggerUi }, document] = await Promise.all([
    import("fastify"),
    import("@fastify/swagger-ui"),
    loadOpenApiDocument(appUrl),
  ]);
  const docs = Fastify({ logger: false });
  // What @fastify/swagger would decorate (read by swagger-ui's /docs/json and /docs/yaml), under
  // its name to satisfy swagger-ui's dependency on it.
  await docs.register(
    fp(async (a) => void a.decorate("swagger", () => document), { name: "@fastify/swagger" }),
  );
  await docs.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Its Content-Security-Policy comes from security.ts (DOCS_CSP_DIRECTIVES for /docs*).
    // BaseLayout: no top bar (its "Explore" box and the Fastify logo); no calls to the online validator.
    uiConfig: { docExpansion: "list", deepLinking: true, layout: "BaseLayout", validatorUrl: null },
  });
  await docs.ready();
  return docs;
}

/** Headers the outer reply sets itself (length, compression, connection). */
const NOT_FORWARDED = new Set([
  "host",
  "content-length",
  "accept-encoding",
  "connection",
  "transfer-encoding",
  "date",
]);

/**
 * The OpenAPI document at /api/openapi.json, and Swagger UI at /docs (its assets are bundled: no
 * CDN, works offline). Both are made on first use.
 */
export default fp(
  async (app) => {
    let docsApp: Promise<FastifyInstance> | undefined;
    const openDocs = () =>
      (docsApp ??= createDocsApp(app.deps.config.appUrl).catch((error: unknown) => {
        docsApp = undefined;
        throw error;
      }));
    const forwardToDocs = async (req: FastifyRequest, reply: FastifyReply) => {
      // Swagger UI's page at /docs (no "/") links its files from the root (/docs/static/...), which
      // under APP_URL's path is outside the club: the page at /docs/ links them relative to itself.
      if (app.deps.config.basePath && req.routeOptions.url === DOCS_PREFIX) {
        const at = req.url.indexOf("?");
        return reply.redirect(`${DOCS_PREFIX}/${at < 0 ? "" : req.url.slice(at)}`, 308);
      }
      const docs = await openDocs();
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !NOT_FORWARDED.has(name)),
      ) as Record<string, string>;
      const res = await docs.inject({ method: req.method as "GET" | "HEAD", url: req.url, headers });
      for (const [name, value] of Object.entries(res.headers))
        if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
      return reply.code(res.statusCode).send(res.rawPayload);
    };
    for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/*`])
      app.route({ method: ["GET", "HEAD"], url, handler: forwardToDocs });
    app.addHook("onClose", async () => {
      if (docsApp) await (await docsApp.catch(() => undefined))?.close();
    });
    app.get(OPENAPI_JSON_PATH, async (_req, reply) =>
      reply.header("Cache-Control", "no-cache").send(await loadOpenApiDocument(app.deps.config.appUrl)),
    );
  },
  { name: "openapi" },
);

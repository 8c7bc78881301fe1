import fp from "fastify-plugin";
import swaggerUi from "@fastify/swagger-ui";
import type { OpenApiDocument } from "../api/openapi";

export const OPENAPI_JSON_PATH = "/api/openapi.json";
export const DOCS_PREFIX = "/docs";

let documentLoaded: Promise<OpenApiDocument> | undefined;

/**
 * The OpenAPI document, generated from the route table and the shared zod schemas on the first
 * request that needs it, not at start (building it takes a few hundred ms and ~10 MB).
 */
export const loadOpenApiDocument = (): Promise<OpenApiDocument> =>
  (documentLoaded ??= import("../api/openapi").then(({ openApiDocument }) => openApiDocument()));

/**
 * What @fastify/swagger would decorate (`app.swagger()`, read by swagger-ui's /docs/json and
 * /docs/yaml), under its name to satisfy swagger-ui's dependency. The document is always loaded
 * by the onRequest hook below before swagger-ui's handlers run.
 */
const lazySwagger = fp(
  async (app) => {
    let document: OpenApiDocument | undefined;
    app.decorate("swagger", () => {
      if (!document) throw new Error("the OpenAPI document is not loaded yet");
      return document;
    });
    app.addHook("onRequest", async (req) => {
      if (!document && (req.url === DOCS_PREFIX || req.url.startsWith(`${DOCS_PREFIX}/`)))
        document = await loadOpenApiDocument();
    });
  },
  { name: "@fastify/swagger" },
);

/**
 * The OpenAPI document at /api/openapi.json, and Swagger UI at /docs (its assets are bundled: no
 * CDN, works offline). Both build the document on first use.
 */
export default fp(
  async (app) => {
    await app.register(lazySwagger);
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // Its Content-Security-Policy comes from plugins/security.ts (DOCS_CSP_DIRECTIVES for /docs*).
      // BaseLayout: no top bar (its "Explore" box and the Fastify logo); no calls to the online validator.
      uiConfig: { docExpansion: "list", deepLinking: true, layout: "BaseLayout", validatorUrl: null },
    });
    app.get(OPENAPI_JSON_PATH, async (_req, reply) =>
      reply.header("Cache-Control", "no-cache").send(await loadOpenApiDocument()),
    );
  },
  { name: "openapi" },
);

import fp from "fastify-plugin";
import swagger, { type StaticDocumentSpec } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { openApiDocument } from "../api/openapi";

export const OPENAPI_JSON_PATH = "/api/openapi.json";
export const DOCS_PREFIX = "/docs";

/**
 * The OpenAPI document generated from the route table and the shared zod schemas, served at
 * /api/openapi.json, and Swagger UI at /docs (its assets are bundled: no CDN, works offline).
 */
export default fp(
  async (app) => {
    const document = openApiDocument();
    await app.register(swagger, {
      mode: "static",
      specification: { document: document as unknown as StaticDocumentSpec["document"] },
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // Its Content-Security-Policy comes from plugins/security.ts (DOCS_CSP_DIRECTIVES for /docs*).
      // BaseLayout: no top bar (its "Explore" box and the Fastify logo); no calls to the online validator.
      uiConfig: { docExpansion: "list", deepLinking: true, layout: "BaseLayout", validatorUrl: null },
    });
    app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async (_req, reply) =>
      reply.header("Cache-Control", "no-cache").send(document),
    );
  },
  { name: "openapi" },
);

import { APP_VERSION } from "@club/shared";
import { HealthSchema } from "../api/openapiSchemas";
import { restOnlyRoute } from "../api/restOnlyRoute";

/**
 * GET /healthz: 200 with the release's version when the database answers, 503 otherwise (Docker's
 * HEALTHCHECK, uptime monitors).
 */
export const healthRoute = restOnlyRoute({
  access: "public",
  doc: {
    method: "GET",
    path: "/healthz",
    operationId: "health",
    tag: "Operations",
    summary: "Health check",
    description:
      "200 with the server's version when the database is reachable, 503 otherwise. For Docker's HEALTHCHECK and uptime monitors.",
    response: { status: 200, description: "Healthy.", schema: HealthSchema },
    errors: [503],
  },
  handler: ({ req, reply }) => {
    try {
      req.server.deps.db.$client.prepare("SELECT 1").get();
      return { status: "ok", version: APP_VERSION };
    } catch {
      return reply.code(503).send({ status: "unavailable" });
    }
  },
});

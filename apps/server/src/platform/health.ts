import { APP_VERSION } from "@club/shared";
import { HealthSchema } from "../kernel/openapiSchemas";
import { restOnlyRoute } from "../kernel/restOnlyRoute";
import { DISK_FULL_RETRY_SECONDS } from "../kernel/errors";
import { diskIsFull } from "./diskSpace";

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
      "200 with the server's version when the database is reachable and takes writes, 503 otherwise (`reason` says why: the database cannot be read, or the disk under DATA_DIR is full). For Docker's HEALTHCHECK and uptime monitors.",
    response: { status: 200, description: "Healthy.", schema: HealthSchema },
    errors: [503],
  },
  handler: ({ req, reply }) => {
    const { db, config } = req.server.deps;
    try {
      db.$client.prepare("SELECT 1").get();
    } catch {
      return reply.code(503).send({ status: "unavailable", reason: "the database cannot be read" });
    }
    if (diskIsFull(db, config.dataDir))
      return reply
        .code(503)
        .header("retry-after", String(DISK_FULL_RETRY_SECONDS))
        .send({ status: "unavailable", reason: "the disk under DATA_DIR is full: writes are refused" });
    return { status: "ok", version: APP_VERSION };
  },
});

import { readFile } from "node:fs/promises";
import type { FastifyPluginAsync } from "fastify";
import { BottleIdSchema, BottleImageQuerySchema } from "@club/shared";
import { parseInput } from "../../../lib/errors";
import { ctxOf } from "../../../lib/rest";
import { getBottleImage } from "../service";

const CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** True when an If-None-Match header names this (strong) ETag, weakly compared, or is `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

/** GET /api/Bottles/{id}/Image[?size=thumb|medium]: the stored webp, revalidated by ETag. */
export const getImageRoute: FastifyPluginAsync = async (app) => {
  app.get("/api/Bottles/:id/Image", async (req, reply) => {
    const { id } = parseInput(BottleIdSchema, req.params);
    const { size } = parseInput(BottleImageQuerySchema, req.query);
    const image = await getBottleImage(await ctxOf(req), { id, size });
    reply.header("ETag", image.etag).header("Cache-Control", CACHE_CONTROL);
    if (etagMatches(req.headers["if-none-match"], image.etag)) return reply.code(304).send();
    const data = await readFile(image.path);
    return reply.type(image.contentType).header("X-Content-Type-Options", "nosniff").send(data);
  });
};

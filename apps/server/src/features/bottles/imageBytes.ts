import { readFile } from "node:fs/promises";
import { BottleIdSchema, BottleImageQuerySchema } from "@club/shared";
import { requestCtx } from "../../kernel/context";
import { parseInput } from "../../kernel/errors";
import { restOnlyRoute } from "../../kernel/restOnlyRoute";
import { ifNoneMatchHits } from "../../platform/httpCache";
import { getBottleImage } from "./service";

const CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** GET /api/Bottles/{id}/Image[?size=thumb|medium]: the stored webp, revalidated by ETag. */
export const imageBytesRoute = restOnlyRoute({
  access: "public",
  doc: {
    method: "GET",
    path: "/api/Bottles/:id/Image",
    operationId: "getBottleImage",
    tag: "Bottles",
    summary: "Get a bottle's image",
    description:
      "The stored image (re-encoded, at most 1600 px), or with `size=medium` / `size=thumb` a variant of at most 800 / 320 px. Served with an ETag: send it back in If-None-Match to get a 304. 404 when the bottle has no image.",
    params: BottleIdSchema,
    query: BottleImageQuerySchema,
    response: { status: 200, description: "The image.", binary: ["image/webp"] },
    notModified: true,
    errors: [404],
  },
  handler: async ({ req, reply, params: { id } }) => {
    const { size } = parseInput(BottleImageQuerySchema, req.query);
    // As a visitor: the photo's read never depends on who asks.
    const image = await getBottleImage(requestCtx(req.server.deps, undefined), { id, size });
    reply.header("ETag", image.etag).header("Cache-Control", CACHE_CONTROL);
    if (ifNoneMatchHits(req.headers["if-none-match"], image.etag)) return reply.code(304).send();
    const data = await readFile(image.path);
    return reply.type(image.contentType).header("X-Content-Type-Options", "nosniff").send(data);
  },
});

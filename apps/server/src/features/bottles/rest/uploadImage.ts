import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import { TRPCError } from "@trpc/server";
import { IMAGE_MAX_BYTES, ServerMessages, UploadImageQuerySchema } from "@club/shared";
import { BadRequestError, parseInput } from "../../../lib/errors";
import { authedCtxOf } from "../../../lib/rest";
import { uploadBottleImage } from "../service";

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * Reads the multipart field `image` into memory (at most IMAGE_MAX_BYTES, enforced by the
 * multipart limits set in app.ts). Not multipart: 415. No `image` file or a broken multipart
 * body: 400. Too large: 413.
 */
async function readImageField(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart())
    throw new TRPCError({ code: "UNSUPPORTED_MEDIA_TYPE", message: ServerMessages.imageMissing });
  try {
    const file = await req.file();
    if (!file || file.fieldname !== "image") {
      file?.file.resume();
      throw new BadRequestError(ServerMessages.imageMissing);
    }
    const data = await file.toBuffer();
    if (file.file.truncated)
      throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: ServerMessages.imageTooLarge });
    return data;
  } catch (error) {
    if (error instanceof TRPCError) throw error;
    if (errorCode(error) === "FST_REQ_FILE_TOO_LARGE")
      throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: ServerMessages.imageTooLarge });
    // busboy's "Unexpected end of form", a missing boundary, a parts limit...: the client's fault.
    throw new BadRequestError(ServerMessages.imageMissing, error);
  }
}

/** POST /api/Bottles/UploadImage?bottleId={id}, multipart with the field `image`. */
export const uploadImageRoute: FastifyPluginAsync = async (app) => {
  // Multipart parsing lives in this route's scope only: its hooks would otherwise run on every request.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10 } });
  // Bodies that are neither multipart nor JSON reach the handler (and get imageMissing as a 415)
  // instead of Fastify's generic "Unsupported Media Type".
  app.addContentTypeParser("*", (_req, _payload, done) => done(null, undefined));
  app.post("/api/Bottles/UploadImage", async (req) => {
    const ctx = await authedCtxOf(req);
    const input = parseInput(UploadImageQuerySchema, req.query);
    return uploadBottleImage(ctx, input, () => readImageField(req));
  });
};

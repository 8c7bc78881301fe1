import type { FastifyRequest } from "fastify";
import {
  IMAGE_MAX_BYTES,
  ServerMessages,
  UploadImageQuerySchema,
  UploadImageResultSchema,
} from "@club/shared";
import {
  AppError,
  BadRequestError,
  parseInput,
  PayloadTooLargeError,
  ServiceUnavailableError,
  UnsupportedMediaTypeError,
} from "../../kernel/errors";
import { restOnlyRoute } from "../../kernel/restOnlyRoute";
import { acceptUploads, isFileTooLarge } from "../../platform/uploads";
import { MemberBudget } from "../../platform/writeBudget";
import { uploadBottleImage } from "./service";

/** Retry-After of a refusal because the upload queue is full: a decode takes about a second. */
const BUSY_RETRY_SECONDS = 5;

/**
 * Reads the multipart field `image` into memory (at most IMAGE_MAX_BYTES, enforced by the
 * multipart limits below). Not multipart: 415. No `image` file or a broken multipart body: 400.
 * Too large: 413.
 */
async function readImageField(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new UnsupportedMediaTypeError(ServerMessages.imageMissing);
  try {
    const file = await req.file();
    if (!file || file.fieldname !== "image") {
      file?.file.resume();
      throw new BadRequestError(ServerMessages.imageMissing);
    }
    const data = await file.toBuffer();
    if (file.file.truncated) throw new PayloadTooLargeError(ServerMessages.imageTooLarge);
    return data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isFileTooLarge(error)) throw new PayloadTooLargeError(ServerMessages.imageTooLarge);
    // busboy's "Unexpected end of form", a missing boundary, a parts limit...: the client's fault.
    throw new BadRequestError(ServerMessages.imageMissing, error);
  }
}

/** POST /api/Bottles/UploadImage?bottleId={id}, multipart with the field `image`. */
export const imageUploadRoute = restOnlyRoute({
  access: "member",
  action: "bottles.uploadImage",
  doc: {
    method: "POST",
    path: "/api/Bottles/UploadImage",
    operationId: "uploadBottleImage",
    tag: "Bottles",
    summary: "Upload a bottle's image",
    description:
      "multipart/form-data with one file in the field `image`: JPEG, PNG, WebP or GIF (recognised by content), at most 10 MB and 40 megapixels. It is re-encoded, which strips EXIF and GPS data, and replaces any previous image. A member may upload 10 images a minute (429 with Retry-After beyond); when other uploads fill the server's queue the answer is 503 with Retry-After.",
    query: UploadImageQuerySchema,
    fileField: "image",
    response: {
      status: 200,
      description: "Stored; `imageVersion` is the new image's content hash (BottleDetail.imageVersion).",
      schema: UploadImageResultSchema,
    },
    budgeted: true,
    errors: [404, 429, 503],
  },
  setup: async (app) => {
    const { config } = app.deps;
    // Uploads are the costliest write (a decode takes up to a few hundred MB for a second): a
    // budget of their own, besides the write budget. RATE_LIMIT=false turns it off like the others.
    const uploadBudget = new MemberBudget(
      config.rateLimit.enabled ? config.images.uploadsPerMinute : Infinity,
      60_000,
      ServerMessages.uploadBudget,
    );
    // A body that is not multipart reaches the handler and gets imageMissing as a 415.
    await acceptUploads(app, { fileSize: IMAGE_MAX_BYTES, fields: 10 });
    return { uploadBudget };
  },
  handler: async ({ req, ctx, state: { uploadBudget } }) => {
    const input = parseInput(UploadImageQuerySchema, req.query);
    uploadBudget.spend(ctx.user.id);
    ctx.writeBudget.spend(ctx.user.id);
    // Before the body is read: a full queue holds no more bodies in memory.
    const release = ctx.images.admitUpload();
    if (!release)
      throw new ServiceUnavailableError(ServerMessages.uploadsBusy, "UPLOADS_BUSY", BUSY_RETRY_SECONDS);
    try {
      return await uploadBottleImage(ctx, input, () => readImageField(req));
    } finally {
      release();
    }
  },
});

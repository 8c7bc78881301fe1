import type { FastifyRequest } from "fastify";
import { AppError, BadRequestError } from "../../kernel/errors";
import { nextTurn } from "../../platform/longJobs";
import { isFileTooLarge } from "../../platform/uploads";

/** Bytes copied between two turns of the event loop when a file part is put together. */
const COPY_SLICE_BYTES = 256 * 1024;

/**
 * A file part's bytes. Not @fastify/multipart's toBuffer: busboy hands a 2 MB file over in tens of
 * thousands of small chunks, and one Buffer.concat of them held the event loop for ~90 ms; here
 * they are copied into one buffer in slices, with a turn of the loop between them.
 */
async function readFilePart(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    size += chunk.length;
  }
  const data = Buffer.allocUnsafe(size);
  let offset = 0;
  let sinceYield = 0;
  for (const chunk of chunks) {
    chunk.copy(data, offset);
    offset += chunk.length;
    sinceYield += chunk.length;
    if (sinceYield >= COPY_SLICE_BYTES) {
      sinceYield = 0;
      await nextTurn();
    }
  }
  return data;
}

export interface UploadedForm {
  file: Buffer | undefined;
  fields: Record<string, string>;
}

/**
 * Reads a multipart form with one file (the field `file`) and a few text fields into memory.
 * The route's multipart limits bound the file; a file over them is `tooLarge` (400), anything
 * that is not a readable multipart form is `missing` (400).
 */
export async function readUploadedForm(
  req: FastifyRequest,
  messages: { missing: string; tooLarge: string },
): Promise<UploadedForm> {
  if (!req.isMultipart()) throw new BadRequestError(messages.missing);
  const form: UploadedForm = { file: undefined, fields: {} };
  try {
    for await (const part of req.parts()) {
      if (part.type === "file") {
        const data = await readFilePart(part.file);
        if (part.file.truncated) throw new BadRequestError(messages.tooLarge);
        if (part.fieldname === "file" && form.file === undefined) form.file = data;
      } else if (typeof part.value === "string") form.fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isFileTooLarge(error)) throw new BadRequestError(messages.tooLarge);
    throw new BadRequestError(messages.missing, error);
  }
  return form;
}

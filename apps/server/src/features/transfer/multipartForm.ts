import type { FastifyRequest } from "fastify";
import { AppError, BadRequestError } from "../../api/errors";

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

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
        const data = await part.toBuffer();
        if (part.file.truncated) throw new BadRequestError(messages.tooLarge);
        if (part.fieldname === "file" && form.file === undefined) form.file = data;
      } else if (typeof part.value === "string") form.fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (errorCode(error) === "FST_REQ_FILE_TOO_LARGE") throw new BadRequestError(messages.tooLarge);
    throw new BadRequestError(messages.missing, error);
  }
  return form;
}

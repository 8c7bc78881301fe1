import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";

/**
 * A route's multipart parsing (the image upload, the CSV and club imports), in that route's scope
 * only: its hooks would otherwise run on every request. One file of at most `fileSize` bytes and at
 * most `fields` text fields. Bodies that are neither multipart nor JSON reach the handler (which
 * refuses them with its own message) instead of Fastify's generic "Unsupported Media Type".
 */
export async function acceptUploads(
  app: FastifyInstance,
  limits: { fileSize: number; fields: number },
): Promise<void> {
  await app.register(multipart, { limits: { fileSize: limits.fileSize, files: 1, fields: limits.fields } });
  app.addContentTypeParser("*", (_req, _payload, done) => done(null, undefined));
}

/** @fastify/multipart's refusal of a file over the route's `fileSize`. */
export const isFileTooLarge = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === "FST_REQ_FILE_TOO_LARGE";

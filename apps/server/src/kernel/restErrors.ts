import fp from "fastify-plugin";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError } from "zod";
import { ServerMessages } from "@club/shared";
import { markDiskFull } from "../platform/diskSpace";
import { localize } from "../platform/i18n";
import { errorLanguageOf } from "./context";
import { AppError, DISK_FULL_LOG, diskFullError, issuesOf, STATUS_OF, validationMessage } from "./errors";

const CODE_BY_STATUS: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  406: "NOT_ACCEPTABLE",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  414: "URI_TOO_LONG",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

export interface ErrorBody {
  error: { code: string; message: string; issues?: unknown };
}

export const errorBody = (status: number, message: string, issues?: unknown, reason?: string): ErrorBody => ({
  error: {
    code: reason ?? CODE_BY_STATUS[status] ?? (status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST"),
    message,
    ...(issues === undefined ? {} : { issues }),
  },
});

/**
 * Fastify answers some requests before routing, bypassing setErrorHandler: a URL with broken
 * percent-encoding (FST_ERR_BAD_URL). Passed as Fastify's `frameworkErrors` option so those get
 * the same JSON error shape too.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send(errorBody(status, localize(errorLanguageOf(req), ServerMessages.validation)));
}

/**
 * One JSON error shape for every REST route: { error: { code, message, issues? } }, the message in
 * the request's language (kernel/context.ts, errorLanguageOf; the code and issues never change).
 */
export default fp(
  async (app) => {
    app.setErrorHandler((err, req, reply) => {
      const body = (status: number, message: string, issues?: unknown, reason?: string) =>
        errorBody(status, localize(errorLanguageOf(req), message), issues, reason);
      // A service's AppError, thrown directly (REST-only routes) or through a procedure; a write
      // the full disk refused (kernel/errors.ts).
      const appError =
        diskFullError(err) ??
        (err instanceof AppError
          ? err
          : err instanceof TRPCError && err.cause instanceof AppError
            ? err.cause
            : null);
      if (appError?.details.reason === "DISK_FULL") {
        req.log.error({ err }, DISK_FULL_LOG);
        markDiskFull(req.server.deps.db);
      }
      if (appError) {
        const status = STATUS_OF[appError.code];
        const zodCause = appError.cause instanceof ZodError ? appError.cause : undefined;
        const { retryAfterSeconds } = appError.details;
        if (retryAfterSeconds !== undefined) reply.header("retry-after", String(retryAfterSeconds));
        return reply
          .code(status)
          .send(body(status, appError.message, zodCause && issuesOf(zodCause), appError.details.reason));
      }
      if (err instanceof TRPCError) {
        const status = getHTTPStatusCodeFromError(err);
        const issues = err.cause instanceof ZodError ? issuesOf(err.cause) : undefined;
        if (status >= 500) req.log.error({ err }, "request failed");
        return reply.code(status).send(body(status, err.message, issues));
      }
      if (err instanceof ZodError) {
        return reply.code(400).send(body(400, validationMessage(err), issuesOf(err)));
      }
      const e = err as { statusCode?: number; code?: string; message?: string; validation?: unknown };
      const status = e.statusCode;
      if (status && status >= 400 && status < 500) {
        let message = e.message ?? ServerMessages.validation;
        if (e.code === "FST_ERR_CTP_INVALID_JSON_BODY" || e.code === "FST_ERR_CTP_EMPTY_JSON_BODY")
          message = ServerMessages.malformedJson;
        if (status === 413 && e.code?.startsWith("FST_")) message = "The request body is too large.";
        if (status === 429) message = ServerMessages.tooManyRequests;
        if (e.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") message = ServerMessages.jsonOnly;
        return reply.code(status).send(body(status, message));
      }
      req.log.error({ err }, "unhandled error");
      return reply.code(500).send(body(500, ServerMessages.internal));
    });
  },
  { name: "errors" },
);

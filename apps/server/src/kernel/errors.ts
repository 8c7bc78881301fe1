import { TRPCError } from "@trpc/server";
import { ZodError, z } from "zod";
import { Messages, ServerMessages } from "@club/shared";

/**
 * The errors services throw: transport-neutral. kernel/trpc.ts maps them to tRPC errors and
 * kernel/restErrors.ts to REST statuses, each once, from the table below.
 */
export type ErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE";

export const STATUS_OF: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: {
      /** A finer, machine-readable reason (e.g. MEMBERSHIP_PENDING); REST puts it in error.code. */
      reason?: string;
      cause?: unknown;
      /** Seconds before trying again is worth it: REST sends it as Retry-After. */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = "AppError";
  }
}

export class BadRequestError extends AppError {
  constructor(message: string = ServerMessages.validation, cause?: unknown) {
    super("BAD_REQUEST", message, { cause });
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string = ServerMessages.unauthorized) {
    super("UNAUTHORIZED", message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string, reason?: string) {
    super("FORBIDDEN", message, { reason });
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = ServerMessages.notFound) {
    super("NOT_FOUND", message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, reason?: string) {
    super("CONFLICT", message, { reason });
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super("PAYLOAD_TOO_LARGE", message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super("UNSUPPORTED_MEDIA_TYPE", message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string = ServerMessages.tooManyRequests, retryAfterSeconds?: number) {
    super("TOO_MANY_REQUESTS", message, { retryAfterSeconds });
  }
}
/** The server is busy (a full queue): nothing is wrong with the request, try again shortly. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string, reason: string, retryAfterSeconds: number) {
    super("SERVICE_UNAVAILABLE", message, { reason, retryAfterSeconds });
  }
}

/**
 * A rule the database itself holds (migration 0008) refusing a write: a CHECK trigger, whose
 * message is the rule's own, or the theme names' unique index. The services check these rules
 * first; this is the backstop for any path that does not (an undo, a future feature), a 409
 * naming the rule, never a 500.
 */
export function databaseRuleError(error: unknown): ConflictError | null {
  if (!(error instanceof Error) || error.name !== "SqliteError") return null;
  const code = (error as Error & { code?: string }).code;
  if (code === "SQLITE_CONSTRAINT_TRIGGER") return new ConflictError(error.message, "RULE_BROKEN");
  if (code === "SQLITE_CONSTRAINT_UNIQUE" && error.message.includes("themes"))
    return new ConflictError(ServerMessages.themeExists);
  return null;
}

/** Seconds a write refused for a full disk is told to wait (someone has to free space). */
export const DISK_FULL_RETRY_SECONDS = 60;

/** What the log says to do when the disk under DATA_DIR is full (once per refused request). */
export const DISK_FULL_LOG =
  "the disk under DATA_DIR is full: the write was refused and nothing acknowledged is lost; free space on it (or grow the volume), then writes work again without a restart";

/**
 * A write the disk had no room for: SQLite's SQLITE_FULL ("database or disk is full") or a file
 * write's ENOSPC (an image, a backup). A 503 with Retry-After in the API's error shape (reason
 * DISK_FULL), never a 500 with SQLite's words; /healthz says why meanwhile (platform/health.ts).
 */
export function diskFullError(error: unknown): ServiceUnavailableError | null {
  if (!(error instanceof Error)) return null;
  const code = (error as Error & { code?: string }).code;
  const full = (error.name === "SqliteError" && code === "SQLITE_FULL") || code === "ENOSPC";
  return full
    ? new ServiceUnavailableError(ServerMessages.diskFull, "DISK_FULL", DISK_FULL_RETRY_SECONDS)
    : null;
}

const SPEC_MESSAGES = new Set<string>(Object.values(Messages));

/**
 * The message of a validation failure: a message of the product's catalogue carried by the failing
 * rule itself (the ABV range, in the shared schema), else the generic one. The same over REST and tRPC.
 */
export function validationMessage(error: ZodError): string {
  return error.issues.find((issue) => SPEC_MESSAGES.has(issue.message))?.message ?? ServerMessages.validation;
}

/** The zod issues of a validation failure, per field, for the error body. */
export const issuesOf = (error: ZodError) => z.flattenError(error);

/** tRPC's side of the mapping: an AppError becomes the TRPCError of the same code. */
export function toTRPCError(error: AppError): TRPCError {
  const trpc = new TRPCError({ code: error.code, message: error.message, cause: error });
  return trpc;
}

/** A tRPC input validation failure, with the message validationMessage() picks. */
export function toValidationError(error: ZodError): TRPCError {
  return new TRPCError({ code: "BAD_REQUEST", message: validationMessage(error), cause: error });
}

/** Parses input with a shared schema; a failure is a 400 carrying the zod issues. */
export function parseInput<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new BadRequestError(validationMessage(result.error), result.error);
  return result.data;
}

export { ZodError };

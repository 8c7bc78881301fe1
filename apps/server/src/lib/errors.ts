import { TRPCError } from "@trpc/server";
import type { ZodType } from "zod";
import { ServerMessages } from "@club/shared";

export class NotFoundError extends TRPCError {
  constructor(message: string = ServerMessages.notFound) {
    super({ code: "NOT_FOUND", message });
  }
}

export class ConflictError extends TRPCError {
  constructor(message: string) {
    super({ code: "CONFLICT", message });
  }
}

export class UnauthorizedError extends TRPCError {
  constructor(message: string = ServerMessages.unauthorized) {
    super({ code: "UNAUTHORIZED", message });
  }
}

export class BadRequestError extends TRPCError {
  constructor(message: string, cause?: unknown) {
    super({ code: "BAD_REQUEST", message, cause });
  }
}

/** Parses REST input with the same schema tRPC uses; a failure is a 400 with the zod issues. */
export function parseInput<T>(schema: ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new BadRequestError(ServerMessages.validation, result.error);
  return result.data;
}

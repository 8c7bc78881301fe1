import type { ZodType } from "zod";
import { Messages, ServerMessages } from "@club/shared";
import { BadRequestError } from "../../../lib/errors";

/**
 * parseInput for bodies with an `abv`: an ABV problem answers with the spec's own text,
 * 'ABV must be a number between 0 and 100.', as the error message (the zod issues ride along).
 */
export function parseAbvInput<T>(schema: ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const abvIssue = result.error.issues.some((issue) => issue.path[0] === "abv");
  throw new BadRequestError(abvIssue ? Messages.abvRange : ServerMessages.validation, result.error);
}

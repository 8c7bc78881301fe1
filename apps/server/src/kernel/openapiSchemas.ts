import { z } from "zod";
import { MfaRequiredSchema, TokenPairSchema } from "@club/shared";

/**
 * Response shapes the services return that have no schema in packages/shared (they are not
 * validated at run time, only documented). Named by their export, like the shared ones.
 */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string().meta({ examples: ["BAD_REQUEST"] }),
    message: z.string().meta({ examples: ["The request is not valid."] }),
    issues: z
      .object({
        formErrors: z.array(z.string()),
        fieldErrors: z.record(z.string(), z.array(z.string())),
      })
      .optional()
      .meta({ description: "Present on validation errors: the messages per field." }),
  }),
});

export const LoginResultSchema = TokenPairSchema.extend({ email: z.string() });
/** POST /login: the token pair, or for a member with two-factor sign-in the second step's token. */
export const LoginAnswerSchema = z.union([LoginResultSchema, MfaRequiredSchema]);
export const ValidTokenSchema = z.object({ valid: z.literal(true), email: z.string() });
export const OkSchema = z.object({ ok: z.literal(true) });
export const CreatedIdSchema = z.object({ id: z.number().int() });
export const CreatedThemeSchema = z.object({ id: z.number().int(), description: z.string() });
export const HealthSchema = z.object({
  status: z.literal("ok"),
  version: z.string().meta({ description: "The server's release (semver), as in CHANGELOG.md." }),
});

import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { IdSchema, nameTextSchema, TimestampSchema } from "./common";
import { type ActivityActions } from "./activity";

// ---- API tokens: scripts and home automation act as their member ----

/** What a token may do: `read` (any read the member may make) and `write` (the member's writes). */
export const API_TOKEN_SCOPES = ["read", "write"] as const;
export const ApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

/** The longest a token may be made for (ten years); without `expiresInDays` it never expires. */
export const API_TOKEN_MAX_DAYS = 3650;

/** POST /api/Account/Tokens. */
export const CreateApiTokenInputSchema = z.object({
  name: nameTextSchema({ max: 60 }),
  scopes: z
    .array(ApiTokenScopeSchema)
    .min(1, ValidationMessages.scopeMissing)
    .max(2)
    .transform((scopes) => API_TOKEN_SCOPES.filter((s) => scopes.includes(s))),
  expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS).optional(),
});
export type CreateApiTokenInput = z.input<typeof CreateApiTokenInputSchema>;

/** GET /api/Account/Tokens: one of the member's tokens (never the token itself). */
export const ApiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(ApiTokenScopeSchema),
  createdAt: TimestampSchema,
  /** Null until it is first used; updated at most once a minute. */
  lastUsedAt: TimestampSchema.nullable(),
  /** Null: it never expires. */
  expiresAt: TimestampSchema.nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** The answer of POST /api/Account/Tokens: the token, shown this once. */
export const CreatedApiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(ApiTokenScopeSchema),
  token: z.string(),
  expiresAt: TimestampSchema.nullable(),
});
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

/** GET /api/Members/Tokens (admins): a member's token, with whose it is. */
export const MemberApiTokenSchema = ApiTokenSchema.extend({
  memberId: z.number().int(),
  member: z.object({ firstName: z.string(), lastName: z.string() }),
});
export type MemberApiToken = z.infer<typeof MemberApiTokenSchema>;

export const ApiTokenIdSchema = z.object({ id: IdSchema });

export const TokensMessages = {
  tokenNotFound: "Token not found.",
  readOnlyToken: "This API token may only read: create one with the write scope to make changes.",
  loginOnly: "An API token cannot do this: log in to the app instead.",
} as const;

export const TOKENS_ACTIONS = ["tokens.create", "tokens.revoke"] as const satisfies ActivityActions<"tokens">;

// ---- Devices: the member's sessions, one per login on a device ----

/** A session's device when its user agent names none (the screens say it in the reader's words). */
export const UNKNOWN_DEVICE = "Unknown device";

/** GET /api/Account/Sessions: a login on one device. */
export const SessionSchema = z.object({
  id: z.number().int(),
  /** Browser and system from the user agent ("Chrome 131 on Android 14"), or "Unknown device". */
  device: z.string(),
  /** The address it was last seen from; null when unknown. */
  address: z.string().nullable(),
  createdAt: TimestampSchema,
  /** Its last login or refresh (about every 15 minutes while it is used). */
  lastSeenAt: TimestampSchema,
  /** The session of this very request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionIdSchema = z.object({ id: IdSchema });

export const SessionsMessages = {
  sessionNotFound: "Session not found.",
} as const;

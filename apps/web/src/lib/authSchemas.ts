import {
  MessageSchema,
  MfaRequiredSchema,
  SessionUserSchema,
  SsoOptionsSchema,
  SsoSignInSchema,
  TokenPairSchema,
} from "@club/shared";

/** The answers of the session's REST calls that have a shared schema (loaded lazily by authApi.ts). */
export { MessageSchema, SsoOptionsSchema, SsoSignInSchema, TokenPairSchema };

/** POST /login: the token pair and the member's email. */
export const LoginResultSchema = TokenPairSchema.extend({ email: SessionUserSchema.shape.email });

/** POST /login: the pair, or for a member with two-factor sign-in the second step's token. */
export const LoginAnswerSchema = LoginResultSchema.or(MfaRequiredSchema);
/** POST /login/passkey/options: what navigator.credentials.get() takes, as JSON. */
export { PasskeyOptionsSchema } from "@club/shared";

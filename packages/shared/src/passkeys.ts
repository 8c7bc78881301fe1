import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { IdSchema, nameTextSchema, TimestampSchema } from "./common";
import { type ActivityActions } from "./activity";
import { TotpMessages } from "./totp";

// ---- Passkeys: WebAuthn credentials a member signs in with instead of a password ----

/** The longest name a passkey may be given ("Ann's phone"). */
export const PASSKEY_NAME_MAX = 60;

const passkeyName = nameTextSchema({ max: PASSKEY_NAME_MAX, required: ValidationMessages.passkeyName });

/** base64url, as WebAuthn's JSON forms carry every binary value; bounded so junk is cheap to refuse. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, ValidationMessages.base64url);

const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;

/** What the browser's navigator.credentials.create() gives, as JSON (RegistrationResponseJSON). */
export const PasskeyRegistrationResponseSchema = z.object({
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(4000).min(1),
    attestationObject: base64url(40_000).min(1),
    authenticatorData: base64url(40_000).optional(),
    // Kept to the ones WebAuthn names: a browser may know newer ones.
    transports: z
      .array(z.string().max(20))
      .max(10)
      .transform((list) => TRANSPORTS.filter((known) => list.includes(known)))
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
});
export type PasskeyRegistrationResponse = z.infer<typeof PasskeyRegistrationResponseSchema>;

/** What navigator.credentials.get() gives, as JSON (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponseSchema = z.object({
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(4000).min(1),
    authenticatorData: base64url(40_000).min(1),
    signature: base64url(2000).min(1),
    userHandle: base64url(400).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.object({}),
});
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponseSchema>;

/**
 * The options the browser passes to navigator.credentials.create() or .get()
 * (PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON): the challenge
 * and what WebAuthn asks for besides, as @simplewebauthn/browser takes them.
 */
export const PasskeyOptionsSchema = z.looseObject({
  challenge: z.string(),
  timeout: z.number().int().optional(),
});
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

/** POST /api/Account/Passkeys: the new passkey's name and the browser's answer to the options. */
export const RegisterPasskeyInputSchema = z.object({
  name: passkeyName,
  response: PasskeyRegistrationResponseSchema,
});
export type RegisterPasskeyInput = z.input<typeof RegisterPasskeyInputSchema>;

/** PUT /api/Account/Passkeys/{id}. */
export const RenamePasskeyInputSchema = z.object({ id: IdSchema, name: passkeyName });

export const PasskeyIdSchema = z.object({ id: IdSchema });

/** GET /api/Account/Passkeys: one of the member's passkeys (never its key). */
export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: TimestampSchema,
  /** Null until it is first used to sign in. */
  lastUsedAt: TimestampSchema.nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/**
 * POST /login/passkey: the browser's answer to POST /login/passkey/options; with the mfaToken of
 * POST /login, the passkey is the second step of a password login (it must be that member's).
 */
export const PasskeyLoginInputSchema = z.object({
  response: PasskeyAuthenticationResponseSchema,
  mfaToken: z.string().min(1, TotpMessages.mfaExpired).max(2048, TotpMessages.mfaExpired).optional(),
});
export type PasskeyLoginInput = z.input<typeof PasskeyLoginInputSchema>;

export const PasskeysMessages = {
  passkeyNotFound: "Passkey not found.",
  challengeExpired: "The passkey request has expired or was already used. Try again.",
  notVerified: "The passkey could not be verified. Try again.",
  alreadyRegistered: "This passkey is already registered.",
  notRecognised:
    "That passkey is not registered here. Sign in with your password and add it on your Account page.",
  otherMember:
    "That passkey belongs to another account. Use a passkey of the account you are signing in to, or enter a code.",
} as const;

export const PASSKEYS_ACTIONS = [
  "passkeys.register",
  "passkeys.rename",
  "passkeys.remove",
] as const satisfies ActivityActions<"passkeys">;

/** Signing in writes no entry (a login is not a change to the club). */
export const PASSKEY_LOGIN_ACTIONS = [
  "passkeyLogin.options",
  "passkeyLogin.login",
] as const satisfies ActivityActions<"passkeyLogin">;

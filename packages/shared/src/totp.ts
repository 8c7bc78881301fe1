import { z } from "zod";
import { type ActivityActions } from "./activity";
import { ValidationMessages } from "./validationMessages";

// ---- Two-factor sign-in with an authenticator app (TOTP, RFC 6238) ----

/** How many recovery codes a member gets when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;

/** What a typed code is read as: spaces and dashes dropped, lower case (recovery codes are shown grouped). */
export const normaliseCode = (code: string): string => code.replace(/[\s-]/g, "").toLowerCase();

/** A 6-digit code of the authenticator app (after normaliseCode). */
export const isAppCode = (code: string): boolean => /^\d{6}$/.test(code);

export const TotpMessages = {
  codeFormat: ValidationMessages.codeFormat,
  codeOrRecoveryFormat: ValidationMessages.codeOrRecoveryFormat,
  wrongCode: "That code is not right. Enter the current 6-digit code from your authenticator app.",
  wrongCodeOrRecovery:
    "That code is not right. Enter the current 6-digit code from your authenticator app, or one of your unused recovery codes.",
  codeUsed: "That code was used already. Wait for the next code in your authenticator app and enter it.",
  mfaExpired: ValidationMessages.mfaExpired,
  notSetUp:
    "Start the setup of two-factor sign-in first: it gives you the secret to add to your authenticator app.",
  alreadyOn: "Two-factor sign-in is already on. Turn it off first to set it up again.",
  notOn: "Two-factor sign-in is not on for your account.",
  required:
    "Your club requires two-factor sign-in for admins and treasurers. Set it up on your Account page to use your role.",
  requireSelfFirst:
    "Turn on two-factor sign-in for yourself first (on your Account page), so that requiring it does not lock you out.",
} as const;

/** POST /api/Account/Totp/Setup: the new secret (base32) to type, and the otpauth:// URL its QR code holds. */
export const TotpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

/** POST /api/Account/Totp/Enable: the first code of the app. */
export const TotpEnableInputSchema = z.object({
  code: z
    .string({ error: TotpMessages.codeFormat })
    .max(64, TotpMessages.codeFormat)
    .transform(normaliseCode)
    .refine(isAppCode, TotpMessages.codeFormat),
});
export type TotpEnableInput = z.input<typeof TotpEnableInputSchema>;

/** A code of the app or a recovery code (logging in, turning two-factor sign-in off). */
const CodeOrRecoverySchema = z
  .string({ error: TotpMessages.codeOrRecoveryFormat })
  .max(64, TotpMessages.codeOrRecoveryFormat)
  .transform(normaliseCode)
  .refine((c) => c.length >= 6, TotpMessages.codeOrRecoveryFormat);

/** DELETE /api/Account/Totp: a current code of the app, or a recovery code. */
export const TotpDisableInputSchema = z.object({ code: CodeOrRecoverySchema });
export type TotpDisableInput = z.input<typeof TotpDisableInputSchema>;

/** The answer of POST /api/Account/Totp/Enable: the recovery codes, shown this once. */
export const TotpEnabledSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpEnabled = z.infer<typeof TotpEnabledSchema>;

/** GET /api/Account/Totp: the Account page's card. */
export const TotpStatusSchema = z.object({
  enabled: z.boolean(),
  /** Recovery codes not used yet (0 while it is off). */
  recoveryCodesLeft: z.number().int(),
  /** The club requires two factors of this member (an admin or a treasurer) and they have none yet. */
  setupRequired: z.boolean(),
});
export type TotpStatus = z.infer<typeof TotpStatusSchema>;

/** POST /login for a member with two factors: the password was right; the code goes to POST /login/totp. */
export const MfaRequiredSchema = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
export type MfaRequired = z.infer<typeof MfaRequiredSchema>;

/** POST /login/totp. */
export const LoginTotpInputSchema = z.object({
  mfaToken: z.string().min(1, TotpMessages.mfaExpired).max(2048, TotpMessages.mfaExpired),
  code: CodeOrRecoverySchema,
});
export type LoginTotpInput = z.input<typeof LoginTotpInputSchema>;

export const TOTP_ACTIONS = [
  "totp.setup",
  "totp.enable",
  "totp.disable",
] as const satisfies ActivityActions<"totp">;

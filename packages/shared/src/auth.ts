import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { nameTextSchema, TimestampSchema } from "./common";
import { PASSWORD_MIN_LENGTH } from "./constants";
import { type ActivityActions } from "./activity";

export const EmailSchema = z.string().trim().toLowerCase().pipe(z.email(ValidationMessages.email).max(254));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, ValidationMessages.passwordTooShort)
  .max(1024);

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, ValidationMessages.required).max(1024),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const RegisterInputSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: nameTextSchema({ max: 100 }),
  lastName: nameTextSchema({ max: 100 }),
  /** The token of an invite link (/register?invite=...), when there is one. */
  invite: z.string().min(1).max(512).optional(),
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const RefreshInputSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export type RefreshInput = z.infer<typeof RefreshInputSchema>;

export const ConfirmEmailInputSchema = z.object({
  token: z.string().min(1).max(512),
  email: EmailSchema,
});
export type ConfirmEmailInput = z.infer<typeof ConfirmEmailInputSchema>;

export const ResendConfirmationInputSchema = z.object({ email: EmailSchema });

export const ForgotPasswordInputSchema = z.object({ email: EmailSchema });
export const ResetPasswordInputSchema = z.object({
  email: EmailSchema,
  token: z.string().min(1).max(512),
  password: PasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const RoleSchema = z.enum(["admin", "treasurer", "member"]);
export type Role = z.infer<typeof RoleSchema>;
export const MemberStatusSchema = z.enum(["pending", "active", "deactivated", "unconfirmed"]);
export type MemberStatus = z.infer<typeof MemberStatusSchema>;

/** Who is logged in (the login's answer, the session). */
export const SessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** GET /api/Members (admins). */
export const MemberSchema = SessionUserSchema.extend({
  role: RoleSchema,
  status: MemberStatusSchema,
});
export type Member = z.infer<typeof MemberSchema>;

export const MemberIdSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const SetRoleInputSchema = MemberIdSchema.extend({ role: RoleSchema });

export const NewInviteInputSchema = z.object({ email: EmailSchema.nullish() });
export const InviteSchema = z.object({
  /** The open invite's id (GET /api/Invites lists it, DELETE /api/Invites/{id} revokes it). */
  id: z.number().int(),
  url: z.string(),
  expiresAt: TimestampSchema,
});

/**
 * GET /api/Invites (admins): an invite not used yet and not expired. Its link is not kept (only
 * its hash is), so the list says whom it is for, who made it and until when it works.
 */
export const OpenInviteSchema = z.object({
  id: z.number().int(),
  /** The only address that can use it; null: anyone with the link. */
  email: z.string().nullable(),
  /** "Ann Smith", or null when that member is gone. */
  createdBy: z.string().nullable(),
  createdAt: TimestampSchema,
  expiresAt: TimestampSchema,
});
export type OpenInvite = z.infer<typeof OpenInviteSchema>;
export const InviteIdSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET /api/Account: the member's own. */
export const AccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  status: MemberStatusSchema,
});
export type Account = z.infer<typeof AccountSchema>;

export const UpdateAccountInputSchema = z.object({
  firstName: nameTextSchema({ max: 100 }),
  lastName: nameTextSchema({ max: 100 }),
});
export const ChangePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, ValidationMessages.required).max(1024),
  newPassword: PasswordSchema,
});

export const TokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** The session calls the activity log knows; a login, a refresh and the like change no club data and record no entry. */
export const AUTH_ACTIONS = [
  "auth.confirmEmail",
  "auth.ssoJoin",
  "auth.ssoLink",
  "auth.ssoRole",
  "auth.resetPassword",
  "auth.login",
  "auth.loginTotp",
  "auth.register",
  "auth.refresh",
  "auth.logout",
  "auth.resendConfirmation",
  "auth.forgotPassword",
] as const satisfies ActivityActions<"auth">;

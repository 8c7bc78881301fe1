import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./constants";

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address.").max(254));

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, "Required.").max(1024),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const RegisterInputSchema = z.object({
  email: EmailSchema,
  password: z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`).max(1024),
  firstName: z.string().trim().min(1, "Required.").max(100),
  lastName: z.string().trim().min(1, "Required.").max(100),
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

export const TokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const SessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

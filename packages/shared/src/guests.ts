import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { IdSchema, nameTextSchema, TimestampSchema } from "./common";
import { type ActivityActions } from "./activity";
import { EmailSchema } from "./auth";

/** Guests at the tasting table. */

/** At most this many guests per meeting (the database holds it too: migration 0010). */
export const GUESTS_MAX = 30;

/** A guest code's letters: no look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B). */
export const GUEST_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const GUEST_CODE_LENGTH = 6;

/** The code as typed: spaces and dashes dropped, lower case taken as upper case. */
export const GuestCodeTextSchema = z
  .string()
  .max(40)
  .transform((v) => v.replace(/[\s-]/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6}$/, ValidationMessages.guestCode));

/** A first name, or whose guest: 1-40 characters, the rule of every name (nameTextSchema). */
export const GuestNameSchema = nameTextSchema({
  max: 40,
  required: ValidationMessages.guestName,
  tooLong: ValidationMessages.guestName,
});

export const GuestJoinInputSchema = z.object({
  code: GuestCodeTextSchema,
  firstName: GuestNameSchema,
  guestOf: GuestNameSchema.nullable().optional(),
  /** An address to hear from the club (optional): the host may invite them to become a member. */
  email: EmailSchema.nullish(),
});
export type GuestJoinInput = z.infer<typeof GuestJoinInputSchema>;

export const GuestJoinResultSchema = z.object({
  guestToken: z.string(),
  guestId: z.number().int(),
  meetingId: z.number().int(),
});
export type GuestJoinResult = z.infer<typeof GuestJoinResultSchema>;

export const GuestCodeSchema = z.object({
  code: z.string(),
  /** The join page with the code filled in (what the QR code says). */
  url: z.string(),
  expiresAt: TimestampSchema,
});
export type GuestCode = z.infer<typeof GuestCodeSchema>;

export const GuestSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  guestOf: z.string().nullable(),
  joinedAt: TimestampSchema,
  /** The address they left (null: none), for the host. */
  email: z.string().nullable(),
  /** When the host invited them to become a member (null: not yet). */
  invitedAt: TimestampSchema.nullable(),
  /** How many pours they scored. */
  scored: z.number().int(),
});
export type Guest = z.infer<typeof GuestSchema>;

export const GuestRefSchema = z.object({ id: IdSchema, guestId: IdSchema });

/** Guests at the table: their actions in the activity log. */
export const GUESTS_ACTIONS = [
  "guests.openCode",
  "guests.closeCode",
  "guests.join",
  "guests.remove",
  "guests.add",
  "guests.invite",
  "guests.setScore",
] as const satisfies ActivityActions<"guests">;

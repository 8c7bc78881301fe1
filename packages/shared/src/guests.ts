import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { IdSchema, nameTextSchema, TimestampSchema } from "./common";
import { type ActivitySentences, sentenceText as text } from "./activity";
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

/** Guests at the table: their activity sentences. */
export const GUESTS_SENTENCES = {
  "guests.openCode": ({ d, entry }) => `let guests join ${d.meeting(Number(entry.entityId))} by code`,
  "guests.closeCode": ({ d, entry }) => `closed guests' joining at ${d.meeting(Number(entry.entityId))}`,
  "guests.join": ({ d, row }) =>
    `(${text(row?.firstName)}${row?.guestOf ? `, guest of ${text(row.guestOf)}` : ""}) joined ${d.meeting(row?.meetingId)}`,
  "guests.remove": ({ d, row }) =>
    `removed the guest ${text(row?.firstName)} from ${d.meeting(row?.meetingId)}`,
  "guests.add": ({ d, row }) =>
    `added the guest ${text(row?.firstName)}${row?.guestOf ? ` (guest of ${text(row.guestOf)})` : ""} to ${d.meeting(row?.meetingId)}, to type in their paper sheet`,
  "guests.invite": ({ d, entry, row }) =>
    entry.entity === "invite"
      ? `invited a guest of ${d.meeting(row?.meetingId)} to become a member`
      : `invited the guest ${text(row?.firstName)} of ${d.meeting(row?.meetingId)} to become a member`,
  "guests.setScore": ({ d, row, before, entry }) =>
    `${before ? "changed" : "typed in"} a guest's paper score of ${d.pour(row, entry.entityId)} at ${d.meeting(row?.meetingId)}`,
} satisfies ActivitySentences<"guests">;

import { z } from "zod";
import { IdSchema, TimestampSchema } from "./common";

/** GET /api/Activity: newest first, optionally one member's or one entity's, paged by id. */
export const ActivityQuerySchema = z.object({
  memberId: IdSchema.optional(),
  /** Only the caller's own changes. */
  mine: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional(),
  entity: z.string().trim().min(1).max(40).optional(),
  entityId: z.string().trim().min(1).max(40).optional(),
  /** Entries older than this id. */
  before: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

export const ActivityEntrySchema = z.object({
  id: z.number().int(),
  at: TimestampSchema,
  /** Who made the change (null: the member is gone); filter with `memberId`. */
  memberId: z.number().int().nullable(),
  member: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** The name of the API token the change was made with; null when made in the app. */
  viaToken: z.string().nullable(),
  /** The caller may undo it now. */
  undoable: z.boolean(),
  undone: z.boolean(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityIdSchema = z.object({ id: IdSchema });
export const UndoResultSchema = z.object({ ok: z.literal(true), activityId: z.number().int() });

/** A row of an activity entry (camelCase columns), before or after the change. */
export type SentenceRow = Record<string, unknown>;

/**
 * How the Activity screen names things in a sentence (apps/web's describeActivity.ts fills it in:
 * names come from the club's lists, dates and money in the club's format).
 */
export interface SentenceWords {
  /** A bottle's name by id, or "a bottle no longer in the library". */
  bottle(id: unknown): string;
  /** "the meeting of Jan 9, 2026", or "a meeting since deleted". */
  meeting(id: unknown): string;
  /** "“Peat and smoke”", or "another theme". */
  theme(id: unknown): string;
  /** The bottle of a pour, or "a hidden pour" while a blind night keeps it. */
  pour(row: SentenceRow | null, entityId: string): string;
  /** How the thing an entry is about is named, from one of its rows. */
  thing(entity: string, row: SentenceRow | null, entityId: string): string;
  /** ": ABV from 46% to 43%, ...": the changed columns worth showing, or "". */
  detail(entity: string, before: SentenceRow | null, after: SentenceRow | null): string;
  /** "changed the ABV of Lagavulin 16 from 46% to 43%", "renamed ...". */
  bottleChange(before: SentenceRow | null, after: SentenceRow | null, entityId: string): string;
  /** A date ("2026-01-09") in the club's format. */
  date(value: unknown): string;
  /** An amount in cents, in dollars. */
  price(cents: unknown): string;
  /** A text value shortened and quoted: "“Peat and smoke”". */
  quote(value: unknown): string;
  /** A member's row's name, or "a member". */
  fullName(row: SentenceRow | null): string;
}

/** What an activity sentence is made from: the entry, its rows, the thing it is about. */
export interface SentenceParts {
  d: SentenceWords;
  entry: { action: string; entity: string; entityId: string };
  before: SentenceRow | null;
  after: SentenceRow | null;
  /** The row after the change, else the row before it. */
  row: SentenceRow | null;
  thing: string;
}

/**
 * A namespace's actions the activity log knows (declared beside its schemas), keyed by the
 * procedure's name ("bottles.create"), including the calls that record no entry (a login, a
 * session's refresh). Their sentences are the web app's: apps/web's screens/Activity/sentences.ts
 * says each in the reader's language (its English is src/locales/en/activity.json). This package
 * knows no router, so the names are checked where it is known: the server checks every list
 * against its actions (apps/server/src/app/sharedChecks.ts), and the web's sentence table must
 * cover every action, so a write without its sentence does not compile either.
 */
export type ActivityActions<Namespace extends string> = readonly `${Namespace}.${string}`[];

/** A value of a row as text ("" when it is not a string). */
export const sentenceText = (value: unknown): string => (typeof value === "string" ? value : "");
/** A value of a row as a number (null when it is not one). */
export const sentenceNumber = (value: unknown): number | null => (typeof value === "number" ? value : null);

import type { SentenceParts, SentenceRow, SentenceWords } from "@club/shared";
import type { ActivityT } from "./activityMessages";
import type { DescribableEntry } from "./names";

type Row = SentenceRow;

/**
 * What a sentence of the registry (sentences.ts) may ask the describer (describeActivity.ts's
 * Describer): the reader's words for the entry's things. Its own file, so the registry and the
 * describer each import it and not each other.
 */
export interface SentenceDescriber extends SentenceWords {
  readonly t: ActivityT;
  date(value: unknown): string;
  price(cents: unknown): string;
  quote(value: unknown): string;
  fullName(row: Row | null): string;
  bottle(id: unknown): string;
  meeting(id: unknown): string;
  theme(id: unknown): string;
  thing(entity: string, row: Row | null, entityId: string): string;
  pour(row: Row | null, entityId: string): string;
  detailOf(items: readonly string[]): string;
  detail(entity: string, before: Row | null, after: Row | null): string;
  bottleChange(before: Row | null, after: Row | null, entityId: string): string;
}

/** A sentence's input: the entry's parts, the entry, and the describer. */
export interface Said extends SentenceParts {
  d: SentenceDescriber;
  entry: DescribableEntry;
}

/**
 * The shared schemas' refusals in the reader's language: what a form says before it sends (the
 * same schema as the server's) and what the server's 400 says (lib/errors.ts). The schemas and the
 * server give the English text (packages/shared, ValidationMessages); the `validation` catalogue has
 * it by name in every language.
 *
 * The table of names comes with the other languages' catalogues (lib/validation.ts, loaded with
 * them), so the first screen carries none of it: English needs no lookup, and no other language is
 * shown before its catalogues are loaded.
 */
let readersWords: ((text: string) => string) | null = null;

/** Set by lib/validation.ts when it loads. */
export function setValidationWords(words: (text: string) => string): void {
  readersWords = words;
}

/** A refusal's English text in the reader's language; a text that is not a schema's stays as it is. */
export const validationText = (text: string): string => (readersWords ? readersWords(text) : text);

/** The first message of a failed safeParse, in the reader's language (undefined: nothing wrong). */
export const firstIssueText = (
  error: { issues: readonly { message: string }[] } | undefined,
): string | undefined => {
  const message = error?.issues[0]?.message;
  return message === undefined ? undefined : validationText(message);
};

/** A form's errors by field (a schema resolver's), each in the reader's language. */
export function validationErrors<E extends Record<string, unknown>>(errors: E): E {
  const out: Record<string, unknown> = {};
  for (const [field, error] of Object.entries(errors))
    out[field] = typeof error === "string" ? validationText(error) : error;
  return out as E;
}

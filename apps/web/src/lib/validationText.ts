import { SOURCE_LANGUAGE, ValidationMessages, type ValidationMessageKey } from "@club/shared";
import { serverReason } from "./errors";
import { currentLanguage, defineMessages, translate } from "./i18n";

/**
 * The shared schemas' refusals in the reader's language: what a form says before it sends (the
 * same schema as the server's) and what the server's 400 says. A schema and the server give the
 * English text (packages/shared, ValidationMessages); its name there finds the reader's in the
 * `validation` catalogue, whose English is that table word for word.
 *
 * Not for the first screen: lib/errors.ts stays without it (the first screen's budget), and the
 * screens that show a refusal say it through here.
 */
export const validationMessages = defineMessages("validation", ValidationMessages);

const keyOf = new Map(
  Object.entries(ValidationMessages).map(([key, text]) => [text as string, key as ValidationMessageKey]),
);

/** A refusal's English text in the reader's language; a text that is not a schema's stays as it is. */
export function validationText(text: string): string {
  const language = currentLanguage();
  const key = language === SOURCE_LANGUAGE ? undefined : keyOf.get(text);
  return key === undefined ? text : translate(language, validationMessages, key);
}

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

/** The server's reason for refusing a call (lib/errors.ts, serverReason), in the reader's language. */
export function refusalReason(error: unknown): string | null {
  const reason = serverReason(error);
  return reason === null ? null : validationText(reason);
}

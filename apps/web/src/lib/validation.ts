import { SOURCE_LANGUAGE, type Language } from "@club/shared";
import validation from "../locales/en/validation.json";
import { currentLanguage, defineMessages, translate } from "./i18n";
import { setValidationWords } from "./validationText";

/**
 * The `validation` catalogue: the shared schemas' refusals (packages/shared, ValidationMessages) by
 * name. Loaded with the other languages' catalogues (lib/catalogues.ts); screens use
 * lib/validationText.ts.
 */
export const validationMessages = defineMessages("validation", validation);

type ValidationKey = keyof typeof validation;
const keyOf = new Map(Object.entries(validation).map(([key, text]) => [text, key as ValidationKey]));

/** A refusal's English text in a language; a text the table does not have stays as it is. */
export function translateValidation(text: string, language: Language = currentLanguage()): string {
  const key = keyOf.get(text);
  return key === undefined || language === SOURCE_LANGUAGE
    ? text
    : translate(language, validationMessages, key);
}

setValidationWords((text) => translateValidation(text));

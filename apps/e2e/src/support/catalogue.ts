import { readFileSync } from "node:fs";
import { formatMessage, type Language, type MessageValues } from "@club/shared";

/**
 * What a screen or an email says in a language: the app's own catalogue message (the web app's
 * `apps/web/src/locales`, the server's `apps/server/src/locales`), formatted as the app formats it.
 * A test that expects these texts fails when a screen shows anything else, English included.
 */
export function catalogue(side: "web" | "server", language: Language, namespace: string) {
  const file = new URL(`../../../${side}/src/locales/${language}/${namespace}.json`, import.meta.url);
  const messages = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  return (key: string, values?: MessageValues): string => {
    const message = messages[key];
    if (message === undefined) throw new Error(`${side} ${language}/${namespace}.json has no "${key}"`);
    return formatMessage(language, message, values);
  };
}

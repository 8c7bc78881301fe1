/// <reference types="vite/client" />
import { createContext, createElement, useContext, type ReactNode } from "react";
import {
  FORMAT_LOCALES,
  formatMessage,
  isLanguage,
  LANGUAGE_COOKIE,
  SOURCE_LANGUAGE,
  type Catalogue,
  type Language,
  type MessageValues,
} from "@club/shared";

/**
 * The app's texts in the reader's language. Each area of the app has a namespace: its English
 * catalogue, `src/locales/en/<namespace>.json`, is imported by the code that shows it (so English
 * costs what the texts always cost, in the chunk that shows them), and each other language's
 * `src/locales/<language>/<namespace>.json` is loaded when that language is chosen, all of one
 * language's namespaces at once and no other language's (`loadLanguage`). The messages are ICU
 * MessageFormat (plurals and ordinals by the language's rules), formatted by @club/shared's
 * formatMessage.
 *
 *     import shell from "../locales/en/shell.json";
 *     const shellMessages = defineMessages("shell", shell);
 *     const t = useT(shellMessages);
 *     t("nav.library"); t("library.count", { count: 3 });
 */

export interface Messages<K extends string> {
  namespace: string;
  source: Record<K, string>;
}

/** A namespace's English messages: the keys every language's catalogue of it has. */
export function defineMessages<K extends string>(namespace: string, source: Record<K, string>): Messages<K> {
  return { namespace, source };
}

/** language -> namespace -> messages: what has been loaded. */
const loaded = new Map<Language, Map<string, Catalogue>>([[SOURCE_LANGUAGE, new Map()]]);
const loading = new Map<Language, Promise<void>>();

/** Loads every namespace of a language (once); English needs nothing. */
export function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    // The map of every catalogue file is a module of its own: its names stay out of the first
    // screen, which English readers need nothing of.
    pending = import("./catalogues")
      .then(({ catalogueFiles }) =>
        Promise.all(
          Object.entries(catalogueFiles)
            .filter(([path]) => path.split("/").at(-2) === language)
            .map(
              async ([path, load]) =>
                [
                  path
                    .split("/")
                    .at(-1)!
                    .replace(/\.json$/, ""),
                  await load(),
                ] as const,
            ),
        ),
      )
      .then((namespaces) => void loaded.set(language, new Map(namespaces)));
    loading.set(language, pending);
    pending.catch(() => loading.delete(language));
  }
  return pending;
}

export const isLanguageLoaded = (language: Language) => loaded.has(language);

/** A message of a namespace in a language (English when the language has not loaded it). */
export function translate<K extends string>(
  language: Language,
  messages: Messages<K>,
  key: K,
  values?: MessageValues,
): string {
  const own = loaded.get(language)?.get(messages.namespace)?.[key];
  const [message, locale] = own === undefined ? [messages.source[key], "en"] : [own, language];
  return formatMessage(locale, message, values);
}

let current: Language = SOURCE_LANGUAGE;

/**
 * The language the app shows, for what formats outside components (dates, money: lib/locale.ts).
 * Set by LanguageProvider's render; the server renders one first page at a time (ssr/prerender.tsx).
 */
export const currentLanguage = (): Language => current;

/** The locale of the current language's dates, times, numbers and money. */
export const currentFormatLocale = (): string => FORMAT_LOCALES[current];

const LanguageContext = createContext<Language>(SOURCE_LANGUAGE);

/** The language below it; its catalogue must have been loaded (loadLanguage) before it renders. */
export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  current = language;
  return createElement(LanguageContext.Provider, { value: language }, children);
}

export const useLanguage = (): Language => useContext(LanguageContext);

/** Changes the app's language (its catalogue loaded first); the server renders none (a no-op). */
export type ChooseLanguage = (language: Language) => Promise<void>;
const ChooseLanguageContext = createContext<ChooseLanguage>(async () => {});
export const ChooseLanguageProvider = ChooseLanguageContext.Provider;
export const useChooseLanguage = (): ChooseLanguage => useContext(ChooseLanguageContext);

/** `t(key, values)` of a namespace in the reader's language. */
export function useT<K extends string>(messages: Messages<K>): (key: K, values?: MessageValues) => string {
  const language = useLanguage();
  return (key, values) => translate(language, messages, key, values);
}

/** The language a page was served in (`<html lang>`, the server's choice), else English. */
export function pageLanguage(): Language {
  const lang = typeof document === "undefined" ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : SOURCE_LANGUAGE;
}

/**
 * Keeps this browser's choice for the server's next pages: a language, "club" (a member who follows
 * the club's), or null (none: a visitor's browser languages decide).
 */
export function rememberLanguageChoice(choice: Language | "club" | null): void {
  if (typeof document === "undefined") return;
  document.cookie =
    choice === null
      ? `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${LANGUAGE_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

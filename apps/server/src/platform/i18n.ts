import {
  FORMAT_LOCALES,
  formatMessage,
  isLanguage,
  LANGUAGE_COOKIE,
  resolveLanguage,
  ServerMessages,
  SOURCE_LANGUAGE,
  type Catalogue,
  type Language,
  type MessageValues,
} from "@club/shared";
import de from "../locales/de/server.json";
import en from "../locales/en/server.json";
import enXA from "../locales/en-XA/server.json";
import fr from "../locales/fr/server.json";
import ja from "../locales/ja/server.json";
import sv from "../locales/sv/server.json";

/**
 * The server's messages in a reader's language. The English texts are packages/shared's
 * ServerMessages (word for word what the API has always said); `locales/en/server.json` lists the
 * ones converted so far, and every other language's catalogue has exactly its keys (the
 * catalogue check, `npm run lint`). A message not converted yet is English in every language.
 */
const CATALOGUES: Record<Language, Catalogue> = { en, de, sv, fr, ja, "en-XA": enXA };

export type ServerMessageKey = keyof typeof ServerMessages;

/** A server message (ServerMessages' key) in `language`, with its values. */
export function serverText(language: Language, key: ServerMessageKey, values?: MessageValues): string {
  const own = language === SOURCE_LANGUAGE ? undefined : CATALOGUES[language][key];
  return own === undefined
    ? formatMessage("en", ServerMessages[key], values)
    : formatMessage(language, own, values);
}

/** The locale a language's dates, numbers and money are written in (emails, feeds, sheets). */
export const formatLocaleOf = (language: Language): string => FORMAT_LOCALES[language];

/** The language cookie's value in a Cookie header: a language, "club", or null. */
export function languageCookie(cookieHeader: string | undefined): Language | "club" | null {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookieHeader ?? "");
  const value = match?.[1]?.trim();
  return value === "club" || isLanguage(value) ? value : null;
}

/**
 * The language of a page the server sends (its `<html lang>` and, for a first page, its markup):
 * the browser's choice kept in the language cookie (a member's, or "club" for a member who follows
 * the club's, or a visitor's from the footer), else the first of Accept-Language's languages the
 * app has, else the club's.
 */
export function pageLanguage(
  headers: { cookie?: string; "accept-language"?: string },
  club: Language,
): Language {
  const choice = languageCookie(headers.cookie);
  return resolveLanguage({
    isMember: choice === "club",
    device: choice === "club" ? null : choice,
    acceptLanguage: headers["accept-language"],
    club,
  });
}

/** A member's language: their choice, else the club's. */
export const memberLanguage = (own: string | null | undefined, club: Language): Language =>
  resolveLanguage({ member: isLanguage(own) ? own : null, isMember: true, club });

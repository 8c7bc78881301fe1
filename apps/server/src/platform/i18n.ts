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
import { findMemberLanguage, getClubSettingsRow, type Db } from "@club/db";
import type { ReadCache } from "./readCache";
import { catalogueKey, messageOf, type ServerNamespace } from "./serverMessages";

/**
 * The server's messages in a reader's language. The English texts are packages/shared's tables
 * (ServerMessages, DuesMessages, ...: word for word what the API has always said), all of them in
 * `locales/en/server.json` (platform/serverMessages.ts), and every other language's catalogue has
 * exactly its keys (the catalogue check, `npm run lint`).
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

/**
 * An English text of the server (an error's message) in `language`: a table's text, or one a
 * table makes from values, becomes the catalogue's; any other text (a database rule's own words)
 * stays as it is. English is returned untouched.
 */
export function localize(language: Language, text: string): string {
  if (language === SOURCE_LANGUAGE) return text;
  const message = messageOf(text);
  const own = message && CATALOGUES[language][message.key];
  return own === undefined || own === null ? text : formatMessage(language, own, message!.values);
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

/** The headers a request's language is read from. */
export interface LanguageHeaders {
  cookie?: string;
  "accept-language"?: string;
}

/**
 * The club's language: its admin's choice, else CLUB_LANGUAGE. Kept by the read cache until the
 * database changes (most requests ask it, a cached answer among them).
 */
export function clubLanguage(deps: {
  db: Db;
  config: { clubLanguage: Language };
  reads?: Pick<ReadCache, "value">;
}): Language {
  const read = () => {
    const own = getClubSettingsRow(deps.db).language;
    return isLanguage(own) ? own : deps.config.clubLanguage;
  };
  return deps.reads ? deps.reads.value("clubLanguage", read) : read();
}

/**
 * The language a request is answered in (its errors): a signed-in member's (their choice, else the
 * club's), else the page language of its headers. A database that cannot be read (a restore
 * under way) leaves the headers and the configured language.
 */
export function readerLanguage(
  deps: { db: Db; config: { clubLanguage: Language } },
  memberId: number | null,
  headers: LanguageHeaders,
): Language {
  try {
    const club = clubLanguage(deps);
    const own = memberId === null ? undefined : findMemberLanguage(deps.db, memberId);
    return own === undefined ? pageLanguage(headers, club) : memberLanguage(own, club);
  } catch {
    return pageLanguage(headers, deps.config.clubLanguage);
  }
}

/**
 * A message of one of the server's tables (platform/serverMessages.ts) in `language`: `english`,
 * the text the table makes (word for word what English readers get), or the catalogue's message
 * `<namespace>.<key>` with its values.
 */
export function tableText(
  language: Language,
  namespace: ServerNamespace,
  key: string,
  english: string,
  values?: MessageValues,
): string {
  const own = language === SOURCE_LANGUAGE ? undefined : CATALOGUES[language][catalogueKey(namespace, key)];
  return own === undefined || own === null ? english : formatMessage(language, own, values);
}

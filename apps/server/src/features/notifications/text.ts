import { formatMessage, type Catalogue, type Language, type NotificationKind } from "@club/shared";
import de from "../../locales/de/notices.json";
import en from "../../locales/en/notices.json";
import enXA from "../../locales/en-XA/notices.json";
import fr from "../../locales/fr/notices.json";
import ja from "../../locales/ja/notices.json";
import sv from "../../locales/sv/notices.json";
import { emailDate, emailMoney } from "../../platform/emailText";

/**
 * Each kind's sentence (`locales/<language>/notices.json`): the in-app notification's text, the
 * phone's title and the default email's subject, in the reader's language. English is word for
 * word what the notices have always said.
 */
const CATALOGUES: Record<Language, Catalogue> = { en, de, sv, fr, ja, "en-XA": enXA };

/** A value of a notice's sentence: words as they are, a day (`{ date }`) or an amount written the reader's way. */
export type NoticeValue = string | { date: string } | { cents: number; currency: string };

export type NoticeValues = Record<string, NoticeValue>;

const written = (language: Language, value: NoticeValue): string =>
  typeof value === "string"
    ? value
    : "date" in value
      ? emailDate(language, value.date)
      : emailMoney(language, value.cents, value.currency);

/** A kind's sentence in `language`, its days and amounts as that language writes them. */
export function noticeText(language: Language, kind: NotificationKind, values: NoticeValues): string {
  const message = CATALOGUES[language][kind] ?? en[kind];
  return formatMessage(
    language,
    message,
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name, written(language, value)])),
  );
}

import night from "../../locales/en/night.json";
import { currentFormatLocale, currentLanguage, defineMessages, translate } from "../../lib/i18n";
import type { MessageValues } from "@club/shared";

/**
 * The meeting night's texts, the guest's (join, guest night) and the email answer page's:
 * src/locales/<language>/night.json.
 */
export const nightMessages = defineMessages("night", night);
export type NightKey = keyof typeof night;

/** A night text in the language being shown, for helpers called while rendering (not hooks). */
export const nightText = (key: NightKey, values?: MessageValues) =>
  translate(currentLanguage(), nightMessages, key, values);

/** "Dram 1, Dram 3": a list as the language writes it briefly (in English a comma apart). */
export const listText = (items: readonly string[]) =>
  new Intl.ListFormat(currentFormatLocale(), { type: "conjunction", style: "narrow" }).format(items);

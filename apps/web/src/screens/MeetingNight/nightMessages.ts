import night from "../../locales/en/night.json";
import { currentLanguage, defineMessages, translate } from "../../lib/i18n";
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

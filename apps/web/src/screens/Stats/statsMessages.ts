import stats from "../../locales/en/stats.json";
import { currentLanguage, defineMessages, translate } from "../../lib/i18n";
import type { MessageValues } from "@club/shared";

/** The Stats screen's texts: src/locales/<language>/stats.json. */
export const statsMessages = defineMessages("stats", stats);
export type StatsKey = keyof typeof stats;

/** A Stats text in the app's language, for the figures made outside components (statsFigures.ts). */
export const statsText = (key: StatsKey, values?: MessageValues) =>
  translate(currentLanguage(), statsMessages, key, values);

import activity from "../../locales/en/activity.json";
import { currentLanguage, defineMessages, translate } from "../../lib/i18n";
import type { Language, MessageValues } from "@club/shared";

/** The activity log's texts and sentences: src/locales/<language>/activity.json. */
export const activityMessages = defineMessages("activity", activity);
export type ActivityKey = keyof typeof activity;

/** A message of the activity log in a language. */
export type ActivityT = (key: ActivityKey, values?: MessageValues) => string;

/** The activity log's messages in a language (the app's, when none is given). */
export const activityT =
  (language: Language = currentLanguage()): ActivityT =>
  (key, values) =>
    translate(language, activityMessages, key, values);

/** "a, b, c": a list of changes, in the language's way of running them on. */
export const listOf = (t: ActivityT, items: readonly string[]): string =>
  items.reduceRight((rest, first) => (rest === "" ? first : t("w.list", { first, rest })), "");

/** ": a, b" after a sentence, or "" when there is nothing to add. */
export const detailOf = (t: ActivityT, items: readonly string[]): string =>
  items.length === 0 ? "" : t("w.detail", { changes: listOf(t, items) });

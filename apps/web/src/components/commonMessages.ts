import common from "../locales/en/common.json";
import { defineMessages } from "../lib/i18n";

/**
 * The texts of the shared components (dialogs' buttons, alerts, toasts, the search, comments):
 * src/locales/<language>/common.json. Not the first screen's (those are shell.json's): the first
 * screen imports none of these components.
 */
export const commonMessages = defineMessages("common", common);
export type CommonKey = keyof typeof common;

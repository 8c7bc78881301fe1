import importTexts from "../../locales/en/import.json";
import { defineMessages } from "../../lib/i18n";

/** The Import screen's texts and those of its cards elsewhere: src/locales/<language>/import.json. */
export const importMessages = defineMessages("import", importTexts);
export type ImportKey = keyof typeof importTexts;

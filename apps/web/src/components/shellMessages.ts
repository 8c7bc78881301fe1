import shell from "../locales/en/shell.json";
import { defineMessages } from "../lib/i18n";

/** The frame's texts (header, phone menu, account controls, footer): src/locales/<language>/shell.json. */
export const shellMessages = defineMessages("shell", shell);
export type ShellKey = keyof typeof shell;

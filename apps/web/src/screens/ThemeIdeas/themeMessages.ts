import themes from "../../locales/en/themes.json";
import { defineMessages } from "../../lib/i18n";

/** The Theme Ideas screen's texts and its dialogs': src/locales/<language>/themes.json. */
export const themeMessages = defineMessages("themes", themes);
export type ThemeKey = keyof typeof themes;

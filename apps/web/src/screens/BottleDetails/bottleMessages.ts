import type { MessageValues } from "@club/shared";
import bottle from "../../locales/en/bottle.json";
import { defineMessages } from "../../lib/i18n";

/** The bottle page's texts (its facts, purchases, comments and dialogs): src/locales/<language>/bottle.json. */
export const bottleMessages = defineMessages("bottle", bottle);
export type BottleKey = keyof typeof bottle;
/** useT(bottleMessages), for helpers the page hands it to. */
export type BottleT = (key: BottleKey, values?: MessageValues) => string;

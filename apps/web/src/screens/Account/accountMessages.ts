import account from "../../locales/en/account.json";
import { defineMessages } from "../../lib/i18n";

/** The member's own Account page (and the email preferences the Dues page shows): src/locales/<language>/account.json. */
export const accountMessages = defineMessages("account", account);
export type AccountKey = keyof typeof account;

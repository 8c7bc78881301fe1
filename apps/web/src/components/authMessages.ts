import auth from "../locales/en/auth.json";
import { defineMessages } from "../lib/i18n";

/** Login, registration and the account fields they share: src/locales/<language>/auth.json. */
export const authMessages = defineMessages("auth", auth);

import auth from "../locales/en/auth.json";
import type { SsoFailure } from "@club/shared";
import { currentLanguage, defineMessages, translate } from "../lib/i18n";

/** Login, registration and the account fields they share: src/locales/<language>/auth.json. */
export const authMessages = defineMessages("auth", auth);

/** A single sign-on failure (the server's code) in the reader's words. */
export const ssoFailureText = (code: SsoFailure): string =>
  translate(currentLanguage(), authMessages, `sso.${code}`);

import dues from "../../locales/en/dues.json";
import { currentLanguage, defineMessages, translate } from "../../lib/i18n";
import type { MessageValues } from "@club/shared";

/** A member's dues (statement, standing, ledger lines, the rules): src/locales/<language>/dues.json. */
export const duesMessages = defineMessages("dues", dues);
export type DuesKey = keyof typeof dues;

/** A dues text outside a component (a ledger line's label, a standing's hint), in the app's language. */
export const duesText = (key: DuesKey, values?: MessageValues) =>
  translate(currentLanguage(), duesMessages, key, values);

/** A payment method in words ("cash"); a method the catalogue does not know, as the ledger says it. */
export const methodText = (method: string) =>
  `method.${method}` in dues ? duesText(`method.${method}` as DuesKey) : method;

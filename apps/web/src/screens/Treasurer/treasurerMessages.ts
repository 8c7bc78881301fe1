import treasurer from "../../locales/en/treasurer.json";
import { defineMessages } from "../../lib/i18n";

/** The treasurer's screens (ledger, statement dialogs, report): src/locales/<language>/treasurer.json. */
export const treasurerMessages = defineMessages("treasurer", treasurer);
export type TreasurerKey = keyof typeof treasurer;

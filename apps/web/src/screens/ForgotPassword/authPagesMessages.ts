import authPages from "../../locales/en/authPages.json";
import { defineMessages } from "../../lib/i18n";

/**
 * The texts of the pages an emailed or single sign-on link opens (forgot and reset password,
 * email confirmation, single sign-on) and of the missing page: src/locales/<language>/authPages.json.
 */
export const authPagesMessages = defineMessages("authPages", authPages);

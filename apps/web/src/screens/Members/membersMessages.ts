import type { MemberStatus, Role } from "@club/shared";
import members from "../../locales/en/members.json";
import { currentLanguage, defineMessages, translate } from "../../lib/i18n";

/** The admins' Members screen (and a member's role and status where shown): src/locales/<language>/members.json. */
export const membersMessages = defineMessages("members", members);
export type MembersKey = keyof typeof members;

const text = (key: MembersKey) => translate(currentLanguage(), membersMessages, key);
/** "Treasurer", in the app's language (lib/membership's ROLE_LABELS in English). */
export const roleLabel = (role: Role) => text(`role.${role}`);
export const roleDescription = (role: Role) => text(`roleHint.${role}`);
/** "Waiting for approval", in the app's language (lib/membership's STATUS_LABELS in English). */
export const statusLabel = (status: MemberStatus) => text(`status.${status}`);

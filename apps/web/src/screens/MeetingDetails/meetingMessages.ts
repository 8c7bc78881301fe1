import meeting from "../../locales/en/meeting.json";
import { currentLanguage, defineMessages, translate } from "../../lib/i18n";
import type { MessageValues } from "@club/shared";

/**
 * A meeting's dialogs and sections (bottles, messages, the next meeting's vote) and the meeting
 * form of Add Meeting and Edit Meeting: src/locales/<language>/meeting.json. Only code that loads
 * after the first screen imports it.
 */
export const meetingMessages = defineMessages("meeting", meeting);
export type MeetingKey = keyof typeof meeting;

/** A meeting text in the language being shown, for code outside a component (a form's rules). */
export const meetingText = (key: MeetingKey, values?: MessageValues) =>
  translate(currentLanguage(), meetingMessages, key, values);

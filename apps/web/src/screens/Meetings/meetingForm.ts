import { useForm } from "@mantine/form";
import { DateOnlySchema } from "@club/shared";
import { meetingText } from "../MeetingDetails/meetingMessages";

/** The meeting form's values (Add Meeting, Edit Meeting): the theme as its Select's string. */
export interface MeetingValues {
  date: string;
  hostName: string;
  themeId: string | null;
}

/** What the form sends, or null without a theme: the host name trimmed, the theme as an integer. */
function meetingInput({ date, hostName, themeId }: MeetingValues) {
  return themeId === null ? null : { date, hostName: hostName.trim(), themeId: Number.parseInt(themeId, 10) };
}

/**
 * A meeting's form: a date the schema reads ("Choose a date." otherwise), a host name, a theme.
 * Its onSubmit gets what the form sends (meetingInput), null without a theme.
 */
export const useMeetingForm = (initialValues: MeetingValues) =>
  useForm<MeetingValues, ReturnType<typeof meetingInput>>({
    initialValues,
    validate: {
      date: (value) => (DateOnlySchema.safeParse(value).success ? null : meetingText("form.chooseDate")),
    },
    transformValues: meetingInput,
  });

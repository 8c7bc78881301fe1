import { TextInput } from "@mantine/core";
import { HostNameInput } from "../Meetings/HostNameInput";
import type { MeetingDetail } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { trpc } from "../../lib/trpc";
import { useUndoableWrite } from "../../lib/undoableWrite";
import { useMeetingForm, type MeetingValues } from "../Meetings/meetingForm";
import { ThemeSelect } from "../Meetings/ThemeSelect";
import { useT } from "../../lib/i18n";
import { meetingMessages } from "./meetingMessages";

/** Correct a meeting's date, host and theme (its creator or an admin): the Add Meeting fields, prefilled. */
export default function EditMeetingDialog({
  meeting,
  onClose,
}: {
  meeting: MeetingDetail;
  onClose: () => void;
}) {
  const t = useT(meetingMessages);
  const themes = trpc.themes.list.useQuery();
  const update = useUndoableWrite(trpc.meetings.update, {
    entity: "meeting",
    id: meeting.id,
    verb: "update",
    onDone: onClose,
  });
  const initial: MeetingValues = {
    date: meeting.date.slice(0, 10),
    hostName: meeting.hostName,
    themeId: String(meeting.theme.id),
  };
  const form = useMeetingForm(initial);
  const { values } = form;
  const changed =
    values.date !== initial.date ||
    values.hostName.trim() !== initial.hostName ||
    values.themeId !== initial.themeId;

  return (
    <FormDialog
      title={t("edit.title")}
      onClose={onClose}
      onSubmit={form.onSubmit((input) => {
        if (input) update.mutate({ id: meeting.id, ...input });
      })}
      errors={[update.failure, themes.isError && t("fetchThemes")]}
      canSubmit={changed && values.hostName.trim() !== "" && values.themeId !== null}
      submitting={update.pending}
      submitLabel={t("edit.save")}
    >
      <TextInput type="date" label={t("form.date")} required {...form.getInputProps("date")} />
      <HostNameInput data-autofocus {...form.getInputProps("hostName")} />
      <ThemeSelect themes={themes} {...form.getInputProps("themeId")} />
    </FormDialog>
  );
}

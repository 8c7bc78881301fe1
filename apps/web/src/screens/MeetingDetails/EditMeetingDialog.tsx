import { TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { DateOnlySchema, Messages, type MeetingDetail } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { trpc } from "../../lib/trpc";
import { useUndoableWrite } from "../../lib/undoableWrite";
import { ThemeSelect } from "../Meetings/ThemeSelect";

interface Values {
  date: string;
  hostName: string;
  themeId: string | null;
}

/** Correct a meeting's date, host and theme (its creator or an admin): the Add Meeting fields, prefilled. */
export default function EditMeetingDialog({
  meeting,
  onClose,
}: {
  meeting: MeetingDetail;
  onClose: () => void;
}) {
  const themes = trpc.themes.list.useQuery();
  const update = useUndoableWrite(trpc.meetings.update, {
    entity: "meeting",
    id: meeting.id,
    verb: "update",
    onDone: onClose,
  });
  const initial: Values = {
    date: meeting.date.slice(0, 10),
    hostName: meeting.hostName,
    themeId: String(meeting.theme.id),
  };
  const form = useForm<Values>({
    initialValues: initial,
    validate: {
      date: (value) => (DateOnlySchema.safeParse(value).success ? null : "Choose a date."),
    },
  });
  const { values } = form;
  const changed =
    values.date !== initial.date ||
    values.hostName.trim() !== initial.hostName ||
    values.themeId !== initial.themeId;

  return (
    <FormDialog
      title="Edit Meeting"
      onClose={onClose}
      onSubmit={form.onSubmit((v) => {
        if (v.themeId === null) return;
        update.mutate({
          id: meeting.id,
          date: v.date,
          hostName: v.hostName.trim(),
          themeId: Number.parseInt(v.themeId, 10),
        });
      })}
      errors={[update.failure, themes.isError && Messages.fetchThemes]}
      canSubmit={changed && values.hostName.trim() !== "" && values.themeId !== null}
      submitting={update.pending}
      submitLabel="Save"
    >
      <TextInput type="date" label="Date" required {...form.getInputProps("date")} />
      <TextInput label="Host name" required data-autofocus {...form.getInputProps("hostName")} />
      <ThemeSelect themes={themes} {...form.getInputProps("themeId")} />
    </FormDialog>
  );
}

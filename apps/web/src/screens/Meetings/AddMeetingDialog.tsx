import { Button, Select, TextInput } from "@mantine/core";
import "../../styles/combobox";
import { useForm } from "@mantine/form";
import { DateOnlySchema, Messages } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { nextFreeMeetingDay } from "../../lib/clubCalendar";
import { formatDate, today } from "../../lib/format";
import { onSaved } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

interface Values {
  date: string;
  hostName: string;
  themeId: string | null;
}

/** Add Meeting: date (today by default), host name and a theme; themeId is sent as an integer. */
export default function AddMeetingDialog({ onClose }: { onClose: () => void }) {
  const utils = trpc.useUtils();
  const themes = trpc.themes.list.useQuery();
  const create = trpc.meetings.create.useMutation({
    onSuccess: onSaved("Meeting added.", onClose, () =>
      Promise.all([utils.meetings.invalidate(), utils.themes.invalidate()]),
    ),
  });
  const meetings = trpc.meetings.list.useQuery();
  const nextFree = meetings.data
    ? nextFreeMeetingDay(
        today(),
        meetings.data.map((m) => m.date),
      )
    : null;
  const form = useForm<Values>({
    initialValues: { date: today(), hostName: "", themeId: null },
    validate: {
      date: (value) => (DateOnlySchema.safeParse(value).success ? null : "Choose a date."),
    },
  });

  return (
    <FormDialog
      title="Add Meeting"
      onClose={onClose}
      onSubmit={form.onSubmit((values) => {
        if (values.themeId === null) return;
        create.mutate({
          date: values.date,
          hostName: values.hostName.trim(),
          themeId: Number.parseInt(values.themeId, 10),
        });
      })}
      errors={[create.isError && Messages.postMeeting, themes.isError && Messages.fetchThemes]}
      canSubmit={form.values.hostName.trim() !== "" && form.values.themeId !== null}
      submitting={create.isPending}
    >
      <TextInput type="date" label="Date" required {...form.getInputProps("date")} />
      {nextFree ? (
        <Button variant="light" size="md" onClick={() => form.setFieldValue("date", nextFree)}>
          Next second Friday: {formatDate(nextFree)}
        </Button>
      ) : null}
      <TextInput label="Host name" required data-autofocus {...form.getInputProps("hostName")} />
      <Select
        label="Theme"
        required
        placeholder={themes.isPending ? "Loading themes…" : "Choose a theme"}
        disabled={themes.isPending}
        searchable
        nothingFoundMessage="No matching theme"
        data={(themes.data ?? []).map((theme) => ({ value: String(theme.id), label: theme.name }))}
        {...form.getInputProps("themeId")}
      />
    </FormDialog>
  );
}

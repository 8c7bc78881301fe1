import { Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import "../../styles/modal";
import "../../styles/combobox";
import { useForm } from "@mantine/form";
import { DateOnlySchema, Messages } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { today } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { notify } from "../../lib/notify";

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
    onSuccess: async () => {
      notify("Meeting added.");
      onClose();
      await Promise.all([utils.meetings.invalidate(), utils.themes.invalidate()]);
    },
  });
  const form = useForm<Values>({
    initialValues: { date: today(), hostName: "", themeId: null },
    validate: {
      date: (value) => (DateOnlySchema.safeParse(value).success ? null : "Choose a date."),
    },
  });
  const canSubmit = form.values.hostName.trim() !== "" && form.values.themeId !== null;

  return (
    <Modal opened onClose={onClose} title="Add Meeting">
      <form
        onSubmit={form.onSubmit((values) => {
          if (values.themeId === null) return;
          create.mutate({
            date: values.date,
            hostName: values.hostName.trim(),
            themeId: Number.parseInt(values.themeId, 10),
          });
        })}
      >
        <Stack>
          {create.isError ? <ErrorAlert message={Messages.postMeeting} /> : null}
          {themes.isError ? <ErrorAlert message={Messages.fetchThemes} /> : null}
          <TextInput type="date" label="Date" required {...form.getInputProps("date")} />
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
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={create.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

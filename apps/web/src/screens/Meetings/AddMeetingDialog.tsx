import { useState } from "react";
import { Alert, Button, TextInput } from "@mantine/core";
import { FormDialog } from "../../components/FormDialog";
import { nextFreeMeetingDay } from "../../lib/clubCalendar";
import { failure } from "../../lib/errors";
import { datePart, formatDate, formatLongDate, today, weekdayName } from "../../lib/format";
import { useClubSettings } from "../../lib/clubSettings";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";
import { useMeetingForm } from "./meetingForm";
import { ThemeSelect } from "./ThemeSelect";
import { HostNameInput } from "./HostNameInput";
import { useT } from "../../lib/i18n";
import { meetingMessages } from "../MeetingDetails/meetingMessages";

/**
 * Add Meeting: date (today by default), host name and a theme; themeId is sent as an integer.
 * When the date already has a meeting, the dialog asks before adding another (a double click on
 * another device, or a member who did not see the first one).
 */
export default function AddMeetingDialog({ onClose }: { onClose: () => void }) {
  const t = useT(meetingMessages);
  const themes = trpc.themes.list.useQuery();
  const meetings = trpc.meetings.list.useQuery();
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const create = trpc.meetings.create.useMutation({
    onSuccess: useUndoableSave(
      t("add.added"),
      (created) => ({ entity: "meeting", entityId: created.id, action: "meetings.create" }),
      onClose,
    ),
  });
  const nextFree = meetings.data
    ? nextFreeMeetingDay(
        today(),
        meetings.data.map((m) => m.date),
      )
    : null;
  // The club's meeting rule: "Next second Friday".
  const rule = useClubSettings();
  const form = useMeetingForm({ date: today(), hostName: "", themeId: null });
  const taken = (date: string) => (meetings.data ?? []).some((meeting) => datePart(meeting.date) === date);
  const asking = askedFor !== null && askedFor === form.values.date;

  return (
    <FormDialog
      title={t("add.title")}
      onClose={onClose}
      onSubmit={form.onSubmit((input) => {
        if (!input) return;
        if (taken(input.date) && !asking) {
          setAskedFor(input.date);
          return;
        }
        create.mutate(input);
      })}
      errors={[failure(t("add.failed"), create.error), themes.isError && t("fetchThemes")]}
      canSubmit={form.values.hostName.trim() !== "" && form.values.themeId !== null}
      submitting={create.isPending}
      submitLabel={asking ? t("add.another") : t("add.submit")}
    >
      {asking ? (
        <Alert color="yellow" variant="light" role="status">
          {t("add.taken", { date: formatLongDate(form.values.date) })}
        </Alert>
      ) : null}
      <TextInput type="date" label={t("form.date")} required {...form.getInputProps("date")} />
      {nextFree ? (
        // Its label wraps on a phone rather than being cut off ("Jan 8, 20...").
        <Button
          variant="light"
          size="md"
          h="auto"
          mih={40}
          py={6}
          styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
          onClick={() => form.setFieldValue("date", nextFree)}
        >
          {t("add.nextFree", {
            week: String(rule.meetingWeekOfMonth),
            weekday: weekdayName(rule.meetingWeekday),
            date: formatDate(nextFree),
          })}
        </Button>
      ) : null}
      <HostNameInput data-autofocus {...form.getInputProps("hostName")} />
      <ThemeSelect themes={themes} {...form.getInputProps("themeId")} />
    </FormDialog>
  );
}

import { Card, Stack, Switch, Text, Title } from "@mantine/core";
import "@mantine/core/styles/Switch.css";
import type { Preferences } from "@club/shared";
import { ErrorAlert, LoadError, PageLoader } from "../../components/status";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

const SWITCHES: { key: keyof Preferences; label: string; description: string }[] = [
  {
    key: "meetingReminders",
    label: "Meeting reminders and notices",
    description: "A week and a day before each meeting, and when a meeting is added or changed.",
  },
  {
    key: "duesReminders",
    label: "Dues reminders",
    description: "Once a month, while your dues are behind.",
  },
];

/** The member's email preferences: each switch saves at once (reminders.setPreferences). */
export function EmailPreferences() {
  const utils = trpc.useUtils();
  const preferences = trpc.reminders.preferences.useQuery();
  const save = trpc.reminders.setPreferences.useMutation({
    onSuccess: (saved) => {
      utils.reminders.preferences.setData(undefined, saved);
      notify("Email preferences saved.");
    },
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="email-preferences">
      <Stack gap="md">
        <Title order={2} fz="h3" id="email-preferences">
          Email preferences
        </Title>
        {preferences.isPending ? (
          <PageLoader py={12} />
        ) : preferences.isError ? (
          <LoadError message="Failed to fetch your email preferences." />
        ) : (
          SWITCHES.map(({ key, label, description }) => (
            <Switch
              key={key}
              size="md"
              label={label}
              description={description}
              checked={save.isPending && save.variables ? save.variables[key] : preferences.data[key]}
              disabled={save.isPending}
              onChange={(event) => save.mutate({ ...preferences.data, [key]: event.currentTarget.checked })}
              styles={{ body: { minHeight: 44, alignItems: "center" } }}
            />
          ))
        )}
        {save.isError ? <ErrorAlert message="Failed to save your email preferences." /> : null}
        <Text size="xs" c="dimmed">
          Emails about your account (confirmations, password resets) are always sent.
        </Text>
      </Stack>
    </Card>
  );
}

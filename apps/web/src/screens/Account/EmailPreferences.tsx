import { Card, Stack, Switch, Text, Title } from "@mantine/core";
import "@mantine/core/styles/Switch.css";
import type { Preferences } from "@club/shared";
import { ErrorAlert, LoadError, PageLoader } from "../../components/status";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { accountMessages, type AccountKey } from "./accountMessages";

const SWITCHES: { key: keyof Preferences; label: AccountKey; description: AccountKey }[] = [
  { key: "meetingReminders", label: "email.meetings", description: "email.meetingsHint" },
  { key: "duesReminders", label: "email.dues", description: "email.duesHint" },
];

/** The member's email preferences: each switch saves at once (reminders.setPreferences). */
export function EmailPreferences() {
  const t = useT(accountMessages);
  const utils = trpc.useUtils();
  const preferences = trpc.reminders.preferences.useQuery();
  const save = trpc.reminders.setPreferences.useMutation({
    onSuccess: (saved) => {
      utils.reminders.preferences.setData(undefined, saved);
      notify(t("email.saved"));
    },
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="email-preferences">
      <Stack gap="md">
        <Title order={2} fz="h3" id="email-preferences">
          {t("email.title")}
        </Title>
        {preferences.isPending ? (
          <PageLoader py={12} />
        ) : preferences.isError ? (
          <LoadError message={t("email.failed")} />
        ) : (
          SWITCHES.map(({ key, label, description }) => (
            <Switch
              key={key}
              size="md"
              label={t(label)}
              description={t(description)}
              checked={save.isPending && save.variables ? save.variables[key] : preferences.data[key]}
              disabled={save.isPending}
              onChange={(event) => save.mutate({ ...preferences.data, [key]: event.currentTarget.checked })}
              styles={{ body: { minHeight: 44, alignItems: "center" } }}
            />
          ))
        )}
        {save.isError ? <ErrorAlert message={t("email.notSaved")} /> : null}
        <Text size="xs" c="dimmed">
          {t("email.always")}
        </Text>
      </Stack>
    </Card>
  );
}

import { useState } from "react";
import { Card, Checkbox, Group, Stack, Text, Title } from "@mantine/core";
import "@mantine/core/styles/Checkbox.css";
import { NOTIFICATION_KINDS, type NotificationChannels, type NotificationKind } from "@club/shared";
import { ErrorAlert, LoadError, PageLoader } from "../../components/status";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { browserSubscription } from "../../lib/webPush";
import { useT } from "../../lib/i18n";
import { accountMessages, type AccountKey } from "./accountMessages";

const CHANNELS: { key: keyof NotificationChannels; label: AccountKey }[] = [
  { key: "inApp", label: "notifications.inApp" },
  { key: "email", label: "notifications.email" },
  { key: "push", label: "notifications.push" },
];

/**
 * Per kind of notification, its channels: in the app, by email, on this phone (Web Push). Each
 * box saves at once; turning the phone on subscribes this browser first.
 */
export function NotificationSettingsCard() {
  const t = useT(accountMessages);
  const utils = trpc.useUtils();
  const settings = trpc.notifications.settings.useQuery();
  const [pushError, setPushError] = useState<string | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const subscribe = trpc.notifications.subscribePush.useMutation();
  const save = trpc.notifications.setSettings.useMutation({
    onSuccess: (saved) => {
      utils.notifications.settings.setData(undefined, saved);
      notify(t("notifications.saved"));
    },
  });
  const change = async (kind: NotificationKind, channels: NotificationChannels, turnedOnPush: boolean) => {
    setPushError(null);
    if (turnedOnPush) {
      setSubscribing(true);
      try {
        const { publicKey } = await utils.notifications.pushPublicKey.fetch();
        await subscribe.mutateAsync(await browserSubscription(publicKey));
      } catch (error) {
        setPushError(error instanceof Error ? error.message : t("notifications.noPush"));
        return;
      } finally {
        setSubscribing(false);
      }
    }
    save.mutate({ kinds: { [kind]: channels } });
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="notification-settings">
      <Stack gap="md">
        <Title order={2} fz="h3" id="notification-settings">
          {t("notifications.title")}
        </Title>
        {settings.isPending ? (
          <PageLoader py={12} />
        ) : settings.isError ? (
          <LoadError message={t("notifications.failed")} />
        ) : (
          NOTIFICATION_KINDS.map((kind) => {
            const current = settings.data.kinds[kind];
            return (
              <fieldset key={kind} style={{ border: 0, padding: 0, margin: 0 }}>
                <Text component="legend" size="sm" fw={600} mb={6}>
                  {t(`kind.${kind}`)}
                </Text>
                <Group gap="lg">
                  {CHANNELS.map(({ key, label }) => (
                    <Checkbox
                      key={key}
                      label={t(label)}
                      checked={current[key]}
                      disabled={save.isPending || subscribing}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        void change(kind, { ...current, [key]: on }, key === "push" && on);
                      }}
                      styles={{ body: { minHeight: 44, alignItems: "center" } }}
                    />
                  ))}
                </Group>
              </fieldset>
            );
          })
        )}
        {pushError ? <ErrorAlert message={pushError} /> : null}
        {save.isError ? <ErrorAlert message={t("notifications.notSaved")} /> : null}
        <Text size="xs" c="dimmed">
          {t("notifications.alsoEmail")}
        </Text>
      </Stack>
    </Card>
  );
}

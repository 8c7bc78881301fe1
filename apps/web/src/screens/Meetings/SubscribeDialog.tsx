import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import "../../styles/modal";
import { calendarFeedUrls } from "./calendarFeedUrls";
import { useReturnFocus } from "../../lib/returnFocus";
import { useLanguage, useT } from "../../lib/i18n";
import { meetingMessages } from "../MeetingDetails/meetingMessages";

function CopyField({ label, copyLabel, value }: { label: string; copyLabel: string; value: string }) {
  const t = useT(meetingMessages);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        style={{ flex: 1, minWidth: 0 }}
        onFocus={(e) => e.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="md" variant="default" onClick={copy} aria-label={copyLabel}>
            {copied ? t("subscribe.copied") : t("subscribe.copy")}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The webcal link (opens the calendar app) and both links to copy. */
export default function SubscribeDialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  const t = useT(meetingMessages);
  // A member who reads German subscribes to the feed in German.
  const urls = calendarFeedUrls(window.location, useLanguage());
  return (
    <Modal opened onClose={onClose} title={t("subscribe.title")}>
      <Stack>
        <Text size="sm">{t("subscribe.intro")}</Text>
        <Button component="a" href={urls.webcal} size="md">
          {t("subscribe.open")}
        </Button>
        <CopyField label={t("subscribe.link")} copyLabel={t("subscribe.copyLink")} value={urls.webcal} />
        <CopyField label={t("subscribe.webLink")} copyLabel={t("subscribe.copyWebLink")} value={urls.https} />
      </Stack>
    </Modal>
  );
}

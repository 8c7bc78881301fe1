import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import "../../styles/modal";
import { calendarFeedUrls } from "./calendarFeedUrls";
import { useReturnFocus } from "../../lib/returnFocus";

function CopyField({ label, value }: { label: string; value: string }) {
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
          <Button size="md" variant="default" onClick={copy} aria-label={`Copy the ${label.toLowerCase()}`}>
            {copied ? "Copied" : "Copy"}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The webcal link (opens the calendar app) and both links to copy. */
export default function SubscribeDialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  const urls = calendarFeedUrls(window.location);
  return (
    <Modal opened onClose={onClose} title="Subscribe to the calendar">
      <Stack>
        <Text size="sm">
          Every meeting in your calendar app, kept up to date: new meetings appear and changes follow.
        </Text>
        <Button component="a" href={urls.webcal} size="md">
          Open in my calendar app
        </Button>
        <CopyField label="Subscription link" value={urls.webcal} />
        <CopyField label="Web link (.ics)" value={urls.https} />
      </Stack>
    </Modal>
  );
}

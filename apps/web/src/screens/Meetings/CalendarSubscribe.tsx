import { useState } from "react";
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import "../../styles/modal";

/** The feed's addresses on this server: webcal:// to subscribe, https:// to paste into a calendar. */
export function calendarFeedUrls(location: Pick<Location, "host" | "protocol">) {
  return {
    webcal: `webcal://${location.host}/calendar.ics`,
    https: `${location.protocol}//${location.host}/calendar.ics`,
  };
}

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
          <Button size="md" variant="default" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
            {copied ? "Copied" : "Copy"}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** "Subscribe to the calendar": the webcal link (opens the calendar app) and the links to copy. */
export function CalendarSubscribe() {
  const [open, setOpen] = useState(false);
  const urls = calendarFeedUrls(window.location);
  return (
    <>
      <Button variant="default" size="md" onClick={() => setOpen(true)}>
        Subscribe to the calendar
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Subscribe to the calendar">
        <Stack>
          <Text size="sm">
            Every meeting, kept up to date in your calendar app: new meetings appear and changes follow.
          </Text>
          <Button component="a" href={urls.webcal} size="md">
            Open in my calendar app
          </Button>
          <CopyField label="Subscription link" value={urls.webcal} />
          <CopyField label="Web link (.ics)" value={urls.https} />
        </Stack>
      </Modal>
    </>
  );
}

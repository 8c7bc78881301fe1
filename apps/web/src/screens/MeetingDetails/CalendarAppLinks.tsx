import { Anchor, Group } from "@mantine/core";
import { useT } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { nightMessages } from "../MeetingNight/nightMessages";

/** Beside the .ics: the meeting in Google Calendar and in Outlook, filled in by the server. */
export function CalendarAppLinks({ meetingId }: { meetingId: number }) {
  const t = useT(nightMessages);
  const links = trpc.calendar.links.useQuery({ id: meetingId });
  if (!links.data) return null;
  return (
    <Group gap="lg" mb="md">
      <Anchor href={links.data.google} target="_blank" rel="noopener noreferrer" py={8}>
        {t("details.google")}
      </Anchor>
      <Anchor href={links.data.outlook} target="_blank" rel="noopener noreferrer" py={8}>
        {t("details.outlook")}
      </Anchor>
    </Group>
  );
}

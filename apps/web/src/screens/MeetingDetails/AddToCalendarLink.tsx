import { Anchor, Button, Group } from "@mantine/core";
import { trpc } from "../../lib/trpc";
import { withBase } from "../../lib/basePath";

/** Downloads the one meeting's .ics (GET /api/MonthlyMeetings/{id}/Calendar), for any calendar app. */
export function AddToCalendarLink({ meetingId }: { meetingId: number }) {
  return (
    <Button
      component="a"
      href={withBase(`/api/MonthlyMeetings/${meetingId}/Calendar`)}
      download={`meeting-${meetingId}.ics`}
      variant="default"
      size="md"
    >
      Add to calendar
    </Button>
  );
}

/** Beside the .ics: the meeting in Google Calendar and in Outlook, filled in by the server. */
export function CalendarAppLinks({ meetingId }: { meetingId: number }) {
  const links = trpc.calendar.links.useQuery({ id: meetingId });
  if (!links.data) return null;
  return (
    <Group gap="lg" mb="md">
      <Anchor href={links.data.google} target="_blank" rel="noopener noreferrer" py={8}>
        Add to Google Calendar
      </Anchor>
      <Anchor href={links.data.outlook} target="_blank" rel="noopener noreferrer" py={8}>
        Add to Outlook
      </Anchor>
    </Group>
  );
}

import { Button } from "@mantine/core";

/** Downloads the one meeting's .ics (GET /api/MonthlyMeetings/{id}/Calendar), for any calendar app. */
export function AddToCalendarLink({ meetingId }: { meetingId: number }) {
  return (
    <Button
      component="a"
      href={`/api/MonthlyMeetings/${meetingId}/Calendar`}
      download={`meeting-${meetingId}.ics`}
      variant="default"
      size="md"
    >
      Add to calendar
    </Button>
  );
}

import type { ReactNode } from "react";
import { Button } from "@mantine/core";
import { withBase } from "../../lib/basePath";

/**
 * Downloads the one meeting's .ics (GET /api/MonthlyMeetings/{id}/Calendar), for any calendar app.
 * Its words come from the screen that shows it (Home's card is on the first screen: no other
 * namespace loads with it).
 */
export function AddToCalendarLink({ meetingId, children }: { meetingId: number; children: ReactNode }) {
  return (
    <Button
      component="a"
      href={withBase(`/api/MonthlyMeetings/${meetingId}/Calendar`)}
      download={`meeting-${meetingId}.ics`}
      variant="default"
      size="md"
    >
      {children}
    </Button>
  );
}

import { Anchor, Button, Group } from "@mantine/core";
import { withBase } from "../../lib/basePath";
import { useLanguage, useT } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { nightMessages } from "../MeetingNight/nightMessages";

/**
 * Downloads the one meeting's .ics (GET /api/MonthlyMeetings/{id}/Calendar), for any calendar app.
 * Home's next meeting card has its own: one module shared by both screens would be a chunk of its
 * own on the first screen, whose budget has no room for it.
 */
export function AddToCalendarLink({ meetingId }: { meetingId: number }) {
  const t = useT(nightMessages);
  const language = useLanguage();
  // In the reader's language when it is not English (the server's words, platform/i18n.ts).
  const lang = language === "en" ? "" : `?lang=${language}`;
  return (
    <Button
      component="a"
      href={withBase(`/api/MonthlyMeetings/${meetingId}/Calendar${lang}`)}
      download={`meeting-${meetingId}.ics`}
      variant="default"
      size="md"
    >
      {t("details.addToCalendar")}
    </Button>
  );
}

/** Beside the .ics: the meeting in Google Calendar and in Outlook, filled in by the server. */
export function CalendarAppLinks({ meetingId }: { meetingId: number }) {
  const t = useT(nightMessages);
  const language = useLanguage();
  const links = trpc.calendar.links.useQuery(
    language === "en" ? { id: meetingId } : { id: meetingId, lang: language },
  );
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

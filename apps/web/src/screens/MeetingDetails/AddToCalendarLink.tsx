import { Anchor, Button, Group } from "@mantine/core";
import { trpc } from "../../lib/trpc";
import { withBase } from "../../lib/basePath";
import { defineMessages, useLanguage, useT } from "../../lib/i18n";
// Home's namespace: the next meeting's card on the first screen shows this link.
import home from "../../locales/en/home.json";

const homeMessages = defineMessages("home", home);

/** Downloads the one meeting's .ics (GET /api/MonthlyMeetings/{id}/Calendar), for any calendar app. */
export function AddToCalendarLink({ meetingId }: { meetingId: number }) {
  const t = useT(homeMessages);
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
      {t("calendar.add")}
    </Button>
  );
}

/** Beside the .ics: the meeting in Google Calendar and in Outlook, filled in by the server. */
export function CalendarAppLinks({ meetingId }: { meetingId: number }) {
  const t = useT(homeMessages);
  const language = useLanguage();
  const links = trpc.calendar.links.useQuery(
    language === "en" ? { id: meetingId } : { id: meetingId, lang: language },
  );
  if (!links.data) return null;
  return (
    <Group gap="lg" mb="md">
      <Anchor href={links.data.google} target="_blank" rel="noopener noreferrer" py={8}>
        {t("calendar.google")}
      </Anchor>
      <Anchor href={links.data.outlook} target="_blank" rel="noopener noreferrer" py={8}>
        {t("calendar.outlook")}
      </Anchor>
    </Group>
  );
}

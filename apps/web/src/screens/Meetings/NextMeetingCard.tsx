import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import type { MeetingListItem, Rsvp, RsvpStatus } from "@club/shared";
import { ErrorAlertLater as ErrorAlert, LoadErrorLater as LoadError } from "../../components/statusLater";
import { useSession } from "../../lib/appSession";
import { formatTime } from "../../lib/clubCalendar";
import { formatLongDate } from "../../lib/format";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { withBase } from "../../lib/basePath";
import classes from "./NextMeetingCard.module.css";
import { defineMessages, useLanguage, useT } from "../../lib/i18n";
import home from "../../locales/en/home.json";

/** The card is Home's: its texts are in src/locales/<language>/home.json. */
const homeMessages = defineMessages("home", home);
type HomeKey = keyof typeof home;
type T = ReturnType<typeof useT<HomeKey>>;

const ANSWERS: { status: RsvpStatus; label: HomeKey }[] = [
  { status: "going", label: "going" },
  { status: "maybe", label: "maybe" },
  { status: "declined", label: "declined" },
];

/** "4 going (plus 2 guests) · 1 maybe", from the meeting's answers. */
export function comingSummary(rsvps: Rsvp[], t: T): string {
  const going = rsvps.filter((r) => r.status === "going" && r.waitlistPosition === null);
  const guests = going.reduce((sum, r) => sum + r.guests, 0);
  const maybe = rsvps.filter((r) => r.status === "maybe").length;
  const waiting = rsvps.filter((r) => r.status === "going" && r.waitlistPosition !== null).length;
  const parts = [t("nGoing", { count: going.length }) + (guests > 0 ? t("nGuests", { count: guests }) : "")];
  if (maybe > 0) parts.push(t("nMaybe", { count: maybe }));
  if (waiting > 0) parts.push(t("nWaiting", { count: waiting }));
  return parts.join(" · ");
}

function Label({ children }: { children: string }) {
  return (
    <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
      {children}
    </Text>
  );
}

/** Going / Maybe / Not going for the next meeting (night.rsvp); the member's answer is pressed. */
function RsvpControl({ meetingId }: { meetingId: number }) {
  // The member's own answer, as the meeting page asks it (not found by name among who is coming).
  const t = useT(homeMessages);
  const mine = trpc.night.myRsvp.useQuery({ id: meetingId });
  const answer = trpc.night.rsvp.useMutation({
    onSuccess: async (result) => {
      notify(result.waitlistPosition ? t("waitlisted", { position: result.waitlistPosition }) : t("saved"));
    },
  });
  const current = answer.data?.status ?? mine.data?.status ?? undefined;
  return (
    <Stack gap={6}>
      <Group gap="xs" role="group" aria-label={t("yourAnswer")}>
        {ANSWERS.map(({ status, label }) => (
          <Button
            key={status}
            size="md"
            variant={current === status ? "filled" : "default"}
            aria-pressed={current === status}
            loading={answer.isPending && answer.variables?.status === status}
            onClick={() => answer.mutate({ id: meetingId, status, guests: 0 })}
          >
            {t(label)}
          </Button>
        ))}
      </Group>
      {answer.isError ? <ErrorAlert message={answer.error.message} /> : null}
    </Stack>
  );
}

function Scheduled({ meeting }: { meeting: MeetingListItem }) {
  const t = useT(homeMessages);
  // The .ics in the reader's language when it is not English (the server's words).
  const language = useLanguage();
  const session = useSession();
  const rsvps = trpc.night.rsvps.useQuery({ id: meeting.id });
  return (
    <>
      <Group gap="xl" align="flex-start">
        <div>
          <Label>{t("theme")}</Label>
          <Text fw={700}>{meeting.theme}</Text>
        </div>
        <div>
          <Label>{t("host")}</Label>
          <Text fw={700}>{meeting.host}</Text>
        </div>
        <div>
          <Label>{t("coming")}</Label>
          <Text fw={700}>
            {rsvps.data ? comingSummary(rsvps.data, t) : rsvps.isError ? t("notAvailable") : "…"}
          </Text>
        </div>
      </Group>
      {session ? (
        <RsvpControl meetingId={meeting.id} />
      ) : (
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to="/login" underline="always">
            {t("logIn")}
          </Anchor>{" "}
          {t("logInTo")}
        </Text>
      )}
      <Group gap="md">
        <Button component={Link} to={`/monthlymeeting/${meeting.id}`} variant="light" size="md">
          {t("meetingPage")}
        </Button>
        {/* The meeting's .ics; the meeting page has its own (CalendarAppLinks.tsx), as a module
            shared by both screens would be one more chunk on the first screen. */}
        <Button
          component="a"
          href={withBase(
            `/api/MonthlyMeetings/${meeting.id}/Calendar${language === "en" ? "" : `?lang=${language}`}`,
          )}
          download={`meeting-${meeting.id}.ics`}
          variant="default"
          size="md"
        >
          {t("addToCalendar")}
        </Button>
      </Group>
    </>
  );
}

/**
 * The next meeting and what the card needs to show it: the date (calendar.next), the meeting it
 * names in the list, and that meeting's answers. `settled` once the card can take its final size:
 * the home page shows what comes below the card only then, so nothing moves under the reader
 * (CLS 0; the card arriving late into unreserved space cost 0.048-0.164).
 */
export function useNextMeeting(meetings: MeetingListItem[] | undefined, ready: boolean) {
  // Asked once the list has answered (the list's request stays the list's alone, as the server's
  // first page asked it).
  const next = trpc.calendar.next.useQuery(undefined, { enabled: ready });
  const meeting = next.data?.meetingId ? meetings?.find((m) => m.id === next.data.meetingId) : undefined;
  // The same query as Scheduled's (one request): the "who is coming" line can wrap on a phone.
  const rsvps = trpc.night.rsvps.useQuery({ id: meeting?.id ?? 0 }, { enabled: meeting !== undefined });
  const settled = ready && !next.isPending && (meeting === undefined || !rsvps.isPending);
  return { next, meeting, settled };
}

/** The card while it loads: its title, and the date's two lines at their final height. */
function CardSkeleton() {
  const t = useT(homeMessages);
  return (
    <div role="status" aria-label={t("loading")}>
      <Text fz="xl" fw={700} w="70%" className={classes.bar} aria-hidden>
        &nbsp;
      </Text>
      <Text size="sm" w="45%" mt={4} className={classes.bar} aria-hidden>
        &nbsp;
      </Text>
    </div>
  );
}

/** Home's first card: the next meeting (or the date the club's rule gives), and the RSVP control. */
export function NextMeetingCard({ next, meeting, settled }: ReturnType<typeof useNextMeeting>) {
  const t = useT(homeMessages);
  return (
    <Card withBorder padding="lg" mb="xl" component="section" aria-labelledby="next-meeting">
      <Stack gap="md">
        <Title order={2} fz="h3" id="next-meeting">
          {t("next")}
        </Title>
        {next.isError ? (
          <LoadError message={t("nextFailed")} />
        ) : !settled || !next.data ? (
          <CardSkeleton />
        ) : (
          <>
            <div>
              <Text fz="xl" fw={700}>
                <time dateTime={`${next.data.date}T${next.data.time}`}>
                  {t("when", { date: formatLongDate(next.data.date), time: formatTime(next.data.time) })}
                </time>
              </Text>
              <Text size="sm" c="dimmed">
                {t("timeZone", { zone: next.data.timezone })}
              </Text>
            </div>
            {meeting ? <Scheduled meeting={meeting} /> : <Text c="dimmed">{t("notScheduled")}</Text>}
          </>
        )}
      </Stack>
    </Card>
  );
}

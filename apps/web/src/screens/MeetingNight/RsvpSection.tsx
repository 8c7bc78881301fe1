import { Badge, Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { RSVP_MAX_GUESTS, type MeetingNight, type RsvpStatus } from "@club/shared";
import { ErrorAlert, LoadError } from "../../components/status";
import { trpc } from "../../lib/trpc";
import { fullName, groupRsvps, guestsLabel } from "./rsvpSummary";
import classes from "./MeetingNight.module.css";
import { LogInPrompt } from "../../components/LogInPrompt";

const ANSWERS: { value: RsvpStatus; label: string }[] = [
  { value: "going", label: "Going" },
  { value: "maybe", label: "Maybe" },
  { value: "declined", label: "Not going" },
];
const GUESTS = Array.from({ length: RSVP_MAX_GUESTS + 1 }, (_, n) => ({
  value: String(n),
  label: String(n),
}));

/** The member's own answer: Going / Maybe / Not going, 0-3 guests, and their place. */
function MyAnswer({ night }: { night: MeetingNight }) {
  const id = night.id;
  const mine = trpc.night.myRsvp.useQuery({ id });
  const answer = trpc.night.rsvp.useMutation();
  const status = answer.isPending ? answer.variables.status : (mine.data?.status ?? null);
  const guests = (answer.isPending ? answer.variables.guests : mine.data?.guests) ?? 0;
  const position = mine.data?.waitlistPosition ?? null;
  const send = (next: RsvpStatus, nextGuests: number) =>
    answer.mutate({ id, status: next, guests: next === "declined" ? 0 : nextGuests });

  return (
    <Stack gap="sm">
      <div>
        <Text id="rsvp-label" fw={600} mb={6}>
          Your answer
        </Text>
        <SegmentedControl
          fullWidth
          size="md"
          aria-labelledby="rsvp-label"
          className={classes.segmented}
          data={ANSWERS}
          value={status ?? ""}
          onChange={(value) => send(value as RsvpStatus, guests)}
          disabled={mine.isPending}
        />
      </div>
      {status === "going" || status === "maybe" ? (
        <div>
          <Text id="guests-label" fw={600} mb={6}>
            Guests
          </Text>
          <SegmentedControl
            size="md"
            aria-labelledby="guests-label"
            className={classes.segmented}
            data={GUESTS}
            value={String(guests)}
            onChange={(value) => send(status, Number(value))}
          />
        </div>
      ) : null}
      <Text
        aria-live="polite"
        size="sm"
        c={position === null ? "dimmed" : undefined}
        fw={position ? 600 : undefined}
      >
        {status === null
          ? "You have not answered yet."
          : position !== null
            ? `The meeting is full: you are number ${position} on the waitlist. You will get an email when a place opens.`
            : status === "going"
              ? "You have a place. See you there!"
              : status === "maybe"
                ? "You might come."
                : "You are not going."}
      </Text>
      {answer.isError ? <ErrorAlert message={answer.error.message || "Failed to save your answer."} /> : null}
    </Stack>
  );
}

function NameList({
  title,
  rows,
  waitlist,
}: {
  title: string;
  rows: ReturnType<typeof groupRsvps>["going"];
  waitlist?: boolean;
}) {
  if (rows.length === 0) return null;
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6} mb={4}>
        {title}
      </Text>
      <ul className={classes.names} aria-label={title}>
        {rows.map((row) => (
          <li key={`${row.member!.firstName} ${row.member!.lastName}`}>
            {waitlist ? <span className={classes.position}>{row.waitlistPosition}.</span> : null}
            {fullName(row.member!)}
            {row.guests > 0 ? (
              <Text span size="sm" c="dimmed">
                {" "}
                {guestsLabel(row.guests)}
              </Text>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

const named = (row: { member: unknown }) => row.member !== null;

/**
 * RSVP (upcoming meetings, members) and who is coming (everyone: names for members), said once:
 * the count, then the names. A meeting that is over says who came, or nothing when nobody answered.
 */
export function RsvpSection({ night, isMember }: { night: MeetingNight; isMember: boolean }) {
  const rsvps = trpc.night.rsvps.useQuery({ id: night.id });
  const groups = groupRsvps(rsvps.data ?? []);
  const capacity = night.capacity;
  const answered = !rsvps.isPending;
  const none = rsvps.data?.length === 0;
  if (!night.upcoming && none) return null;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="rsvp-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h3" id="rsvp-title">
          {night.upcoming ? "Who's coming" : "Who came"}
        </Title>
        {/* The counts once the answers are in: a count that changes width, or a line that appears
            above them, would move what is already on screen (CLS 0). */}
        {answered && !none ? (
          <Badge variant="light" size="lg" radius="sm">
            {capacity === null ? `${groups.people} going` : `${groups.people} of ${capacity} places`}
          </Badge>
        ) : null}
      </Group>
      <Stack gap="md">
        {night.upcoming ? (
          isMember ? (
            <MyAnswer night={night} />
          ) : (
            <LogInPrompt size="sm">to say whether you are coming.</LogInPrompt>
          )
        ) : null}
        {rsvps.isError ? <LoadError message="Failed to fetch who is coming." /> : null}
        {rsvps.data && rsvps.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No answers yet.
          </Text>
        ) : null}
        {answered && !none ? (
          <Text size="sm" aria-label="Totals">
            {groups.going.length} {groups.going.length === 1 ? "member" : "members"}
            {groups.guests > 0
              ? ` and ${groups.guests} ${groups.guests === 1 ? "guest" : "guests"}`
              : ""}{" "}
            going
            {groups.waiting.length > 0 ? `, ${groups.waiting.length} waiting` : ""}
            {groups.maybe.length > 0 ? `, ${groups.maybe.length} maybe` : ""}
            {groups.declined.length > 0 ? `, ${groups.declined.length} not going` : ""}.
          </Text>
        ) : null}
        {/* Names are members' data: a visitor's answers come without them, and only the totals show. */}
        {isMember ? (
          <>
            <NameList title="Going" rows={groups.going.filter(named)} />
            <NameList title="Waitlist" rows={groups.waiting.filter(named)} waitlist />
            <NameList title="Maybe" rows={groups.maybe.filter(named)} />
            <NameList title="Not going" rows={groups.declined.filter(named)} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

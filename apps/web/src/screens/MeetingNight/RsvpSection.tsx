import { Badge, Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { RSVP_MAX_GUESTS, type MeetingNight, type RsvpStatus } from "@club/shared";
import { ErrorAlert, LoadError } from "../../components/status";
import { trpc } from "../../lib/trpc";
import { fullName, groupRsvps, guestsLabel } from "./rsvpSummary";
import classes from "./MeetingNight.module.css";
import { LogInPrompt } from "../../components/LogInPrompt";
import { useT } from "../../lib/i18n";
import { nightMessages, type NightKey } from "./nightMessages";

const ANSWERS: { value: RsvpStatus; label: NightKey }[] = [
  { value: "going", label: "answer.going" },
  { value: "maybe", label: "answer.maybe" },
  { value: "declined", label: "answer.declined" },
];
const GUESTS = Array.from({ length: RSVP_MAX_GUESTS + 1 }, (_, n) => ({
  value: String(n),
  label: String(n),
}));

/** The member's own answer: Going / Maybe / Not going, 0-3 guests, and their place. */
function MyAnswer({ night }: { night: MeetingNight }) {
  const id = night.id;
  const t = useT(nightMessages);
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
          {t("my.label")}
        </Text>
        <SegmentedControl
          fullWidth
          size="md"
          aria-labelledby="rsvp-label"
          className={classes.segmented}
          data={ANSWERS.map((a) => ({ value: a.value, label: t(a.label) }))}
          value={status ?? ""}
          onChange={(value) => send(value as RsvpStatus, guests)}
          disabled={mine.isPending}
        />
      </div>
      {status === "going" || status === "maybe" ? (
        <div>
          <Text id="guests-label" fw={600} mb={6}>
            {t("my.guests")}
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
          ? t("my.none")
          : position !== null
            ? t("my.waitlist", { position })
            : t(`my.${status}`)}
      </Text>
      {answer.isError ? <ErrorAlert message={answer.error.message || t("my.failed")} /> : null}
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
  const t = useT(nightMessages);
  const groups = groupRsvps(rsvps.data ?? []);
  const capacity = night.capacity;
  const answered = !rsvps.isPending;
  const none = rsvps.data?.length === 0;
  if (!night.upcoming && none) return null;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="rsvp-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h3" id="rsvp-title">
          {night.upcoming ? t("coming.upcoming") : t("coming.past")}
        </Title>
        {/* The counts once the answers are in: a count that changes width, or a line that appears
            above them, would move what is already on screen (CLS 0). */}
        {answered && !none ? (
          <Badge variant="light" size="lg" radius="sm">
            {capacity === null
              ? t("coming.people", { people: groups.people })
              : t("coming.places", { people: groups.people, capacity })}
          </Badge>
        ) : null}
      </Group>
      <Stack gap="md">
        {night.upcoming ? (
          isMember ? (
            <MyAnswer night={night} />
          ) : (
            <LogInPrompt size="sm">{t("coming.logIn")}</LogInPrompt>
          )
        ) : null}
        {rsvps.isError ? <LoadError message={t("coming.failed")} /> : null}
        {rsvps.data && rsvps.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("coming.none")}
          </Text>
        ) : null}
        {answered && !none ? (
          <Text size="sm" aria-label={t("coming.totalsLabel")}>
            {t("coming.totals", {
              members: groups.going.length,
              guests: groups.guests,
              waiting: groups.waiting.length,
              maybe: groups.maybe.length,
              declined: groups.declined.length,
            })}
          </Text>
        ) : null}
        {/* Names are members' data: a visitor's answers come without them, and only the totals show. */}
        {isMember ? (
          <>
            <NameList title={t("answer.going")} rows={groups.going.filter(named)} />
            <NameList title={t("coming.waitlist")} rows={groups.waiting.filter(named)} waitlist />
            <NameList title={t("answer.maybe")} rows={groups.maybe.filter(named)} />
            <NameList title={t("answer.declined")} rows={groups.declined.filter(named)} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

import { useState } from "react";
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { Link, useSearchParams } from "react-router-dom";
import { RSVP_STATUSES, type RsvpLinkResult, type RsvpStatus } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { ErrorAlert, PageLoader } from "../../components/status";
import { formatLongDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { useT } from "../../lib/i18n";
import { nightMessages, nightText, type NightKey } from "../MeetingNight/nightMessages";

const BUTTONS: { status: RsvpStatus; label: NightKey }[] = [
  { status: "going", label: "answer.going" },
  { status: "maybe", label: "answer.maybe" },
  { status: "declined", label: "answer.declined" },
];

/** "You're going to the meeting on Friday, December 11, 2026." */
export function answerSentence(result: Pick<RsvpLinkResult, "status" | "date" | "waitlistPosition">): string {
  const date = formatLongDate(result.date);
  if (result.status === "going" && result.waitlistPosition !== null)
    return nightText("rsvp.full", { date, position: result.waitlistPosition });
  return nightText(`rsvp.${result.status}`, { date });
}

const isStatus = (value: string | null): value is RsvpStatus =>
  (RSVP_STATUSES as readonly string[]).includes(value ?? "");

const LABEL: Record<RsvpStatus, NightKey> = {
  going: "answer.going",
  maybe: "answer.maybe",
  declined: "answer.declined",
};

/** The three answers as buttons, the one given pressed; a tap sends it. */
function AnswerButtons({
  label,
  current,
  pending,
  onAnswer,
  without,
}: {
  label: string;
  /** An answer offered elsewhere on the screen (the link's own, as the one-tap Yes). */
  without?: RsvpStatus;
  current: RsvpStatus | null;
  pending: RsvpStatus | null;
  onAnswer: (status: RsvpStatus) => void;
}) {
  const t = useT(nightMessages);
  return (
    <Group gap="xs" role="group" aria-label={label}>
      {BUTTONS.filter((button) => button.status !== without).map((button) => (
        <Button
          key={button.status}
          size="md"
          variant={current === button.status ? "filled" : "default"}
          aria-pressed={current === button.status}
          loading={pending === button.status}
          disabled={pending !== null}
          onClick={() => onAnswer(button.status)}
        >
          {t(button.label)}
        </Button>
      ))}
    </Group>
  );
}

/**
 * /rsvp?token=&status=: an email's answer link, no login needed. Opening it answers nothing (a mail
 * scanner opens every link of a message): the page reads which meeting the link is for and asks,
 * with the link's answer as the one-tap Yes; the buttons then change the answer with the same link.
 */
export default function RsvpPage() {
  const t = useT(nightMessages);
  useTitle(t("rsvp.title"));
  const [params] = useSearchParams();
  const token = params.get("token");
  const status = params.get("status");
  const valid = token !== null && token.length >= 10 && isStatus(status);
  const link = trpc.reminders.rsvpLink.useQuery({ token: token ?? "" }, { enabled: valid, retry: false });
  // The last answer the server confirmed stays on view while a changed answer is sent.
  const [result, setResult] = useState<RsvpLinkResult | null>(null);
  const answer = trpc.reminders.rsvpByLink.useMutation({ onSuccess: setResult });
  const pending = answer.isPending ? answer.variables.status : null;
  const send = (next: RsvpStatus) => answer.mutate({ token: token ?? "", status: next });

  return (
    <>
      <PageHeader title={t("rsvp.title")} subtitle={t("rsvp.subtitle")} />
      {!valid ? (
        <ErrorAlert message={t("rsvp.invalidLink")} />
      ) : link.isError ? (
        <ErrorAlert message={link.error.message || t("rsvp.invalidLink")} />
      ) : !link.data ? (
        <PageLoader />
      ) : !result ? (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <div>
              <Text fz="lg" fw={700}>
                {t("rsvp.meetingOn", { date: formatLongDate(link.data.date) })}
              </Text>
              <Text c="dimmed">{link.data.theme}</Text>
            </div>
            {link.data.status ? (
              <Text size="sm">{t("rsvp.soFar", { answer: t(LABEL[link.data.status]) })}</Text>
            ) : null}
            <Text fw={600} role="status">
              {t("rsvp.confirm", { answer: t(LABEL[status]) })}
            </Text>
            {answer.isError ? <ErrorAlert message={answer.error.message} /> : null}
            <Button
              size="md"
              loading={pending === status}
              disabled={pending !== null}
              onClick={() => send(status)}
            >
              {t("rsvp.yes", { answer: t(LABEL[status]) })}
            </Button>
            <Text size="sm" c="dimmed">
              {t("rsvp.orAnswer")}
            </Text>
            <AnswerButtons
              label={t("rsvp.otherAnswers")}
              without={status}
              current={null}
              pending={pending}
              onAnswer={send}
            />
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Text fz="lg" fw={700} role="status">
              {answerSentence(result)}
            </Text>
            {answer.isError ? <ErrorAlert message={answer.error.message} /> : null}
            <Text size="sm" c="dimmed">
              {t("rsvp.changed")}
            </Text>
            <AnswerButtons
              label={t("rsvp.changeAnswer")}
              current={result.status}
              pending={pending}
              onAnswer={send}
            />
            <Button component={Link} to={`/monthlymeeting/${result.meetingId}`} variant="light" size="md">
              {t("rsvp.openMeeting")}
            </Button>
          </Stack>
        </Card>
      )}
    </>
  );
}

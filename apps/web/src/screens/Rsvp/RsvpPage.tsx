import { useState } from "react";
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { Link, useSearchParams } from "react-router-dom";
import { RSVP_STATUSES, type RsvpLinkResult, type RsvpStatus } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { ErrorAlert, PageLoader } from "../../components/status";
import { formatLongDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";

const INVALID_LINK = "This answer link is not valid. Open the meeting in the app to answer.";

const BUTTONS: { status: RsvpStatus; label: string }[] = [
  { status: "going", label: "Going" },
  { status: "maybe", label: "Maybe" },
  { status: "declined", label: "Not going" },
];

/** "You're going to the meeting on Friday, December 11, 2026." */
export function answerSentence(result: Pick<RsvpLinkResult, "status" | "date" | "waitlistPosition">): string {
  const on = `the meeting on ${formatLongDate(result.date)}`;
  if (result.status === "going" && result.waitlistPosition !== null)
    return `The meeting on ${formatLongDate(result.date)} is full: you're number ${result.waitlistPosition} on the waitlist. We'll email you if a place opens.`;
  if (result.status === "going") return `You're going to ${on}.`;
  if (result.status === "maybe") return `You might come to ${on}.`;
  return `You're not going to ${on}.`;
}

const isStatus = (value: string | null): value is RsvpStatus =>
  (RSVP_STATUSES as readonly string[]).includes(value ?? "");

const LABEL: Record<RsvpStatus, string> = { going: "Going", maybe: "Maybe", declined: "Not going" };

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
          {button.label}
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
  useTitle("Your answer");
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
      <PageHeader title="Your answer" subtitle="From the club's email" />
      {!valid ? (
        <ErrorAlert message={INVALID_LINK} />
      ) : link.isError ? (
        <ErrorAlert message={link.error.message || INVALID_LINK} />
      ) : !link.data ? (
        <PageLoader />
      ) : !result ? (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <div>
              <Text fz="lg" fw={700}>
                The meeting on {formatLongDate(link.data.date)}
              </Text>
              <Text c="dimmed">{link.data.theme}</Text>
            </div>
            {link.data.status ? <Text size="sm">Your answer so far: {LABEL[link.data.status]}.</Text> : null}
            <Text fw={600} role="status">
              Answer &ldquo;{LABEL[status]}&rdquo;?
            </Text>
            {answer.isError ? <ErrorAlert message={answer.error.message} /> : null}
            <Button
              size="md"
              loading={pending === status}
              disabled={pending !== null}
              onClick={() => send(status)}
            >
              Yes, answer {LABEL[status]}
            </Button>
            <Text size="sm" c="dimmed">
              Or answer:
            </Text>
            <AnswerButtons
              label="Other answers"
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
              Changed your mind? Answer again:
            </Text>
            <AnswerButtons
              label="Change your answer"
              current={result.status}
              pending={pending}
              onAnswer={send}
            />
            <Button component={Link} to={`/monthlymeeting/${result.meetingId}`} variant="light" size="md">
              Open the meeting
            </Button>
          </Stack>
        </Card>
      )}
    </>
  );
}

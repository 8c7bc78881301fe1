import { useEffect, useRef, useState } from "react";
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

/**
 * /rsvp?token=&status=: a reminder email's one-click answer, no login needed. The answer in the
 * link is sent once on load; the buttons change it with the same link.
 */
export default function RsvpPage() {
  useTitle("Your answer");
  const [params] = useSearchParams();
  const token = params.get("token");
  const status = params.get("status");
  // The last answer the server confirmed stays on view while a changed answer is sent.
  const [result, setResult] = useState<RsvpLinkResult | null>(null);
  const answer = trpc.reminders.rsvpByLink.useMutation({ onSuccess: setResult });
  const sent = useRef(false);
  const valid = token !== null && token.length >= 10 && isStatus(status);

  useEffect(() => {
    // Once per page load (React's development double effects and re-renders included).
    if (sent.current || !valid) return;
    sent.current = true;
    answer.mutate({ token, status });
  }, [answer, valid, token, status]);

  return (
    <>
      <PageHeader title="Your answer" subtitle="From the meeting reminder" />
      {!valid ? (
        <ErrorAlert message={INVALID_LINK} />
      ) : !result ? (
        answer.isError ? (
          <ErrorAlert message={answer.error.message || INVALID_LINK} />
        ) : (
          <PageLoader />
        )
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
            <Group gap="xs" role="group" aria-label="Change your answer">
              {BUTTONS.map((button) => (
                <Button
                  key={button.status}
                  size="md"
                  variant={result.status === button.status ? "filled" : "default"}
                  aria-pressed={result.status === button.status}
                  loading={answer.isPending && answer.variables.status === button.status}
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ token, status: button.status })}
                >
                  {button.label}
                </Button>
              ))}
            </Group>
            <Button component={Link} to={`/monthlymeeting/${result.meetingId}`} variant="light" size="md">
              Open the meeting
            </Button>
          </Stack>
        </Card>
      )}
    </>
  );
}

import { useState } from "react";
import { SegmentedControl, Text, Textarea, TextInput } from "@mantine/core";
import { MESSAGE_TEXT_MAX, type MessageAudience } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { failure } from "../../lib/errors";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

/** The host writes to everyone going or to all members, by email; the message stays on the page. */
export default function WriteMessageDialog({
  meetingId,
  onClose,
}: {
  meetingId: number;
  onClose: () => void;
}) {
  const [to, setTo] = useState<MessageAudience>("going");
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const send = trpc.messages.send.useMutation({
    onSuccess: ({ sent }) => {
      notify(sent === 1 ? "Sent to 1 member." : `Sent to ${sent} members.`);
      onClose();
    },
  });
  return (
    <FormDialog
      title="Write to the club"
      onClose={onClose}
      submitLabel="Send"
      canSubmit={subject.trim() !== "" && text.trim() !== ""}
      submitting={send.isPending}
      errors={[failure("Failed to send the message.", send.error)]}
      onSubmit={() => send.mutate({ id: meetingId, to, subject, text })}
    >
      <div>
        <Text id="message-to-label" fw={600} size="sm" mb={6}>
          To
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="message-to-label"
          data={[
            { value: "going", label: "Everyone going" },
            { value: "all", label: "All members" },
          ]}
          value={to}
          onChange={(value) => setTo(value)}
        />
      </div>
      <TextInput
        label="Subject"
        data-autofocus
        maxLength={200}
        value={subject}
        onChange={(event) => setSubject(event.currentTarget.value)}
      />
      <Textarea
        label="Message"
        autosize
        minRows={4}
        maxLength={MESSAGE_TEXT_MAX}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Text size="xs" c="dimmed">
        By email, to each member who wants meeting emails.
      </Text>
    </FormDialog>
  );
}

import { useState } from "react";
import { SegmentedControl, Text, Textarea, TextInput } from "@mantine/core";
import { MESSAGE_TEXT_MAX, type MessageAudience } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { failure } from "../../lib/errors";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { meetingMessages } from "./meetingMessages";

/** The host writes to everyone going or to all members, by email; the message stays on the page. */
export default function WriteMessageDialog({
  meetingId,
  onClose,
}: {
  meetingId: number;
  onClose: () => void;
}) {
  const t = useT(meetingMessages);
  const [to, setTo] = useState<MessageAudience>("going");
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const send = trpc.messages.send.useMutation({
    onSuccess: ({ sent }) => {
      notify(t("write.sent", { count: sent }));
      onClose();
    },
  });
  return (
    <FormDialog
      title={t("write.title")}
      onClose={onClose}
      submitLabel={t("write.send")}
      canSubmit={subject.trim() !== "" && text.trim() !== ""}
      submitting={send.isPending}
      errors={[failure(t("write.failed"), send.error)]}
      onSubmit={() => send.mutate({ id: meetingId, to, subject, text })}
    >
      <div>
        <Text id="message-to-label" fw={600} size="sm" mb={6}>
          {t("write.to")}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="message-to-label"
          data={[
            { value: "going", label: t("write.going") },
            { value: "all", label: t("write.all") },
          ]}
          value={to}
          onChange={(value) => setTo(value)}
        />
      </div>
      <TextInput
        label={t("write.subject")}
        data-autofocus
        maxLength={200}
        value={subject}
        onChange={(event) => setSubject(event.currentTarget.value)}
      />
      <Textarea
        label={t("write.message")}
        autosize
        minRows={4}
        maxLength={MESSAGE_TEXT_MAX}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Text size="xs" c="dimmed">
        {t("write.byEmail")}
      </Text>
    </FormDialog>
  );
}

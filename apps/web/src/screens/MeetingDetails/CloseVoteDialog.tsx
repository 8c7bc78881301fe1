import { useState } from "react";
import { NativeSelect, Text, TextInput } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import type { ThemeVote } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { failure } from "../../lib/errors";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import "../../styles/nativeSelect";

/**
 * Close the vote (whoever runs the night): the next meeting gets a volunteer as host and a theme
 * with the most votes, on the club's next meeting day unless another date is chosen.
 */
export default function CloseVoteDialog({
  meetingId,
  vote,
  onClose,
}: {
  meetingId: number;
  vote: ThemeVote;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const volunteers = trpc.planning.volunteers.useQuery({ id: meetingId });
  const most = vote.options[0]?.votes ?? 0;
  const leading = most === 0 ? [] : vote.options.filter((o) => o.votes === most);
  const people = volunteers.data?.volunteers ?? [];
  const [host, setHost] = useState<string>("");
  const [theme, setTheme] = useState<string>("");
  const [date, setDate] = useState("");
  const close = trpc.planning.close.useMutation({
    onSuccess: (made) => {
      notify("The next meeting is made.");
      onClose();
      void navigate(`/monthlymeeting/${made.id}`);
    },
  });
  const hostId = Number(host || people[0]?.memberId || 0);
  const themeId = Number(theme || leading[0]?.themeId || 0);

  return (
    <FormDialog
      title="Close the vote"
      onClose={onClose}
      submitLabel="Make the next meeting"
      canSubmit={hostId > 0 && themeId > 0}
      submitting={close.isPending}
      errors={[failure("Failed to close the vote.", close.error)]}
      onSubmit={() =>
        close.mutate({ id: meetingId, hostMemberId: hostId, themeId, ...(date ? { date } : {}) })
      }
    >
      {people.length === 0 ? (
        <Text>No one has volunteered to host yet.</Text>
      ) : (
        <NativeSelect
          label="Host"
          data-autofocus
          data={people.map((p) => ({ value: String(p.memberId), label: p.name }))}
          value={String(hostId)}
          onChange={(event) => setHost(event.currentTarget.value)}
        />
      )}
      {leading.length === 0 ? (
        <Text>No theme has a vote yet.</Text>
      ) : (
        <NativeSelect
          label="Theme"
          description={leading.length > 1 ? "These themes have the most votes." : undefined}
          data={leading.map((o) => ({ value: String(o.themeId), label: o.name }))}
          value={String(themeId)}
          onChange={(event) => setTheme(event.currentTarget.value)}
        />
      )}
      <TextInput
        type="date"
        label="Date"
        description="Leave it empty for the club's next meeting day."
        value={date}
        onChange={(event) => setDate(event.currentTarget.value)}
      />
    </FormDialog>
  );
}

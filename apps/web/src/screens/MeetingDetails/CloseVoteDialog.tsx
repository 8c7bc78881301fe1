import { useState } from "react";
import { NativeSelect, Text, TextInput } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import type { ThemeVote } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { failure } from "../../lib/errors";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import "../../styles/nativeSelect";
import { useT } from "../../lib/i18n";
import { meetingMessages } from "./meetingMessages";

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
  const t = useT(meetingMessages);
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
      notify(t("close.made"));
      onClose();
      void navigate(`/monthlymeeting/${made.id}`);
    },
  });
  const hostId = Number(host || people[0]?.memberId || 0);
  const themeId = Number(theme || leading[0]?.themeId || 0);

  return (
    <FormDialog
      title={t("close.title")}
      onClose={onClose}
      submitLabel={t("close.submit")}
      canSubmit={hostId > 0 && themeId > 0}
      submitting={close.isPending}
      errors={[failure(t("close.failed"), close.error)]}
      onSubmit={() =>
        close.mutate({ id: meetingId, hostMemberId: hostId, themeId, ...(date ? { date } : {}) })
      }
    >
      {people.length === 0 ? (
        <Text>{t("noVolunteers")}</Text>
      ) : (
        <NativeSelect
          label={t("close.host")}
          data-autofocus
          data={people.map((p) => ({ value: String(p.memberId), label: p.name }))}
          value={String(hostId)}
          onChange={(event) => setHost(event.currentTarget.value)}
        />
      )}
      {leading.length === 0 ? (
        <Text>{t("close.noVotes")}</Text>
      ) : (
        <NativeSelect
          label={t("close.theme")}
          description={leading.length > 1 ? t("close.tied") : undefined}
          data={leading.map((o) => ({ value: String(o.themeId), label: o.name }))}
          value={String(themeId)}
          onChange={(event) => setTheme(event.currentTarget.value)}
        />
      )}
      <TextInput
        type="date"
        label={t("close.date")}
        description={t("close.dateHint")}
        value={date}
        onChange={(event) => setDate(event.currentTarget.value)}
      />
    </FormDialog>
  );
}

import { useState } from "react";
import { ActionIcon } from "@mantine/core";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { TrashIcon } from "../../components/icons";
import { failureMessage } from "../../lib/failure";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";

/**
 * Members: take a bottle out of a meeting's line-up. A pour nobody scored goes at once (the toast
 * offers Undo); a scored pour asks first: its scores go with it. The other drams keep their numbers.
 */
export function RemoveBottleButton({
  meetingId,
  bottle,
  label,
  scores = 0,
}: {
  meetingId: number;
  bottle: { id: number; name: string };
  /** The pour's "Dram N". */
  label: string;
  /** How many tasters scored it. */
  scores?: number;
}) {
  const [asking, setAsking] = useState(false);
  const remove = trpc.meetings.removeBottle.useMutation({
    onSuccess: useUndoableSave(
      `${bottle.name} removed from the meeting.`,
      { entity: "meetingBottle", entityId: `${meetingId}:${bottle.id}`, action: "meetings.removeBottle" },
      () => setAsking(false),
    ),
    onError: (error) => {
      if (!asking) notify(failureMessage(error, "Failed to remove the bottle from the meeting."), "red");
    },
  });
  const name = `Remove ${bottle.name} from this meeting`;
  const go = () => remove.mutate({ id: meetingId, bottleId: bottle.id });

  return (
    <>
      <ActionIcon
        variant="subtle"
        color="red"
        size={40}
        aria-label={name}
        title={name}
        loading={remove.isPending && !asking}
        onClick={() => (scores > 0 ? setAsking(true) : go())}
      >
        <TrashIcon />
      </ActionIcon>
      {asking ? (
        <ConfirmDialog
          title={`Remove ${label}?`}
          confirmLabel="Remove it and its scores"
          onConfirm={go}
          onClose={() => setAsking(false)}
          pending={remove.isPending}
          error={remove.isError ? "Failed to remove the bottle from the meeting." : null}
          cause={remove.error}
        >
          {label} ({bottle.name}) has {scores === 1 ? "1 score" : `${scores} scores`}: they go with it. The
          other drams keep their numbers.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

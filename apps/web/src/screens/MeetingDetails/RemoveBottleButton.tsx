import { ActionIcon } from "@mantine/core";
import { TrashIcon } from "../../components/icons";
import { failureMessage } from "../../lib/failure";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";

/** Members: take a bottle out of a meeting's line-up (no question asked: the toast offers Undo). */
export function RemoveBottleButton({
  meetingId,
  bottle,
}: {
  meetingId: number;
  bottle: { id: number; name: string };
}) {
  const remove = trpc.meetings.removeBottle.useMutation({
    onSuccess: useUndoableSave(`${bottle.name} removed from the meeting.`, {
      entity: "meetingBottle",
      entityId: `${meetingId}:${bottle.id}`,
      action: "meetings.removeBottle",
    }),
    onError: (error) => notify(failureMessage(error, "Failed to remove the bottle from the meeting."), "red"),
  });
  const label = `Remove ${bottle.name} from this meeting`;

  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size={40}
      aria-label={label}
      title={label}
      loading={remove.isPending}
      onClick={() => remove.mutate({ id: meetingId, bottleId: bottle.id })}
    >
      <TrashIcon />
    </ActionIcon>
  );
}

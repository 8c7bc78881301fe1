import { useNavigate } from "react-router-dom";
import type { MeetingDetail } from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { failureMessage } from "../../lib/failure";
import { formatLongDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";

/** Delete a meeting with its line-up (its creator or an admin), then back to the meetings. */
export default function DeleteMeetingDialog({
  meeting,
  onClose,
}: {
  meeting: MeetingDetail;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const remove = trpc.meetings.delete.useMutation({
    onSuccess: useUndoableSave(
      "Meeting deleted.",
      { entity: "meeting", entityId: meeting.id, action: "meetings.delete" },
      // Leave the page first: refetching it now would only find that it is gone.
      () => navigate("/"),
    ),
  });
  const count = meeting.bottlesSampled.length;

  return (
    <ConfirmDialog
      title="Delete Meeting"
      confirmLabel="Delete meeting"
      onConfirm={() => remove.mutate({ id: meeting.id })}
      onClose={onClose}
      pending={remove.isPending}
      error={remove.isError ? failureMessage(remove.error, "Failed to delete the meeting.") : null}
    >
      Delete the meeting of {formatLongDate(meeting.date)}, hosted by {meeting.hostName}
      {count === 0
        ? ""
        : count === 1
          ? ", with its line-up of 1 bottle"
          : `, with its line-up of ${count} bottles`}
      ? You can undo it right after.
    </ConfirmDialog>
  );
}

import type { MeetingDetail } from "@club/shared";
import { DeleteDialog } from "../../components/DeleteDialog";
import { formatLongDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";

/** Delete a meeting with its line-up (its creator or an admin), then back to the meetings. */
export default function DeleteMeetingDialog({
  meeting,
  onClose,
}: {
  meeting: MeetingDetail;
  onClose: () => void;
}) {
  const count = meeting.bottlesSampled.length;

  return (
    <DeleteDialog entity="meeting" id={meeting.id} write={trpc.meetings.delete} leaveTo="/" onClose={onClose}>
      Delete the meeting of {formatLongDate(meeting.date)}, hosted by {meeting.hostName}
      {count === 0
        ? ""
        : count === 1
          ? ", with its line-up of 1 bottle"
          : `, with its line-up of ${count} bottles`}
      ? You can undo it right after.
    </DeleteDialog>
  );
}

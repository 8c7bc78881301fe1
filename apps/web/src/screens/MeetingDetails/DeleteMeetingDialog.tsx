import type { MeetingDetail } from "@club/shared";
import { DeleteDialog } from "../../components/DeleteDialog";
import { formatLongDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { meetingMessages } from "./meetingMessages";

/** Delete a meeting with its line-up (its creator or an admin), then back to the meetings. */
export default function DeleteMeetingDialog({
  meeting,
  onClose,
}: {
  meeting: MeetingDetail;
  onClose: () => void;
}) {
  const t = useT(meetingMessages);

  return (
    <DeleteDialog entity="meeting" id={meeting.id} write={trpc.meetings.delete} leaveTo="/" onClose={onClose}>
      {t("delete.body", {
        date: formatLongDate(meeting.date),
        host: meeting.hostName,
        count: meeting.bottlesSampled.length,
      })}
    </DeleteDialog>
  );
}

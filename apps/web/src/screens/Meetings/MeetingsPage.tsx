import { lazy, Suspense, useState } from "react";
import { Button } from "@mantine/core";
import { Messages } from "@club/shared";
import { cellLinkClass, DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { EmptyMessage, ErrorAlert, PageLoader } from "../../components/status";
import { PlusIcon } from "../../components/icons";
import { useSession } from "../../lib/appSession";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";

const AddMeetingDialog = lazy(() => import("./AddMeetingDialog"));

export default function MeetingsPage() {
  useTitle("Monthly Meetings");
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const meetings = trpc.meetings.list.useQuery();

  return (
    <>
      <PageHeader
        title="Monthly Meetings"
        subtitle="Second Friday of every month, 7:00 PM. Pick a date to see what we poured."
        actions={
          session ? (
            <Button h={40} leftSection={<PlusIcon />} onClick={() => setAdding(true)}>
              Add Meeting
            </Button>
          ) : null
        }
      />

      {meetings.isPending ? (
        <PageLoader />
      ) : meetings.isError ? (
        <ErrorAlert message={Messages.fetchData} />
      ) : meetings.data.length === 0 ? (
        <EmptyMessage>{Messages.noMeetings}</EmptyMessage>
      ) : (
        <DataTable label="Monthly meetings" minWidth={480}>
          <thead>
            <tr>
              <th>Date</th>
              <th>Theme</th>
              <th>Host</th>
            </tr>
          </thead>
          <tbody>
            {meetings.data.map((meeting) => (
              <tr key={meeting.id}>
                <td>
                  <a href={`/monthlymeeting/${meeting.id}`} className={cellLinkClass}>
                    <time dateTime={meeting.date}>{formatDate(meeting.date)}</time>
                  </a>
                </td>
                <td>{meeting.theme}</td>
                <td>{meeting.host}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}

      {adding ? (
        <Suspense fallback={null}>
          <AddMeetingDialog onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { lazy, useState } from "react";
import { Button } from "@mantine/core";
import { HomeMessages, type MeetingListItem } from "@club/shared";
import { cellLinkClass, DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { TableHead, TableRows, type Column } from "../../components/TableColumns";
import { EmptyMessage } from "../../components/loader";
import { LoadErrorLater as LoadError } from "../../components/statusLater";
import { PlusIcon } from "../../components/icons";
import { useSession } from "../../lib/appSession";
import { splitMeetings } from "../../lib/clubCalendar";
import { formatDate, today } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { CalendarSubscribe } from "./CalendarSubscribe";
import { NextMeetingCard, useNextMeeting } from "./NextMeetingCard";
import { Later } from "../../components/Later";
import { withBase } from "../../lib/basePath";

const AddMeetingDialog = lazy(() => import("./AddMeetingDialog"));

// A label row, not a header cell: the table's column headers stay Date, Theme and Host.
const GROUP_LABEL = {
  fontWeight: 700,
  fontSize: "var(--mantine-font-size-sm)",
  color: "var(--mantine-color-dimmed)",
};

const COLUMNS: Column<MeetingListItem>[] = [
  {
    header: "Date",
    cell: (meeting) => (
      <a href={withBase(`/monthlymeeting/${meeting.id}`)} className={cellLinkClass}>
        <time dateTime={meeting.date}>{formatDate(meeting.date)}</time>
      </a>
    ),
  },
  { header: "Theme", cell: (meeting) => meeting.theme },
  { header: "Host", cell: (meeting) => meeting.host },
];

/** Upcoming meetings (soonest first), then past ones, each group under its own header row. */
function meetingGroups<T extends { date: string }>(meetings: T[]) {
  const { upcoming, past } = splitMeetings(meetings, today());
  return [
    { label: "Upcoming meetings", meetings: upcoming },
    { label: "Past meetings", meetings: past },
  ].filter((group) => group.meetings.length > 0);
}

export default function MeetingsPage() {
  useTitle("Monthly Meetings");
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const meetings = trpc.meetings.list.useQuery();
  const next = useNextMeeting(meetings.data, !meetings.isPending);

  return (
    <>
      <PageHeader
        title="Monthly Meetings"
        subtitle="Second Friday of every month, 7:00 PM. Pick a date to see what we poured."
        actions={
          <>
            <CalendarSubscribe />
            {session ? (
              <Button h={40} leftSection={<PlusIcon />} onClick={() => setAdding(true)}>
                Add Meeting
              </Button>
            ) : null}
          </>
        }
      />
      <NextMeetingCard {...next} />

      {/* Below the card only once it has its final size (its skeleton says the page is loading). */}
      {!next.settled || meetings.isPending ? null : meetings.isError ? (
        <LoadError message={HomeMessages.fetchData} />
      ) : meetings.data.length === 0 ? (
        <EmptyMessage>{HomeMessages.noMeetings}</EmptyMessage>
      ) : (
        <DataTable label="Monthly meetings" minWidth={480}>
          <TableHead columns={COLUMNS} />
          {meetingGroups(meetings.data).map((group) => (
            <tbody key={group.label}>
              <tr>
                <td colSpan={COLUMNS.length} style={GROUP_LABEL}>
                  {group.label}
                </td>
              </tr>
              <TableRows columns={COLUMNS} rows={group.meetings} rowKey={(meeting) => meeting.id} />
            </tbody>
          ))}
        </DataTable>
      )}

      <Later when={adding}>
        <AddMeetingDialog onClose={() => setAdding(false)} />
      </Later>
    </>
  );
}

import { lazy, useState } from "react";
import { Button } from "@mantine/core";
import { HomeMessages } from "@club/shared";
import { cellLinkClass, DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
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

const AddMeetingDialog = lazy(() => import("./AddMeetingDialog"));

// A label row, not a header cell: the table's column headers stay Date, Theme and Host.
const GROUP_LABEL = {
  fontWeight: 700,
  fontSize: "var(--mantine-font-size-sm)",
  color: "var(--mantine-color-dimmed)",
};

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
          <thead>
            <tr>
              <th>Date</th>
              <th>Theme</th>
              <th>Host</th>
            </tr>
          </thead>
          {meetingGroups(meetings.data).map((group) => (
            <tbody key={group.label}>
              <tr>
                <td colSpan={3} style={GROUP_LABEL}>
                  {group.label}
                </td>
              </tr>
              {group.meetings.map((meeting) => (
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
          ))}
        </DataTable>
      )}

      <Later when={adding}>
        <AddMeetingDialog onClose={() => setAdding(false)} />
      </Later>
    </>
  );
}

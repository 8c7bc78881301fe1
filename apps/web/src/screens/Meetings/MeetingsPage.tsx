import { lazy, useState } from "react";
import { Button } from "@mantine/core";
import type { MeetingListItem } from "@club/shared";
import { cellLinkClass, DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { TableHead, TableRows, type Column } from "../../components/TableColumns";
import { EmptyMessage } from "../../components/loader";
import { LoadErrorLater as LoadError } from "../../components/statusLater";
import { PlusIcon } from "../../components/icons";
import { useSession } from "../../lib/appSession";
import { splitMeetings } from "../../lib/clubCalendar";
import { formatClockTime, formatDate, today, weekdayName } from "../../lib/format";
import { useClubSettings } from "../../lib/clubSettings";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { CalendarSubscribe } from "./CalendarSubscribe";
import { NextMeetingCard, useNextMeeting } from "./NextMeetingCard";
import { Later } from "../../components/Later";
import { withBase } from "../../lib/basePath";
import { defineMessages, useT } from "../../lib/i18n";
import home from "../../locales/en/home.json";

/** Home's texts: src/locales/<language>/home.json (its two messages are the floor's, HomeMessages). */
const homeMessages = defineMessages("home", home);
type T = ReturnType<typeof useT<keyof typeof home>>;

const AddMeetingDialog = lazy(() => import("./AddMeetingDialog"));

// A label row, not a header cell: the table's column headers stay Date, Theme and Host.
const GROUP_LABEL = {
  fontWeight: 700,
  fontSize: "var(--mantine-font-size-sm)",
  color: "var(--mantine-color-dimmed)",
};

const columns = (t: T): Column<MeetingListItem>[] => [
  {
    header: t("date"),
    cell: (meeting) => (
      <a href={withBase(`/monthlymeeting/${meeting.id}`)} className={cellLinkClass}>
        <time dateTime={meeting.date}>{formatDate(meeting.date)}</time>
      </a>
    ),
  },
  { header: t("theme"), cell: (meeting) => meeting.theme },
  { header: t("host"), cell: (meeting) => meeting.host },
];

/** Upcoming meetings (soonest first), then past ones, each group under its own header row. */
function meetingGroups<M extends { date: string }>(meetings: M[], t: T) {
  const { upcoming, past } = splitMeetings(meetings, today());
  return [
    { label: t("upcoming"), meetings: upcoming },
    { label: t("past"), meetings: past },
  ].filter((group) => group.meetings.length > 0);
}

export default function MeetingsPage() {
  const t = useT(homeMessages);
  useTitle(t("title"));
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const meetings = trpc.meetings.list.useQuery();
  const next = useNextMeeting(meetings.data, !meetings.isPending);
  const COLUMNS = columns(t);
  // The club's meeting rule, as its settings say: "Second Friday of every month, 7:00 PM."
  const rule = useClubSettings();
  const subtitle = t("subtitle", {
    week: String(rule.meetingWeekOfMonth),
    weekday: weekdayName(rule.meetingWeekday),
    time: formatClockTime(rule.meetingTime),
  });

  return (
    <>
      <PageHeader
        title={t("title")}
        subtitle={subtitle}
        actions={
          <>
            <CalendarSubscribe />
            {session ? (
              <Button h={40} leftSection={<PlusIcon />} onClick={() => setAdding(true)}>
                {t("addMeeting")}
              </Button>
            ) : null}
          </>
        }
      />
      <NextMeetingCard {...next} />

      {/* Below the card only once it has its final size (its skeleton says the page is loading). */}
      {!next.settled || meetings.isPending ? null : meetings.isError ? (
        <LoadError message={t("fetchData")} />
      ) : meetings.data.length === 0 ? (
        <EmptyMessage>{t("noMeetings")}</EmptyMessage>
      ) : (
        <DataTable label={t("tableLabel")} minWidth={480}>
          <TableHead columns={COLUMNS} />
          {meetingGroups(meetings.data, t).map((group) => (
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

import { lazy, Suspense, useState } from "react";
import { Anchor, Button, Card, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { Messages } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { PlusIcon } from "../../components/icons";
import { PageDeleteButton, PageEditButton } from "../../components/EditDeleteActions";
import { LoadError, NotFound, PageLoader } from "../../components/status";
import { isNotFound } from "../../lib/errors";
import { datePart, formatLongDate, today } from "../../lib/format";
import { usePermissions } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { useIdParam } from "../../lib/routeParams";
import { useTitle } from "../../lib/useTitle";
import { AddToCalendarLink, CalendarAppLinks } from "./CalendarAppLinks";
import { useT } from "../../lib/i18n";
import { nightMessages } from "../MeetingNight/nightMessages";

const AddBottleDialog = lazy(() => import("./AddBottleDialog"));
const EditMeetingDialog = lazy(() => import("./EditMeetingDialog"));
const DeleteMeetingDialog = lazy(() => import("./DeleteMeetingDialog"));

type Dialog = "add" | "edit" | "delete" | null;
const MeetingNight = lazy(() => import("../MeetingNight/MeetingNight"));
const NextMeetingSection = lazy(() => import("./NextMeetingSection"));
const MessagesSection = lazy(() => import("./MessagesSection"));

function Meeting({ id }: { id: number }) {
  const { isMember, mayCorrect } = usePermissions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const meeting = trpc.meetings.byId.useQuery({ id });
  const flight = trpc.night.flight.useQuery({ id });
  const night = trpc.night.get.useQuery({ id });
  const isHost = night.data?.isHost ?? false;
  const t = useT(nightMessages);
  useTitle(meeting.data ? t("details.titleOf", { date: meeting.data.date }) : t("details.title"));

  if (meeting.isPending) return <PageLoader />;
  if (meeting.isError) {
    return isNotFound(meeting.error) ? (
      <NotFound title={t("details.notFound")} message={t("details.notFoundBody")} />
    ) : (
      <LoadError message={Messages.fetchMeetingDetails} />
    );
  }
  const { data } = meeting;

  return (
    <>
      <Anchor component={Link} to="/" size="sm" mb="xs" display="inline-block">
        {t("details.allMeetings")}
      </Anchor>
      <PageHeader
        title={<time dateTime={data.date}>{formatLongDate(data.date)}</time>}
        subtitle={t("details.subtitle")}
        actions={
          <>
            {/* A meeting that is over is no one's plan any more. */}
            {datePart(data.date) >= today() ? <AddToCalendarLink meetingId={data.id} /> : null}
            {isMember ? (
              <>
                <Button h={40} leftSection={<PlusIcon />} onClick={() => setDialog("add")}>
                  {t("details.addBottle")}
                </Button>
                {mayCorrect(data.createdBy) ? (
                  <>
                    <PageEditButton onClick={() => setDialog("edit")}>{t("details.edit")}</PageEditButton>
                    <PageDeleteButton onClick={() => setDialog("delete")}>
                      {t("details.delete")}
                    </PageDeleteButton>
                  </>
                ) : null}
              </>
            ) : null}
          </>
        }
      />
      {datePart(data.date) >= today() ? <CalendarAppLinks meetingId={data.id} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="xl">
        <Card withBorder padding="lg">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
            {t("details.host")}
          </Text>
          <Text fz="xl" fw={700} mt={4}>
            {data.hostName}
          </Text>
        </Card>
        <Card withBorder padding="lg">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
            {t("details.theme")}
          </Text>
          <Text fz="xl" fw={700} mt={4}>
            {data.theme.description}
          </Text>
        </Card>
      </SimpleGrid>

      {isMember ? (
        <Suspense fallback={null}>
          <MessagesSection meetingId={data.id} isHost={isHost} />
        </Suspense>
      ) : null}

      {/* The meeting's one list of bottles is its flight: MeetingNight shows it. */}
      <Suspense fallback={<PageLoader />}>
        <MeetingNight meetingId={data.id} date={data.date} />
      </Suspense>
      {isMember ? (
        <Suspense fallback={null}>
          <NextMeetingSection meetingId={data.id} isHost={isHost} />
        </Suspense>
      ) : null}

      <Suspense fallback={null}>
        {dialog === "add" ? (
          <AddBottleDialog
            meetingId={data.id}
            sampledIds={(flight.data ?? []).flatMap((pour) => (pour.bottle ? [pour.bottle.id] : []))}
            onClose={close}
          />
        ) : dialog === "edit" ? (
          <EditMeetingDialog meeting={data} onClose={close} />
        ) : dialog === "delete" ? (
          <DeleteMeetingDialog meeting={data} onClose={close} />
        ) : null}
      </Suspense>
    </>
  );
}

/** The id in the path: not found when it cannot be one; another id starts the screen afresh. */
export default function MeetingDetailsPage() {
  const id = useIdParam("meetingId");
  const t = useT(nightMessages);
  if (id === null) return <NotFound title={t("details.notFound")} message={t("details.notFoundBody")} />;
  return <Meeting key={id} id={id} />;
}

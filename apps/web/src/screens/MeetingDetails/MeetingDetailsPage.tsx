import { lazy, Suspense, useState } from "react";
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router-dom";
import { Messages } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { GlassLogo, PlusIcon } from "../../components/icons";
import { EmptyMessage, ErrorAlert, NotFound, PageLoader } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { isNotFound, parseId } from "../../lib/errors";
import { formatLongDate, today } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { AddToCalendarLink } from "./AddToCalendarLink";

const AddBottleDialog = lazy(() => import("./AddBottleDialog"));

const MEETING_NOT_FOUND = "There is no meeting at this address. It may have been removed.";

function Meeting({ id }: { id: number }) {
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const meeting = trpc.meetings.byId.useQuery({ id });
  useTitle(meeting.data ? `Meeting of ${meeting.data.date}` : "Meeting");

  if (meeting.isPending) return <PageLoader />;
  if (meeting.isError) {
    return isNotFound(meeting.error) ? (
      <NotFound title="Meeting not found" message={MEETING_NOT_FOUND} />
    ) : (
      <ErrorAlert message={Messages.fetchMeetingDetails} />
    );
  }
  const { data } = meeting;
  // A meeting still ahead has sampled nothing yet: no "Bottles Sampled" until it has bottles.
  const aheadWithoutBottles = data.bottlesSampled.length === 0 && data.date.slice(0, 10) > today();

  return (
    <>
      <Anchor component={Link} to="/" size="sm" mb="xs" display="inline-block">
        ← All meetings
      </Anchor>
      <PageHeader
        title={<time dateTime={data.date}>{formatLongDate(data.date)}</time>}
        subtitle="Monthly meeting"
        actions={
          <>
            <AddToCalendarLink meetingId={data.id} />
            {session ? (
              <Button leftSection={<PlusIcon />} onClick={() => setAdding(true)}>
                Add Bottle
              </Button>
            ) : null}
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="xl">
        <Card withBorder padding="lg">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
            Host
          </Text>
          <Text fz="xl" fw={700} mt={4}>
            {data.hostName}
          </Text>
        </Card>
        <Card withBorder padding="lg">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
            Theme
          </Text>
          <Text fz="xl" fw={700} mt={4}>
            {data.theme.description}
          </Text>
        </Card>
      </SimpleGrid>

      {aheadWithoutBottles ? (
        <Text c="dimmed">The bottles will be listed here once they are added.</Text>
      ) : null}
      <Group justify="space-between" mb="sm" display={aheadWithoutBottles ? "none" : undefined}>
        <Title order={2} fz="h3">
          Bottles Sampled
        </Title>
        <Badge variant="light" size="lg" radius="sm">
          {data.bottlesSampled.length}
        </Badge>
      </Group>
      {data.bottlesSampled.length === 0 ? (
        <Card withBorder padding="lg" display={aheadWithoutBottles ? "none" : undefined}>
          <EmptyMessage>No bottles recorded for this meeting yet.</EmptyMessage>
        </Card>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {data.bottlesSampled.map((bottle) => (
            <Card component="li" key={bottle.id} withBorder padding="sm">
              <Group gap="sm" wrap="nowrap">
                <GlassLogo size={26} />
                <Anchor component={Link} to={`/bottle/${bottle.id}`} fw={600}>
                  {bottle.name}
                </Anchor>
              </Group>
            </Card>
          ))}
        </Stack>
      )}

      {adding ? (
        <Suspense fallback={null}>
          <AddBottleDialog
            meetingId={data.id}
            sampledIds={data.bottlesSampled.map((b) => b.id)}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export default function MeetingDetailsPage() {
  const { meetingId } = useParams();
  const id = parseId(meetingId);
  if (id === null) return <NotFound title="Meeting not found" message={MEETING_NOT_FOUND} />;
  return <Meeting key={id} id={id} />;
}

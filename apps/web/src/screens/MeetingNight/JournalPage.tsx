import { Anchor, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import type { Tasting } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { useSession } from "../../lib/appSession";
import { useTitle } from "../../lib/useTitle";
import { Loaded } from "../../components/status";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import classes from "./JournalPage.module.css";
import { LogInPrompt } from "../../components/LogInPrompt";
import { TasteSection } from "./TasteSection";

function TastingCard({ tasting }: { tasting: Tasting }) {
  const { meeting, parts } = tasting;
  const name = tasting.bottle?.name ?? tasting.label;
  return (
    <Card component="li" withBorder padding="md" aria-label={`${name}, ${formatDate(meeting.date)}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div className={classes.what}>
          {tasting.bottle ? (
            <Anchor component={Link} to={`/bottle/${tasting.bottle.id}`} fw={700}>
              {tasting.bottle.name}
            </Anchor>
          ) : (
            <Text fw={700}>{tasting.label}</Text>
          )}
          <Text size="sm" c="dimmed">
            <Anchor component={Link} to={`/monthlymeeting/${meeting.id}`} size="sm" underline="always">
              {formatDate(meeting.date)}
            </Anchor>
            {` · ${meeting.theme}`}
            {tasting.bottle ? ` · ${tasting.label}` : ""}
          </Text>
        </div>
        <Text className={classes.total} aria-label={`Total ${tasting.total} out of 100`}>
          {tasting.total}
        </Text>
      </Group>
      <Text size="sm" mt={6}>
        Nose {parts.nose} · Palate {parts.palate} · Finish {parts.finish} · Balance {parts.balance}
      </Text>
      {tasting.tags.length > 0 ? (
        <Group gap={4} mt={6}>
          {tasting.tags.map((tag) => (
            <Badge key={tag} variant="light" radius="sm" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
      ) : null}
      {tasting.note ? (
        <Text mt={6} className={classes.note}>
          {tasting.note}
        </Text>
      ) : null}
    </Card>
  );
}

/** The member's tastings, newest first. */
function Tastings() {
  const tastings = trpc.night.tastings.useQuery();
  return (
    <>
      <TasteSection />
      <Loaded
        query={tastings}
        failed="Failed to fetch your tastings."
        empty="You have not scored a pour yet. Score one at the next meeting!"
      >
        {(list) => (
          <Stack component="ol" gap="sm" p={0} m={0} className={classes.list} aria-label="Tastings">
            {list.map((t) => (
              <TastingCard key={`${t.meeting.id}:${t.pour}`} tasting={t} />
            ))}
          </Stack>
        )}
      </Loaded>
    </>
  );
}

/** /journal: every pour the member scored, with notes, newest first. */
export default function JournalPage() {
  useTitle("My tasting journal");
  const session = useSession();
  return (
    <>
      <PageHeader title="My tasting journal" subtitle="Every pour you scored, newest first." />
      {session ? <Tastings /> : <LogInPrompt>to see your tasting journal.</LogInPrompt>}
    </>
  );
}

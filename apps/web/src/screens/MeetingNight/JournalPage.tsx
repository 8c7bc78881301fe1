import { Anchor, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { SCORE_PARTS, type Tasting } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { useSession } from "../../lib/appSession";
import { useTitle } from "../../lib/useTitle";
import { Loaded } from "../../components/status";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import classes from "./JournalPage.module.css";
import { LogInPrompt } from "../../components/LogInPrompt";
import { TasteSection } from "./TasteSection";
import { useT } from "../../lib/i18n";
import { nightMessages } from "./nightMessages";
import { partLabel } from "./resultsView";

function TastingCard({ tasting }: { tasting: Tasting }) {
  const t = useT(nightMessages);
  const { meeting, parts } = tasting;
  const name = tasting.bottle?.name ?? tasting.label;
  return (
    <Card
      component="li"
      withBorder
      padding="md"
      aria-label={t("journal.cardLabel", { name, date: formatDate(meeting.date) })}
    >
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
        <Text className={classes.total} aria-label={t("score.totalLabel", { total: tasting.total })}>
          {tasting.total}
        </Text>
      </Group>
      <Text size="sm" mt={6}>
        {SCORE_PARTS.map((part) => t("journal.part", { part: partLabel(part), value: parts[part] })).join(
          " · ",
        )}
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
  const t = useT(nightMessages);
  const tastings = trpc.night.tastings.useQuery();
  return (
    <>
      <TasteSection />
      <Loaded query={tastings} failed={t("journal.failed")} empty={t("journal.empty")}>
        {(list) => (
          <Stack component="ol" gap="sm" p={0} m={0} className={classes.list} aria-label={t("journal.list")}>
            {list.map((tasting) => (
              <TastingCard key={`${tasting.meeting.id}:${tasting.pour}`} tasting={tasting} />
            ))}
          </Stack>
        )}
      </Loaded>
    </>
  );
}

/** /journal: every pour the member scored, with notes, newest first. */
export default function JournalPage() {
  const t = useT(nightMessages);
  useTitle(t("journal.title"));
  const session = useSession();
  return (
    <>
      <PageHeader title={t("journal.title")} subtitle={t("journal.subtitle")} />
      {session ? <Tastings /> : <LogInPrompt>{t("journal.logIn")}</LogInPrompt>}
    </>
  );
}

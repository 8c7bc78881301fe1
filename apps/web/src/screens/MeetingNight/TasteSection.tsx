import { Anchor, Badge, Card, Group, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import type { TasteGroup, TasteProfile } from "@club/shared";
import { Loaded } from "../../components/status";
import { trpc } from "../../lib/trpc";
import { figure } from "./resultsView";
import classes from "./JournalPage.module.css";
import { useT } from "../../lib/i18n";
import { nightMessages, nightText } from "./nightMessages";

/** The member against the room, in words: "2.5 points above the room", "level with the room". */
function versusRoomInWords(mine: number, room: number): string {
  const diff = Math.round((mine - room) * 10) / 10;
  if (diff === 0) return nightText("taste.level");
  return nightText(diff > 0 ? "taste.above" : "taste.below", { points: Math.abs(diff) });
}

/** A group's rows: the member's average beside the room's on the same pours. */
function GroupTable({
  caption,
  column,
  rows,
  link,
}: {
  caption: string;
  column: string;
  rows: (TasteGroup & { bottleId?: number })[];
  link?: boolean;
}) {
  const t = useT(nightMessages);
  if (rows.length === 0) return null;
  return (
    <Table className={classes.taste} aria-label={caption} verticalSpacing={4} horizontalSpacing={6}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th ta="left">{column}</Table.Th>
          <Table.Th ta="right">{t("taste.you")}</Table.Th>
          <Table.Th ta="right">{t("taste.room")}</Table.Th>
          <Table.Th ta="right">{t("taste.scores")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.name}>
            <Table.Td>
              {link && r.bottleId !== undefined ? (
                <Anchor component={Link} to={`/bottle/${r.bottleId}`} size="sm">
                  {r.name}
                </Anchor>
              ) : (
                r.name
              )}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {figure(r.average)}
            </Table.Td>
            <Table.Td ta="right">{figure(r.room)}</Table.Td>
            <Table.Td ta="right">{r.count}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Taste({ profile }: { profile: TasteProfile }) {
  const t = useT(nightMessages);
  const versus = profile.versusRoom;
  if (!versus)
    return (
      <Text c="dimmed" size="sm">
        {t("taste.none")}
      </Text>
    );
  return (
    <>
      <Text size="sm">
        {t("taste.averageBefore", { count: versus.count })}
        <strong>{figure(versus.average)}</strong>
        {t("taste.averageAfter", {
          versus: versusRoomInWords(versus.average, versus.room),
          room: figure(versus.room),
        })}
      </Text>
      {profile.tags.length ? (
        <div>
          <Text size="sm" fw={600} mt="xs" mb={4}>
            {t("taste.tags")}
          </Text>
          <Group gap={4} aria-label={t("taste.tags")} role="list">
            {profile.tags.slice(0, 8).map((tag) => (
              <Badge key={tag.tag} role="listitem" variant="light" radius="sm" tt="none">
                {t("tagCount", { tag: tag.tag, count: tag.count })}
              </Badge>
            ))}
          </Group>
        </div>
      ) : null}
      <GroupTable caption={t("taste.favourites")} column={t("taste.bottle")} rows={profile.favourites} link />
      <GroupTable caption={t("taste.byType")} column={t("taste.type")} rows={profile.byType} />
      <GroupTable caption={t("taste.byCountry")} column={t("taste.country")} rows={profile.byCountry} />
    </>
  );
}

/** The journal's taste section: what the member scores high, against the room. */
export function TasteSection() {
  const t = useT(nightMessages);
  const profile = trpc.night.tasteProfile.useQuery();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="taste-title" mb="md">
      <Title order={2} fz="h3" id="taste-title" mb="xs">
        {t("taste.title")}
      </Title>
      <Loaded query={profile} failed={t("taste.failed")}>
        {(data) => <Taste profile={data} />}
      </Loaded>
    </Card>
  );
}

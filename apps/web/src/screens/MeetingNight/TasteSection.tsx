import { Anchor, Badge, Card, Group, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { versusRoomInWords, type TasteGroup, type TasteProfile } from "@club/shared";
import { Loaded } from "../../components/status";
import { trpc } from "../../lib/trpc";
import { figure } from "./resultsView";
import classes from "./JournalPage.module.css";

const scoresWord = (n: number) => (n === 1 ? "1 score" : `${n} scores`);

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
  if (rows.length === 0) return null;
  return (
    <Table className={classes.taste} aria-label={caption} verticalSpacing={4} horizontalSpacing={6}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th ta="left">{column}</Table.Th>
          <Table.Th ta="right">You</Table.Th>
          <Table.Th ta="right">Room</Table.Th>
          <Table.Th ta="right">Scores</Table.Th>
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
  const versus = profile.versusRoom;
  if (!versus)
    return (
      <Text c="dimmed" size="sm">
        Your taste shows here once a pour you scored has its results.
      </Text>
    );
  return (
    <>
      <Text size="sm">
        Over {scoresWord(versus.count)} you average <strong>{figure(versus.average)}</strong>,{" "}
        {versusRoomInWords(versus.average, versus.room)} ({figure(versus.room)}).
      </Text>
      {profile.tags.length ? (
        <div>
          <Text size="sm" fw={600} mt="xs" mb={4}>
            Your most given tags
          </Text>
          <Group gap={4} aria-label="Your most given tags" role="list">
            {profile.tags.slice(0, 8).map((t) => (
              <Badge key={t.tag} role="listitem" variant="light" radius="sm" tt="none">
                {t.tag} ({t.count})
              </Badge>
            ))}
          </Group>
        </div>
      ) : null}
      <GroupTable caption="Your favourites" column="Bottle" rows={profile.favourites} link />
      <GroupTable caption="By type" column="Type" rows={profile.byType} />
      <GroupTable caption="By country" column="Country" rows={profile.byCountry} />
    </>
  );
}

/** The journal's taste section: what the member scores high, against the room. */
export function TasteSection() {
  const profile = trpc.night.tasteProfile.useQuery();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="taste-title" mb="md">
      <Title order={2} fz="h3" id="taste-title" mb="xs">
        Your taste
      </Title>
      <Loaded query={profile} failed="Failed to fetch your taste.">
        {(data) => <Taste profile={data} />}
      </Loaded>
    </Card>
  );
}

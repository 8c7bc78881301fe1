import { Anchor, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { EmptyMessage } from "../../components/status";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";

const average = (value: number | null) =>
  value === null ? "No scores" : `${Math.round(value * 10) / 10}/100`;

/** "Poured at": the meetings this bottle was poured at, with the club's average score each time. */
export function PouredAtSection({ bottleId }: { bottleId: number }) {
  const pours = trpc.night.bottlePours.useQuery({ id: bottleId });
  if (pours.isError) {
    console.error("Failed to fetch where the bottle was poured", pours.error);
    return null;
  }
  return (
    <Stack gap="md" component="section" aria-labelledby="poured-at-title">
      <Title order={2} fz="h3" id="poured-at-title">
        Poured at
      </Title>
      {pours.data && pours.data.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyMessage>Not poured at a meeting yet.</EmptyMessage>
        </Paper>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Poured at">
          {(pours.data ?? []).map((p) => (
            <Card component="li" key={`${p.meeting.id}:${p.pour}`} withBorder padding="sm">
              <Group justify="space-between" gap="xs">
                <div>
                  <Anchor component={Link} to={`/monthlymeeting/${p.meeting.id}`} fw={600}>
                    {formatDate(p.meeting.date)}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {p.meeting.theme} · Dram {p.pour}
                  </Text>
                </div>
                <Text fw={700} aria-label={`Club average ${average(p.average)}`}>
                  {average(p.average)}
                  {p.count > 0 ? (
                    <Text span size="sm" c="dimmed" fw={400}>
                      {" "}
                      ({p.count} {p.count === 1 ? "score" : "scores"})
                    </Text>
                  ) : null}
                </Text>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

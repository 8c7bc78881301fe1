import { Anchor, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { EmptyMessage } from "../../components/status";
import { formatDate, formatNumber } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { bottleMessages, type BottleT } from "./bottleMessages";

const average = (t: BottleT, value: number | null) =>
  value === null ? t("noScores") : t("average", { score: formatNumber(value, 1) });

/** "Poured at": the meetings this bottle was poured at, with the club's average score each time. */
export function PouredAtSection({ bottleId }: { bottleId: number }) {
  const t = useT(bottleMessages);
  const pours = trpc.night.bottlePours.useQuery({ id: bottleId });
  if (pours.isError) {
    console.error("Failed to fetch where the bottle was poured", pours.error);
    return null;
  }
  return (
    <Stack gap="md" component="section" aria-labelledby="poured-at-title">
      <Title order={2} fz="h3" id="poured-at-title">
        {t("pouredAt")}
      </Title>
      {pours.data && pours.data.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyMessage>{t("notPoured")}</EmptyMessage>
        </Paper>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("pouredAt")}>
          {(pours.data ?? []).map((p) => (
            <Card component="li" key={`${p.meeting.id}:${p.pour}`} withBorder padding="sm">
              <Group justify="space-between" gap="xs">
                <div>
                  <Anchor component={Link} to={`/monthlymeeting/${p.meeting.id}`} fw={600}>
                    {formatDate(p.meeting.date)}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {t("dram", { theme: p.meeting.theme, pour: p.pour })}
                  </Text>
                </div>
                <Text fw={700} aria-label={t("clubAverage", { average: average(t, p.average) })}>
                  {average(t, p.average)}
                  {p.count > 0 ? (
                    <Text span size="sm" c="dimmed" fw={400}>
                      {" "}
                      {t("scoreCount", { count: p.count })}
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

import { Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { DuesStatement } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { EmptyMessage } from "../../components/status";
import { formatDate } from "../../lib/format";
import { describeBalance, describeBehind, formatMoney, formatMonth } from "../../lib/money";
import classes from "./Dues.module.css";
import { entryLabel, entryNote } from "./entryLabel";

function Figure({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
        {label}
      </Text>
      <Text fz="xl" fw={700} mt={4} c={alert ? "red" : undefined}>
        {value}
      </Text>
    </Card>
  );
}

/** A member's balance, paid-through month, months behind and history (newest first). */
export function DuesStatementView({ statement, name }: { statement: DuesStatement; name: string }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label="Balance" value={describeBalance(statement.balance)} alert={statement.balance > 0} />
        <Figure label="Paid through" value={formatMonth(statement.paidThrough)} />
        <Figure label="Behind" value={describeBehind(statement.balance)} alert={statement.balance > 0} />
      </SimpleGrid>
      <Title order={3} fz="h4">
        History
      </Title>
      {statement.entries.length === 0 ? (
        <EmptyMessage>No dues recorded yet.</EmptyMessage>
      ) : (
        <>
          <div className={classes.wide}>
            <DataTable label={`Dues history of ${name}`} minWidth={520}>
              <thead>
                <tr>
                  <th>Date</th>
                  <th>Entry</th>
                  <th>Note</th>
                  <th className={classes.amount}>Amount</th>
                </tr>
              </thead>
              <tbody>
                {statement.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.date}>{formatDate(entry.date)}</time>
                    </td>
                    <td>{entryLabel(entry)}</td>
                    <td>{entryNote(entry)}</td>
                    <td className={classes.amount}>{formatMoney(entry.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </div>
          <ul className={`${classes.narrow} ${classes.list}`} aria-label={`Dues history of ${name}`}>
            {statement.entries.map((entry) => (
              <Card component="li" key={entry.id} withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={600}>{entryLabel(entry)}</Text>
                    <Text size="sm" c="dimmed">
                      <time dateTime={entry.date}>{formatDate(entry.date)}</time>
                      {entryNote(entry) ? ` · ${entryNote(entry)}` : ""}
                    </Text>
                  </div>
                  <Text fw={700} className={classes.amount}>
                    {formatMoney(entry.amount)}
                  </Text>
                </Group>
              </Card>
            ))}
          </ul>
        </>
      )}
    </Stack>
  );
}

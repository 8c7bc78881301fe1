import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { type DuesEntry, type DuesStatement } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { EmptyMessage } from "../../components/status";
import { formatDate } from "../../lib/format";
import { formatMoney, formatMonth } from "../../lib/money";
import { useT } from "../../lib/i18n";
import { duesMessages } from "./duesMessages";
import classes from "./Dues.module.css";
import { canVoid, entryLabel, entryNote } from "./entryLabel";
import { STANDING_COLORS, standingHint, standingText } from "./standing";

function Figure({
  label,
  value,
  color,
  hint,
}: {
  label: string;
  value: string;
  color?: string;
  hint?: string;
}) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
        {label}
      </Text>
      <Text fz="xl" fw={700} mt={4} c={color}>
        {value}
      </Text>
      {hint ? (
        <Text size="sm" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** Why a line no longer counts, or what a void reverses: "Voided · typed 520 instead of 52". */
function VoidNote({ entry }: { entry: DuesEntry }) {
  const t = useT(duesMessages);
  if (!entry.voided && entry.kind !== "void") return null;
  return (
    <Text size="sm" c="dimmed" className={classes.reason}>
      {entry.voided ? (
        <Badge color="gray" variant="outline" size="sm" radius="sm" mr={6} component="span">
          {t("statement.voided")}
        </Badge>
      ) : (
        t("statement.reason")
      )}
      {entry.reason}
    </Text>
  );
}

/** A waiver of a month not charged yet: it counts once that month is charged. */
function PendingNote({ entry }: { entry: DuesEntry }) {
  const t = useT(duesMessages);
  if (!entry.pending) return null;
  return (
    <Text size="sm" c="dimmed">
      {t("statement.pending", { month: formatMonth(entry.month) })}
    </Text>
  );
}

/**
 * A member's standing, balance, paid-through month and every ledger line, newest first. Voided
 * lines stay, struck through and marked with the reason; with `onVoid` (the treasurer), each line
 * that counts has a Void button.
 */
export function DuesStatementView({
  statement,
  name,
  onVoid,
  ownCharges = false,
}: {
  statement: DuesStatement;
  name: string;
  onVoid?: (entry: DuesEntry, label: string) => void;
  /** The treasurer's own statement: her charges are voided by someone else, so no Void on them. */
  ownCharges?: boolean;
}) {
  const t = useT(duesMessages);
  const byId = new Map(statement.entries.map((e) => [e.id, e]));
  const label = (entry: DuesEntry) => entryLabel(entry, byId);
  const voidButton = (entry: DuesEntry) =>
    onVoid && canVoid(entry) && !(ownCharges && entry.amount > 0) ? (
      <Button
        variant="default"
        size="xs"
        h={40}
        px="sm"
        aria-label={t("statement.voidAria", {
          label: label(entry),
          date: formatDate(entry.date),
          amount: formatMoney(entry.amount),
        })}
        onClick={() => onVoid(entry, label(entry))}
      >
        {t("statement.void")}
      </Button>
    ) : null;
  const lineClass = (entry: DuesEntry) => (entry.voided ? classes.voided : undefined);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure
          label={t("statement.standing")}
          value={standingText(statement)}
          color={statement.standing === "behind" ? STANDING_COLORS.behind : undefined}
          hint={standingHint(statement)}
        />
        <Figure
          label={t("statement.balance")}
          value={formatMoney(statement.balance)}
          hint={statement.balance < 0 ? t("statement.credit") : t("statement.balanceHint")}
        />
        <Figure
          label={t("statement.paidThrough")}
          value={statement.paidThrough ? formatMonth(statement.paidThrough) : t("statement.nothingYet")}
        />
      </SimpleGrid>
      <Title order={3} fz="h4">
        {t("statement.history")}
      </Title>
      {statement.entries.length === 0 ? (
        <EmptyMessage>{t("statement.empty")}</EmptyMessage>
      ) : (
        <>
          <div className={classes.wide}>
            <DataTable label={t("statement.historyOf", { name })} minWidth={onVoid ? 640 : 520}>
              <thead>
                <tr>
                  <th>{t("statement.date")}</th>
                  <th>{t("statement.entry")}</th>
                  <th>{t("statement.note")}</th>
                  <th className={classes.amount}>{t("statement.amount")}</th>
                  {onVoid ? (
                    <th>
                      <VisuallyHidden>{t("statement.correct")}</VisuallyHidden>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {statement.entries.map((entry) => (
                  <tr key={entry.id} className={lineClass(entry)}>
                    <td>
                      <time dateTime={entry.date}>{formatDate(entry.date)}</time>
                    </td>
                    <td>
                      <span className={classes.label}>{label(entry)}</span>
                    </td>
                    <td>
                      <Stack gap={2}>
                        {entryNote(entry) ? <span>{entryNote(entry)}</span> : null}
                        <VoidNote entry={entry} />
                        <PendingNote entry={entry} />
                      </Stack>
                    </td>
                    <td className={`${classes.amount} ${classes.figure}`}>{formatMoney(entry.amount)}</td>
                    {onVoid ? <td className={classes.action}>{voidButton(entry)}</td> : null}
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </div>
          <ul className={`${classes.narrow} ${classes.list}`} aria-label={t("statement.historyOf", { name })}>
            {statement.entries.map((entry) => (
              <Card component="li" key={entry.id} withBorder padding="sm" className={lineClass(entry)}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} className={classes.label}>
                      {label(entry)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      <time dateTime={entry.date}>{formatDate(entry.date)}</time>
                      {entryNote(entry) ? ` · ${entryNote(entry)}` : ""}
                    </Text>
                    <VoidNote entry={entry} />
                    <PendingNote entry={entry} />
                  </div>
                  <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text fw={700} className={`${classes.amount} ${classes.figure}`}>
                      {formatMoney(entry.amount)}
                    </Text>
                    {voidButton(entry)}
                  </Stack>
                </Group>
              </Card>
            ))}
          </ul>
        </>
      )}
    </Stack>
  );
}

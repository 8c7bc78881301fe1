import { lazy, Suspense, useState } from "react";
import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { DuesMessages, type DuesEntry, type DuesMember, type DuesStatement } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { EmptyMessage, ErrorAlert, PageLoader } from "../../components/status";
import { formatDate, today } from "../../lib/format";
import { formatMoney, formatMonth } from "../../lib/money";
import { clubSettings } from "../../lib/clubSettings";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import classes from "../Dues/Dues.module.css";
import { DuesStatementView } from "../Dues/DuesStatementView";
import { StandingBadge } from "../Dues/standing";
import { downloadWithToken } from "../../lib/authDownload";
import { sortDuesMembers, type DuesSort } from "./sortDuesMembers";
import { TreasurerOnly } from "./TreasurerOnly";
import type { MessageValues } from "@club/shared";
import { useT } from "../../lib/i18n";
import { treasurerMessages, type TreasurerKey } from "./treasurerMessages";

const RecordPaymentDialog = lazy(() => import("./RecordPaymentDialog"));
const GrantWaiverDialog = lazy(() => import("./GrantWaiverDialog"));
const VoidEntryDialog = lazy(() => import("./VoidEntryDialog"));
const OpeningDialog = lazy(() => import("./OpeningDialog"));

interface Chosen {
  id: number;
  name: string;
}

const fullName = (row: DuesMember) => `${row.member.firstName} ${row.member.lastName}`;

/**
 * Why the treasurer is not offered Grant waiver for this statement (null: offered): a waiver of
 * one's own is granted by someone else, and a member of 12 months or less does not qualify yet.
 */
function whyNoWaiver(
  statement: DuesStatement | undefined,
  own: boolean,
  t: (key: TreasurerKey, values?: MessageValues) => string,
): string | null {
  if (!statement) return null;
  if (own) return DuesMessages.ownWaiver;
  const from = statement.waiverEligibleFrom;
  if (from === null) return t("noWaiver.never", { months: clubSettings().waiverMinMembershipMonths });
  return from > today()
    ? t("noWaiver.from", { months: clubSettings().waiverMinMembershipMonths, date: formatDate(from) })
    : null;
}

/** The chosen member's statement, with Record payment, Grant waiver, Opening and Void on each line. */
function MemberStatement({ member, onClose }: { member: Chosen; onClose: () => void }) {
  const statement = trpc.dues.member.useQuery({ memberId: member.id });
  const account = trpc.account.get.useQuery();
  const own = account.data?.id === member.id;
  const t = useT(treasurerMessages);
  const waiverBlock = whyNoWaiver(statement.data, own, t);
  const [dialog, setDialog] = useState<"pay" | "waive" | "opening" | null>(null);
  const [voiding, setVoiding] = useState<{ id: number; label: string; date: string; amount: number } | null>(
    null,
  );
  const onVoid = (entry: DuesEntry, label: string) =>
    setVoiding({ id: entry.id, label, date: entry.date, amount: entry.amount });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="member-statement">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          {/* scrollIntoView must not leave the heading under the fixed 64 px header. */}
          <Title order={2} fz="h3" id="member-statement" style={{ scrollMarginTop: 80 }}>
            {t("statement.title", { name: member.name })}
          </Title>
          <Button variant="subtle" size="md" onClick={onClose}>
            {t("statement.close")}
          </Button>
        </Group>
        <Group gap="sm">
          <Button size="md" onClick={() => setDialog("pay")}>
            {t("statement.recordPayment")}
          </Button>
          {statement.data && !waiverBlock ? (
            <Button size="md" variant="default" onClick={() => setDialog("waive")}>
              {t("statement.grantWaiver")}
            </Button>
          ) : null}
          <Button size="md" variant="default" onClick={() => setDialog("opening")}>
            {statement.data?.opening.recorded ? t("statement.changeOpening") : t("statement.setOpening")}
          </Button>
        </Group>
        {waiverBlock ? (
          <Text size="sm" c="dimmed">
            {waiverBlock}
          </Text>
        ) : null}
        {statement.isPending ? (
          <PageLoader py={16} />
        ) : statement.isError ? (
          <ErrorAlert message={t("statement.failed")} />
        ) : (
          <DuesStatementView statement={statement.data} name={member.name} onVoid={onVoid} ownCharges={own} />
        )}
      </Stack>
      <Suspense fallback={null}>
        {dialog === "pay" ? <RecordPaymentDialog member={member} onClose={() => setDialog(null)} /> : null}
        {dialog === "waive" ? <GrantWaiverDialog member={member} onClose={() => setDialog(null)} /> : null}
        {dialog === "opening" ? <OpeningDialog member={member} onClose={() => setDialog(null)} /> : null}
        {voiding ? <VoidEntryDialog entry={voiding} onClose={() => setVoiding(null)} /> : null}
      </Suspense>
    </Card>
  );
}

function MembersList({ rows, onChoose }: { rows: DuesMember[]; onChoose: (member: Chosen) => void }) {
  const t = useT(treasurerMessages);
  const choose = (row: DuesMember) => onChoose({ id: row.member.id, name: fullName(row) });
  return (
    <>
      <div className={classes.wide}>
        <DataTable label={t("list.label")} minWidth={640}>
          <thead>
            <tr>
              <th>{t("list.member")}</th>
              <th className={classes.amount}>{t("list.balance")}</th>
              <th>{t("list.paidThrough")}</th>
              <th>{t("list.standing")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.member.id} className={row.standing === "behind" ? classes.behind : undefined}>
                <td>
                  <Anchor component="button" type="button" fw={600} onClick={() => choose(row)} mih={40}>
                    {fullName(row)}
                  </Anchor>
                </td>
                <td className={classes.amount}>{formatMoney(row.balance)}</td>
                <td>{row.paidThrough ? formatMonth(row.paidThrough) : t("list.nothingYet")}</td>
                <td>
                  <StandingBadge of={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
      <ul className={`${classes.narrow} ${classes.list}`} aria-label={t("list.label")}>
        {rows.map((row) => (
          <Card
            component="li"
            key={row.member.id}
            withBorder
            padding="sm"
            className={row.standing === "behind" ? classes.behind : undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="center">
              <div style={{ minWidth: 0 }}>
                <Text fw={700}>{fullName(row)}</Text>
                <StandingBadge of={row} />
                <Text size="sm" c="dimmed" mt={4}>
                  {t("list.line", { balance: formatMoney(row.balance) })}{" "}
                  {row.paidThrough
                    ? t("list.paidThroughMonth", { month: formatMonth(row.paidThrough) })
                    : t("list.nothingPaid")}
                </Text>
              </div>
              <Button
                size="md"
                variant="light"
                style={{ flexShrink: 0 }}
                onClick={() => choose(row)}
                aria-label={t("list.statementOf", { name: fullName(row) })}
              >
                {t("list.statement")}
              </Button>
            </Group>
          </Card>
        ))}
      </ul>
    </>
  );
}

function Ledger() {
  const list = trpc.dues.list.useQuery();
  const [sort, setSort] = useState<DuesSort>("behind");
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [downloading, setDownloading] = useState(false);
  const t = useT(treasurerMessages);

  const download = () => {
    setDownloading(true);
    downloadWithToken("/api/Dues/Export", "dues.csv")
      .catch((error: unknown) =>
        notify(error instanceof Error ? error.message : t("ledger.downloadFailed"), "red"),
      )
      .finally(() => setDownloading(false));
  };
  const choose = (member: Chosen) => {
    setChosen(member);
    // On a phone the statement is below the fold of a long list: bring it into view.
    requestAnimationFrame(() =>
      document.getElementById("member-statement")?.scrollIntoView({ block: "start" }),
    );
  };

  if (list.isPending) return <PageLoader />;
  if (list.isError) return <ErrorAlert message={t("ledger.failed")} />;
  const rows = sortDuesMembers(list.data, sort);
  const behind = list.data.filter((row) => row.standing === "behind");
  const late = behind.reduce((sum, row) => sum + row.amountBehind, 0);
  const due = list.data.reduce((sum, row) => sum + row.amountDue, 0);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Text fw={600}>
          {behind.length > 0
            ? t("ledger.behind", { count: behind.length, late: formatMoney(late), due: formatMoney(due) })
            : due > 0
              ? t("ledger.due", { due: formatMoney(due) })
              : t("ledger.paidUp")}
        </Text>
        <Group gap="sm">
          <Button size="md" variant="default" component={Link} to="/treasurer/report">
            {t("ledger.report")}
          </Button>
          <Button size="md" variant="default" onClick={download} loading={downloading}>
            {t("ledger.download")}
          </Button>
        </Group>
      </Group>
      {chosen ? <MemberStatement key={chosen.id} member={chosen} onClose={() => setChosen(null)} /> : null}
      <Group gap="xs" role="group" aria-label={t("ledger.sort")}>
        <Button
          size="md"
          variant={sort === "behind" ? "filled" : "default"}
          aria-pressed={sort === "behind"}
          onClick={() => setSort("behind")}
        >
          {t("ledger.mostBehind")}
        </Button>
        <Button
          size="md"
          variant={sort === "name" ? "filled" : "default"}
          aria-pressed={sort === "name"}
          onClick={() => setSort("name")}
        >
          {t("ledger.byName")}
        </Button>
      </Group>
      {rows.length === 0 ? <EmptyMessage>{t("ledger.empty")}</EmptyMessage> : null}
      <MembersList rows={rows} onChoose={choose} />
    </Stack>
  );
}

/** /treasurer: where every member stands, statements, payments, waivers, voids, openings, the CSV and the report. */
export default function TreasurerPage() {
  const t = useT(treasurerMessages);
  useTitle(t("title"));
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <TreasurerOnly what={t("only.what")} refusal={t("only.refusal")}>
        <Ledger />
      </TreasurerOnly>
    </>
  );
}

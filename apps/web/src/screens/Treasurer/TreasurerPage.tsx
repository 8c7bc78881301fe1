import { lazy, Suspense, useState } from "react";
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import type { DuesMember } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { EmptyMessage, ErrorAlert, PageLoader } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { describeBalance, describeBehind, formatMoney, formatMonth } from "../../lib/money";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import classes from "../Dues/Dues.module.css";
import { DuesStatementView } from "../Dues/DuesStatementView";
import { downloadDuesCsv } from "./downloadDuesCsv";
import { sortDuesMembers, type DuesSort } from "./sortDuesMembers";

const RecordPaymentDialog = lazy(() => import("./RecordPaymentDialog"));
const GrantWaiverDialog = lazy(() => import("./GrantWaiverDialog"));

interface Chosen {
  id: number;
  name: string;
}

const fullName = (row: DuesMember) => `${row.member.firstName} ${row.member.lastName}`;

/** Behind: a month before this one is unpaid. Due: only this month's charges are open. */
function BehindBadge({ row }: { row: DuesMember }) {
  if (row.monthsBehind > 0)
    return (
      <Badge color="red" variant="light">
        {describeBehind(row.balance)}
      </Badge>
    );
  if (Math.round(row.balance * 100) > 0)
    return (
      <Badge color="amber" variant="light">
        {formatMoney(row.balance)} due
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      Up to date
    </Badge>
  );
}

/** The chosen member's statement, with Record payment and Grant waiver. */
function MemberStatement({ member, onClose }: { member: Chosen; onClose: () => void }) {
  const statement = trpc.dues.member.useQuery({ memberId: member.id });
  const [dialog, setDialog] = useState<"pay" | "waive" | null>(null);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="member-statement">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          {/* scrollIntoView must not leave the heading under the fixed 64 px header. */}
          <Title order={2} fz="h3" id="member-statement" style={{ scrollMarginTop: 80 }}>
            Statement: {member.name}
          </Title>
          <Button variant="subtle" size="md" onClick={onClose}>
            Close statement
          </Button>
        </Group>
        <Group gap="sm">
          <Button size="md" onClick={() => setDialog("pay")}>
            Record payment
          </Button>
          <Button size="md" variant="default" onClick={() => setDialog("waive")}>
            Grant waiver
          </Button>
        </Group>
        {statement.isPending ? (
          <PageLoader py={16} />
        ) : statement.isError ? (
          <ErrorAlert message="Failed to fetch the member's dues." />
        ) : (
          <DuesStatementView statement={statement.data} name={member.name} />
        )}
      </Stack>
      <Suspense fallback={null}>
        {dialog === "pay" ? <RecordPaymentDialog member={member} onClose={() => setDialog(null)} /> : null}
        {dialog === "waive" ? <GrantWaiverDialog member={member} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </Card>
  );
}

function MembersList({ rows, onChoose }: { rows: DuesMember[]; onChoose: (member: Chosen) => void }) {
  const choose = (row: DuesMember) => onChoose({ id: row.member.id, name: fullName(row) });
  return (
    <>
      <div className={classes.wide}>
        <DataTable label="Dues of every member" minWidth={640}>
          <thead>
            <tr>
              <th>Member</th>
              <th className={classes.amount}>Balance</th>
              <th>Paid through</th>
              <th>Behind</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.member.id} className={row.monthsBehind > 0 ? classes.behind : undefined}>
                <td>
                  <Anchor component="button" type="button" fw={600} onClick={() => choose(row)} mih={40}>
                    {fullName(row)}
                  </Anchor>
                </td>
                <td className={classes.amount}>{formatMoney(row.balance)}</td>
                <td>{formatMonth(row.paidThrough)}</td>
                <td>
                  <BehindBadge row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
      <ul className={`${classes.narrow} ${classes.list}`} aria-label="Dues of every member">
        {rows.map((row) => (
          <Card
            component="li"
            key={row.member.id}
            withBorder
            padding="sm"
            className={row.monthsBehind > 0 ? classes.behind : undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="center">
              <div style={{ minWidth: 0 }}>
                <Text fw={700}>{fullName(row)}</Text>
                <Text size="sm">{describeBalance(row.balance)}</Text>
                <Text size="sm" c="dimmed">
                  Paid through {formatMonth(row.paidThrough)}
                </Text>
                <BehindBadge row={row} />
              </div>
              <Button
                size="md"
                variant="light"
                style={{ flexShrink: 0 }}
                onClick={() => choose(row)}
                aria-label={`Statement of ${fullName(row)}`}
              >
                Statement
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

  const download = () => {
    setDownloading(true);
    downloadDuesCsv()
      .catch((error: unknown) => notify(error instanceof Error ? error.message : "Download failed.", "red"))
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
  if (list.isError) return <ErrorAlert message="Failed to fetch the dues." />;
  const rows = sortDuesMembers(list.data, sort);
  const behind = list.data.filter((row) => row.monthsBehind > 0);
  const owed = behind.reduce((sum, row) => sum + Math.max(row.balance, 0), 0);
  const due = list.data.reduce((sum, row) => sum + Math.max(row.balance, 0), 0);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Text fw={600}>
          {behind.length > 0
            ? `${behind.length} ${behind.length === 1 ? "member is" : "members are"} behind, ${formatMoney(owed)} owed.`
            : due > 0
              ? `No one is behind; ${formatMoney(due)} is due this month.`
              : "Every member is up to date."}
        </Text>
        <Button size="md" variant="default" onClick={download} loading={downloading}>
          Download CSV
        </Button>
      </Group>
      {chosen ? <MemberStatement key={chosen.id} member={chosen} onClose={() => setChosen(null)} /> : null}
      <Group gap="xs" role="group" aria-label="Sort members">
        <Button
          size="md"
          variant={sort === "behind" ? "filled" : "default"}
          aria-pressed={sort === "behind"}
          onClick={() => setSort("behind")}
        >
          Most behind first
        </Button>
        <Button
          size="md"
          variant={sort === "name" ? "filled" : "default"}
          aria-pressed={sort === "name"}
          onClick={() => setSort("name")}
        >
          By name
        </Button>
      </Group>
      {rows.length === 0 ? <EmptyMessage>No members in the ledger yet.</EmptyMessage> : null}
      <MembersList rows={rows} onChoose={choose} />
    </Stack>
  );
}

/** /treasurer: every member's dues, who is behind, statements, payments, waivers and the CSV. */
export default function TreasurerPage() {
  useTitle("Treasurer");
  const session = useSession();
  const account = trpc.account.get.useQuery(undefined, { enabled: session !== null });
  const allowed = account.data?.role === "admin" || account.data?.role === "treasurer";
  return (
    <>
      <PageHeader title="Treasurer" subtitle="Dues of every member: balances, payments and waivers." />
      {!session ? (
        <Text>
          <Anchor component={Link} to="/login" underline="always">
            Log in
          </Anchor>{" "}
          as the treasurer or an admin to see the dues.
        </Text>
      ) : account.isPending ? (
        <PageLoader />
      ) : account.isError ? (
        <ErrorAlert message="Failed to fetch your account." />
      ) : allowed ? (
        <Ledger />
      ) : (
        <Text>Only the treasurer or an admin can see every member&apos;s dues.</Text>
      )}
    </>
  );
}

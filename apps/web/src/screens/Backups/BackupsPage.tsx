import { useState } from "react";
import { Alert, Button, Card, Code, Group, Stack, Text, Title } from "@mantine/core";
import "@mantine/core/styles/Code.css";
import type { BackupsOverview } from "@club/shared";
import { AlertIcon } from "../../components/icons";
import { PageHeader } from "../../components/PageHeader";
import { useSession } from "../../lib/appSession";
import { useTitle } from "../../lib/useTitle";
import { EmptyMessage, ErrorAlert, Loaded, PageLoader } from "../../components/status";
import { serverReason } from "../../lib/errors";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { describeSchedule, formatBytes, formatWhen } from "./backupText";
import { downloadWithToken } from "../../lib/authDownload";
import classes from "./Backups.module.css";
import { LogInPrompt } from "../../components/LogInPrompt";

/** The last attempt failed: a failure newer than the last success. */
function LastFailure({ overview }: { overview: BackupsOverview }) {
  const { lastFailure, lastSuccess, timeZone } = overview;
  if (!lastFailure || (lastSuccess && lastSuccess.at >= lastFailure.at)) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<AlertIcon />} title="The last backup failed">
      <Text size="sm">{formatWhen(lastFailure.at, timeZone)}</Text>
      <Text size="sm" className={classes.wrap}>
        {lastFailure.error}
      </Text>
    </Alert>
  );
}

function Schedule({ overview }: { overview: BackupsOverview }) {
  const { lastSuccess, nextRunAt, timeZone } = overview;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="backup-schedule">
      <Stack gap={6}>
        <Title order={2} fz="h3" id="backup-schedule">
          Schedule
        </Title>
        <Text>
          {describeSchedule(overview.schedule)} Times are in {timeZone}.
        </Text>
        {nextRunAt ? <Text>Next backup: {formatWhen(nextRunAt, timeZone)}</Text> : null}
        <Text>
          Last backup:{" "}
          {lastSuccess
            ? `${formatWhen(lastSuccess.at, timeZone)} (${formatBytes(lastSuccess.bytes)})`
            : "none yet"}
        </Text>
        <Text size="sm" c="dimmed">
          The newest {overview.keep} are kept, in <Code className={classes.wrap}>{overview.folder}</Code>.
        </Text>
      </Stack>
    </Card>
  );
}

function BackupList({ overview }: { overview: BackupsOverview }) {
  if (overview.backups.length === 0) return <EmptyMessage>No backups yet.</EmptyMessage>;
  return (
    <ul className={classes.list} aria-label="Backups">
      {overview.backups.map((backup) => (
        <Card component="li" key={backup.file} withBorder padding="sm">
          <Text fw={700} className={classes.wrap}>
            {formatWhen(backup.takenAt, overview.timeZone)}
          </Text>
          <Text size="sm" c="dimmed" className={classes.wrap}>
            {backup.file}
          </Text>
          <Text size="sm">
            {formatBytes(backup.bytes)}, {backup.images} image {backup.images === 1 ? "file" : "files"}
          </Text>
        </Card>
      ))}
    </ul>
  );
}

function Backups() {
  const utils = trpc.useUtils();
  const overview = trpc.backups.overview.useQuery();
  const [downloading, setDownloading] = useState(false);
  const create = trpc.backups.create.useMutation({
    onSuccess: (data) => {
      utils.backups.overview.setData(undefined, data);
      notify(`Backup made: ${data.backups[0]?.file ?? ""}`);
    },
    onError: (error) => {
      notify(serverReason(error) ?? "The backup failed.", "red");
      void utils.backups.overview.invalidate();
    },
  });
  const download = () => {
    setDownloading(true);
    downloadWithToken("/api/Backups/Latest", "club-backup.tar.gz")
      .catch((error: unknown) => notify(error instanceof Error ? error.message : "Download failed.", "red"))
      .finally(() => setDownloading(false));
  };

  if (overview.isPending) return <PageLoader />;
  if (overview.isError) return <ErrorAlert message="Failed to fetch the backups." error={overview.error} />;
  const data = overview.data;
  return (
    <Stack gap="lg">
      <LastFailure overview={data} />
      <Group gap="sm">
        <Button size="md" onClick={() => create.mutate()} loading={create.isPending || data.running}>
          Back up now
        </Button>
        <Button
          size="md"
          variant="default"
          onClick={download}
          loading={downloading}
          disabled={data.backups.length === 0}
        >
          Download latest
        </Button>
      </Group>
      <Schedule overview={data} />
      <section aria-labelledby="backup-list">
        <Title order={2} fz="h3" id="backup-list" mb="sm">
          Backups ({data.backups.length})
        </Title>
        <BackupList overview={data} />
      </section>
      <Text size="sm" c="dimmed">
        To restore one, stop the server and run <Code>npm run admin -- restore FILE</Code> (see the README).
      </Text>
    </Stack>
  );
}

/** The backups for an admin; another member reads that they are an admin's. */
function AdminBackups() {
  const account = trpc.account.get.useQuery();
  return (
    <Loaded query={account} failed="Failed to fetch your account.">
      {(me) => (me.role === "admin" ? <Backups /> : <Text>Only an admin can see the backups.</Text>)}
    </Loaded>
  );
}

/** /backups: the scheduled backups, "Back up now" and the latest download (admins). */
export default function BackupsPage() {
  useTitle("Backups");
  const session = useSession();
  return (
    <>
      <PageHeader title="Backups" subtitle="Copies of the club's database and photos, made on a schedule." />
      {session ? (
        <AdminBackups />
      ) : (
        <LogInPrompt underline="always">as an admin to see the backups.</LogInPrompt>
      )}
    </>
  );
}

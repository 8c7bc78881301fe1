import { useState } from "react";
import { Alert, Button, Card, Code, Group, Stack, Text, Title } from "@mantine/core";
import "@mantine/core/styles/Code.css";
import type { BackupsOverview } from "@club/shared";
import { AlertIcon } from "../../components/icons";
import { PageHeader } from "../../components/PageHeader";
import { useSession } from "../../lib/appSession";
import { useTitle } from "../../lib/useTitle";
import { EmptyMessage, ErrorAlert, Loaded, PageLoader } from "../../components/status";
import { refusalReason } from "../../lib/validationText";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { backupsMessages, describeSchedule, formatBytes, formatWhen } from "./backupText";
import { useT } from "../../lib/i18n";
import { downloadWithToken } from "../../lib/authDownload";
import classes from "./Backups.module.css";
import { LogInPrompt } from "../../components/LogInPrompt";

/** The command a person types, the same in every language. */
const RESTORE_COMMAND = "npm run admin -- restore FILE";

/** The last attempt failed: a failure newer than the last success. */
function LastFailure({ overview }: { overview: BackupsOverview }) {
  const t = useT(backupsMessages);
  const { lastFailure, lastSuccess, timeZone } = overview;
  if (!lastFailure || (lastSuccess && lastSuccess.at >= lastFailure.at)) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<AlertIcon />} title={t("lastFailed")}>
      <Text size="sm">{formatWhen(lastFailure.at, timeZone)}</Text>
      <Text size="sm" className={classes.wrap}>
        {lastFailure.error}
      </Text>
    </Alert>
  );
}

function Schedule({ overview }: { overview: BackupsOverview }) {
  const t = useT(backupsMessages);
  const { lastSuccess, nextRunAt, timeZone } = overview;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="backup-schedule">
      <Stack gap={6}>
        <Title order={2} fz="h3" id="backup-schedule">
          {t("schedule")}
        </Title>
        <Text>
          {describeSchedule(overview.schedule)} {t("timesIn", { timeZone })}
        </Text>
        {nextRunAt ? <Text>{t("next", { when: formatWhen(nextRunAt, timeZone) })}</Text> : null}
        <Text>
          {t("last")}{" "}
          {lastSuccess
            ? t("lastValue", {
                when: formatWhen(lastSuccess.at, timeZone),
                size: formatBytes(lastSuccess.bytes),
              })
            : t("noneYet")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("kept", { keep: overview.keep })} <Code className={classes.wrap}>{overview.folder}</Code>.
        </Text>
      </Stack>
    </Card>
  );
}

function BackupList({ overview }: { overview: BackupsOverview }) {
  const t = useT(backupsMessages);
  if (overview.backups.length === 0) return <EmptyMessage>{t("empty")}</EmptyMessage>;
  return (
    <ul className={classes.list} aria-label={t("list")}>
      {overview.backups.map((backup) => (
        <Card component="li" key={backup.file} withBorder padding="sm">
          <Text fw={700} className={classes.wrap}>
            {formatWhen(backup.takenAt, overview.timeZone)}
          </Text>
          <Text size="sm" c="dimmed" className={classes.wrap}>
            {backup.file}
          </Text>
          <Text size="sm">{t("images", { size: formatBytes(backup.bytes), count: backup.images })}</Text>
        </Card>
      ))}
    </ul>
  );
}

function Backups() {
  const t = useT(backupsMessages);
  const utils = trpc.useUtils();
  const overview = trpc.backups.overview.useQuery();
  const [downloading, setDownloading] = useState(false);
  const create = trpc.backups.create.useMutation({
    onSuccess: (data) => {
      utils.backups.overview.setData(undefined, data);
      notify(t("made", { file: data.backups[0]?.file ?? "" }));
    },
    onError: (error) => {
      notify(refusalReason(error) ?? t("backupFailed"), "red");
      void utils.backups.overview.invalidate();
    },
  });
  const download = () => {
    setDownloading(true);
    downloadWithToken("/api/Backups/Latest", "club-backup.tar.gz")
      .catch((error: unknown) => notify(error instanceof Error ? error.message : t("downloadFailed"), "red"))
      .finally(() => setDownloading(false));
  };

  if (overview.isPending) return <PageLoader />;
  if (overview.isError) return <ErrorAlert message={t("failed")} error={overview.error} />;
  const data = overview.data;
  return (
    <Stack gap="lg">
      <LastFailure overview={data} />
      <Group gap="sm">
        <Button size="md" onClick={() => create.mutate()} loading={create.isPending || data.running}>
          {t("backUpNow")}
        </Button>
        <Button
          size="md"
          variant="default"
          onClick={download}
          loading={downloading}
          disabled={data.backups.length === 0}
        >
          {t("downloadLatest")}
        </Button>
      </Group>
      <Schedule overview={data} />
      <section aria-labelledby="backup-list">
        <Title order={2} fz="h3" id="backup-list" mb="sm">
          {t("listTitle", { count: data.backups.length })}
        </Title>
        <BackupList overview={data} />
      </section>
      <Text size="sm" c="dimmed">
        {t("restoreBefore")} <Code>{RESTORE_COMMAND}</Code> {t("restoreAfter")}
      </Text>
    </Stack>
  );
}

/** The backups for an admin; another member reads that they are an admin's. */
function AdminBackups() {
  const t = useT(backupsMessages);
  const account = trpc.account.get.useQuery();
  return (
    <Loaded query={account} failed={t("accountFailed")}>
      {(me) => (me.role === "admin" ? <Backups /> : <Text>{t("onlyAdmin")}</Text>)}
    </Loaded>
  );
}

/** /backups: the scheduled backups, "Back up now" and the latest download (admins). */
export default function BackupsPage() {
  const t = useT(backupsMessages);
  useTitle(t("title"));
  const session = useSession();
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {session ? <AdminBackups /> : <LogInPrompt underline="always">{t("logIn")}</LogInPrompt>}
    </>
  );
}

import { useState } from "react";
import { Badge, Button, Paper, Stack, Text, Title } from "@mantine/core";
import { UNKNOWN_DEVICE, type Session } from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorAlert } from "../../components/status";
import { appSession } from "../../lib/appSession";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import classes from "./Account.module.css";
import { appLocale } from "../../lib/locale";
import { useT } from "../../lib/i18n";
import { accountMessages } from "./accountMessages";

/** "Mar 2, 2026, 3:05 PM" in en-US, in the member's own time zone and language. */
const when = (iso: string) =>
  new Date(iso).toLocaleString(appLocale(), { dateStyle: "medium", timeStyle: "short" });

/** One device: its browser and system, where and when it was last seen; Log out for the others. */
function DeviceRow({ session: row, onLogOut }: { session: Session; onLogOut: () => void }) {
  const t = useT(accountMessages);
  const session = row.device === UNKNOWN_DEVICE ? { ...row, device: t("sessions.unknownDevice") } : row;
  return (
    <li
      className={classes.row}
      aria-label={session.current ? t("sessions.thisDeviceAria", { device: session.device }) : session.device}
    >
      <div className={classes.what}>
        <Text fw={600}>
          {session.device}{" "}
          {session.current ? (
            <Badge variant="light" radius="sm" size="sm">
              {t("sessions.thisDevice")}
            </Badge>
          ) : null}
        </Text>
        <Text size="sm" c="dimmed">
          {t("sessions.lastSeen", { when: when(session.lastSeenAt) })}
          {session.address ? t("sessions.from", { address: session.address }) : ""}
          {t("sessions.loggedIn", { when: when(session.createdAt) })}
        </Text>
      </div>
      {session.current ? null : (
        <Button
          variant="default"
          aria-label={t("sessions.logOutAria", { device: session.device })}
          onClick={onLogOut}
        >
          {t("sessions.logOut")}
        </Button>
      )}
    </li>
  );
}

/**
 * Devices: each login that is still on, with Log out for the others (its tokens stop working at
 * once). "Log out everywhere": every device's session ends, this one's too; RequireMember then
 * sends the member to /login with the email filled in (and back here after logging in).
 */
export function SessionsCard({ email }: { email: string }) {
  const t = useT(accountMessages);
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState<Session | null>(null);
  const sessions = trpc.account.sessions.useQuery();
  const endSession = trpc.account.endSession.useMutation({
    onSuccess: () => {
      setEnding(null);
      notify(t("sessions.ended"), "blue");
    },
  });
  const logoutEverywhere = trpc.account.logoutEverywhere.useMutation({
    onSuccess: () => {
      notify(t("sessions.endedAll"), "blue");
      appSession.clear();
    },
  });

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="sessions-heading">
      <Stack align="stretch">
        <Title order={2} fz="lg" id="sessions-heading">
          {t("sessions.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("sessions.hint")}
        </Text>
        {sessions.isError ? <ErrorAlert message={t("sessions.notLoaded")} error={sessions.error} /> : null}
        {sessions.data && sessions.data.length > 0 ? (
          <ul className={classes.list} aria-label={t("sessions.list")}>
            {sessions.data.map((session) => (
              <DeviceRow
                key={session.id}
                session={session}
                onLogOut={() => {
                  endSession.reset();
                  setEnding(session);
                }}
              />
            ))}
          </ul>
        ) : null}
        <div>
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            {t("sessions.everywhere")}
          </Button>
        </div>
      </Stack>
      {ending ? (
        <ConfirmDialog
          title={t("sessions.endTitle")}
          confirmLabel={t("sessions.logOut")}
          pending={endSession.isPending}
          error={endSession.isError ? t("sessions.notEnded") : null}
          cause={endSession.error}
          onConfirm={() => endSession.mutate({ id: ending.id })}
          onClose={() => setEnding(null)}
        >
          {t("sessions.endBody", {
            device: ending.device === UNKNOWN_DEVICE ? t("sessions.unknownDevice") : ending.device,
            when: when(ending.lastSeenAt),
          })}
        </ConfirmDialog>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t("sessions.everywhereTitle")}
          confirmLabel={t("sessions.everywhere")}
          pending={logoutEverywhere.isPending}
          error={logoutEverywhere.isError ? t("sessions.notEndedAll") : null}
          cause={logoutEverywhere.error}
          onConfirm={() => logoutEverywhere.mutate()}
          onClose={() => {
            setConfirming(false);
            logoutEverywhere.reset();
          }}
        >
          {t("sessions.everywhereBody", { email })}
        </ConfirmDialog>
      ) : null}
    </Paper>
  );
}

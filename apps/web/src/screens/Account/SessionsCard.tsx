import { useState } from "react";
import { Badge, Button, Paper, Stack, Text, Title } from "@mantine/core";
import type { Session } from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorAlert } from "../../components/status";
import { appSession } from "../../lib/appSession";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import classes from "./Account.module.css";

/** "Mar 2, 2026, 3:05 PM", in the member's own time zone. */
const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** One device: its browser and system, where and when it was last seen; Log out for the others. */
function DeviceRow({ session, onLogOut }: { session: Session; onLogOut: () => void }) {
  return (
    <li
      className={classes.row}
      aria-label={session.current ? `${session.device} (this device)` : session.device}
    >
      <div className={classes.what}>
        <Text fw={600}>
          {session.device}{" "}
          {session.current ? (
            <Badge variant="light" radius="sm" size="sm">
              This device
            </Badge>
          ) : null}
        </Text>
        <Text size="sm" c="dimmed">
          Last seen {when(session.lastSeenAt)}
          {session.address ? ` from ${session.address}` : ""} · logged in {when(session.createdAt)}
        </Text>
      </div>
      {session.current ? null : (
        <Button variant="default" aria-label={`Log out ${session.device}`} onClick={onLogOut}>
          Log out
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
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState<Session | null>(null);
  const sessions = trpc.account.sessions.useQuery();
  const endSession = trpc.account.endSession.useMutation({
    onSuccess: () => {
      setEnding(null);
      notify("That device has been logged out.", "blue");
    },
  });
  const logoutEverywhere = trpc.account.logoutEverywhere.useMutation({
    onSuccess: () => {
      notify("You have been logged out on every device.", "blue");
      appSession.clear();
    },
  });

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="sessions-heading">
      <Stack align="stretch">
        <Title order={2} fz="lg" id="sessions-heading">
          Devices
        </Title>
        <Text size="sm" c="dimmed">
          Where you are logged in. Lost a phone, or logged in on a shared computer? Log that device out, or
          end every session at once, this one too.
        </Text>
        {sessions.isError ? (
          <ErrorAlert message="Your devices could not be loaded." error={sessions.error} />
        ) : null}
        {sessions.data && sessions.data.length > 0 ? (
          <ul className={classes.list} aria-label="Your devices">
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
            Log out everywhere
          </Button>
        </div>
      </Stack>
      {ending ? (
        <ConfirmDialog
          title="Log out this device?"
          confirmLabel="Log out"
          pending={endSession.isPending}
          error={endSession.isError ? "The device was not logged out." : null}
          cause={endSession.error}
          onConfirm={() => endSession.mutate({ id: ending.id })}
          onClose={() => setEnding(null)}
        >
          {ending.device}, last seen {when(ending.lastSeenAt)}, will have to log in again.
        </ConfirmDialog>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Log out everywhere?"
          confirmLabel="Log out everywhere"
          pending={logoutEverywhere.isPending}
          error={logoutEverywhere.isError ? "You were not logged out." : null}
          cause={logoutEverywhere.error}
          onConfirm={() => logoutEverywhere.mutate()}
          onClose={() => {
            setConfirming(false);
            logoutEverywhere.reset();
          }}
        >
          Every device logged in as {email}, including this one, will have to log in again.
        </ConfirmDialog>
      ) : null}
    </Paper>
  );
}

import { useState } from "react";
import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { appSession } from "../../lib/appSession";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

/**
 * "Log out everywhere": every device's session ends, this one's too; RequireMember then sends the
 * member to /login with the email filled in (and back here after logging in).
 */
export function SessionsCard({ email }: { email: string }) {
  const [confirming, setConfirming] = useState(false);
  const logoutEverywhere = trpc.account.logoutEverywhere.useMutation({
    onSuccess: () => {
      notify("You have been logged out on every device.", "blue");
      appSession.clear();
    },
  });

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="sessions-heading">
      <Stack align="flex-start">
        <Title order={2} fz="lg" id="sessions-heading">
          Devices
        </Title>
        <Text size="sm" c="dimmed">
          Lost a phone, or logged in on a shared computer? End every session at once, this one too.
        </Text>
        <Button variant="default" color="red" onClick={() => setConfirming(true)}>
          Log out everywhere
        </Button>
      </Stack>
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

import { useMemo } from "react";
import { ActionIcon, Button, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { renderSVG } from "uqr";
import "../../styles/modal";
import type { MeetingNight } from "@club/shared";
import { trpc } from "../../lib/trpc";
import { notify } from "../../lib/notify";
import { useReturnFocus } from "../../lib/returnFocus";
import classes from "./GuestInviteDialog.module.css";

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });

/**
 * "Invite guests to score" (issue 26, the host or an admin): the join code as a QR code and in
 * large letters, until the end of the meeting day; renew it, or close joining. Below, who joined,
 * each with Remove (their scores go with them).
 */
export default function GuestInviteDialog({ night, onClose }: { night: MeetingNight; onClose: () => void }) {
  useReturnFocus();
  const utils = trpc.useUtils();
  const refresh = () => utils.night.get.invalidate({ id: night.id });
  const failed = (error: { message: string }) => notify(error.message || "Something went wrong.", "red");
  const open = trpc.guests.openCode.useMutation({ onSuccess: refresh, onError: failed });
  const close = trpc.guests.closeCode.useMutation({ onSuccess: refresh, onError: failed });
  const guests = trpc.guests.list.useQuery({ id: night.id });
  const remove = trpc.guests.remove.useMutation({
    onSuccess: () => utils.guests.list.invalidate({ id: night.id }),
    onError: failed,
  });
  const code = night.guestCode;
  const svg = useMemo(() => (code ? renderSVG(code.url, { border: 2 }) : null), [code]);

  return (
    <Modal opened onClose={onClose} title="Invite guests to score" size="md">
      <Stack gap="md">
        {code && svg ? (
          <>
            <div
              className={classes.qr}
              role="img"
              aria-label={`QR code of the join page for code ${code.code}`}
              // uqr renders the SVG from the URL alone (no user text in it).
              dangerouslySetInnerHTML={{ __html: svg }}
            />
            <Stack gap={2} align="center">
              <Text size="sm" c="dimmed">
                Or open {new URL(code.url).host}/join and type
              </Text>
              <Text className={classes.code} data-testid="guest-code">
                {code.code}
              </Text>
              <Text size="sm" c="dimmed">
                Valid until {time(code.expiresAt)}
              </Text>
            </Stack>
            <Group grow>
              <Button
                variant="default"
                onClick={() => open.mutate({ id: night.id })}
                loading={open.isPending}
              >
                New code
              </Button>
              <Button
                variant="default"
                onClick={() => close.mutate({ id: night.id })}
                loading={close.isPending}
              >
                Close joining
              </Button>
            </Group>
          </>
        ) : (
          <Button size="md" onClick={() => open.mutate({ id: night.id })} loading={open.isPending}>
            Show a join code
          </Button>
        )}
        <Title order={3} size="h5">
          Guests ({guests.data?.length ?? 0} of 30)
        </Title>
        {guests.data?.length ? (
          <Stack gap={4} component="ul" className={classes.list}>
            {guests.data.map((g) => (
              <Group key={g.id} component="li" justify="space-between" wrap="nowrap">
                <Text>
                  {g.firstName}
                  {g.guestOf ? (
                    <Text span c="dimmed">
                      {" "}
                      · guest of {g.guestOf}
                    </Text>
                  ) : null}
                  <Text span c="dimmed" size="sm">
                    {" "}
                    · {g.scored} scored
                  </Text>
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${g.firstName}`}
                  onClick={() => remove.mutate({ id: night.id, guestId: g.id })}
                >
                  ✕
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed" size="sm">
            Nobody has joined yet.
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

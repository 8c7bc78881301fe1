import { useMemo, useState } from "react";
import { ActionIcon, Anchor, Button, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { renderSVG } from "uqr";
import "../../styles/modal";
import type { Guest, MeetingNight } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { trpc } from "../../lib/trpc";
import { formatLongDate } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useReturnFocus } from "../../lib/returnFocus";
import { useSingleFlight } from "../../lib/singleFlight";
import { guestNameError } from "../Join/guestName";
import { GuestNameInput } from "../Join/GuestNameInput";
import { PaperScores } from "./PaperScores";
import classes from "./GuestInviteDialog.module.css";

import { useT } from "../../lib/i18n";
import { appLocale } from "../../lib/locale";
import { nightMessages } from "./nightMessages";

/**
 * "Invite guests to score" (the host or an admin): the join code as a QR code and in
 * large letters, until the end of the meeting day; renew it, or close joining. Below, who joined,
 * each with Remove (their scores go with them), and a guest without a phone: added by name, their
 * paper sheet typed in by the host.
 */
export default function GuestInviteDialog({ night, onClose }: { night: MeetingNight; onClose: () => void }) {
  useReturnFocus();
  const t = useT(nightMessages);
  const utils = trpc.useUtils();
  const refresh = () => utils.night.get.invalidate({ id: night.id });
  const failed = (error: { message: string }) => notify(error.message || t("invite.wrong"), "red");
  const open = trpc.guests.openCode.useMutation({ onSuccess: refresh, onError: failed });
  const close = trpc.guests.closeCode.useMutation({ onSuccess: refresh, onError: failed });
  /** What the host can do with a shown code. */
  const codeActions = [
    { label: t("invite.newCode"), write: open },
    { label: t("invite.closeJoining"), write: close },
  ];
  const guests = trpc.guests.list.useQuery({ id: night.id });
  const remove = trpc.guests.remove.useMutation({
    onSuccess: () => utils.guests.list.invalidate({ id: night.id }),
    onError: failed,
  });
  const invite = trpc.guests.invite.useMutation({
    onSuccess: () => {
      notify(t("invite.sent"));
      return utils.guests.list.invalidate({ id: night.id });
    },
    onError: failed,
  });
  const [typing, setTyping] = useState<Guest | null>(null);
  const [name, setName] = useState({ firstName: "", guestOf: "" });
  const add = trpc.guests.add.useMutation({
    onSuccess: (guest) => {
      setName({ firstName: "", guestOf: "" });
      setTyping(guest);
    },
  });
  const once = useSingleFlight();
  const nameErrors = { firstName: guestNameError(name.firstName), guestOf: guestNameError(name.guestOf) };
  const code = night.guestCode;
  const svg = useMemo(() => (code ? renderSVG(code.url, { border: 2 }) : null), [code]);

  if (typing)
    return (
      <Modal opened onClose={onClose} title={t("invite.paperOf", { name: typing.firstName })} size="lg">
        <Stack gap="sm">
          <Anchor component="button" type="button" size="sm" onClick={() => setTyping(null)} ta="left">
            {t("invite.back")}
          </Anchor>
          <PaperScores meetingId={night.id} guest={typing} />
        </Stack>
      </Modal>
    );

  return (
    <Modal opened onClose={onClose} title={t("invite.title")} size="md">
      <Stack gap="md">
        {code && svg ? (
          <>
            <div
              className={classes.qr}
              role="img"
              aria-label={t("invite.qr", { code: code.code })}
              // uqr renders the SVG from the URL alone (no user text in it).
              dangerouslySetInnerHTML={{ __html: svg }}
            />
            <Stack gap={2} align="center">
              <Text size="sm" c="dimmed">
                {t("invite.orOpen", { address: `${new URL(code.url).host}/join` })}
              </Text>
              <Text className={classes.code} data-testid="guest-code">
                {code.code}
              </Text>
              <Text size="sm" c="dimmed">
                {t("invite.valid", { date: formatLongDate(night.date) })}
              </Text>
            </Stack>
            <Group grow>
              {codeActions.map(({ label, write }) => (
                <Button
                  key={label}
                  variant="default"
                  onClick={() => write.mutate({ id: night.id })}
                  loading={write.isPending}
                >
                  {label}
                </Button>
              ))}
            </Group>
          </>
        ) : (
          <Button size="md" onClick={() => open.mutate({ id: night.id })} loading={open.isPending}>
            {t("invite.show")}
          </Button>
        )}
        <Title order={3} size="h5">
          {t("invite.guests", { count: guests.data?.length ?? 0, max: 30 })}
        </Title>
        {guests.data?.length ? (
          <Stack gap={4} component="ul" className={classes.list}>
            {guests.data.map((g) => {
              // Two guests of the same name (a second join from another phone) are told apart by
              // when they joined and what they scored: the host removes the one not used.
              const twin = guests.data.some(
                (o) => o.id !== g.id && o.firstName === g.firstName && o.guestOf === g.guestOf,
              );
              const joined = joinedAt(g.joinedAt);
              const who = twin ? t("invite.twin", { name: g.firstName, time: joined }) : g.firstName;
              return (
                <Group key={g.id} component="li" justify="space-between" wrap="nowrap">
                  <Text>
                    {g.firstName}
                    {g.guestOf ? (
                      <Text span c="dimmed">
                        {t("results.guestOf", { name: g.guestOf })}
                      </Text>
                    ) : null}
                    <Text span c="dimmed" size="sm">
                      {t("invite.joined", { time: joined, scored: g.scored })}
                    </Text>
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    {g.email && !g.invitedAt ? (
                      <Button
                        size="compact-md"
                        variant="subtle"
                        aria-label={t("invite.inviteLabel", { name: who })}
                        loading={invite.isPending && invite.variables.guestId === g.id}
                        onClick={() => invite.mutate({ id: night.id, guestId: g.id })}
                      >
                        {t("invite.invite")}
                      </Button>
                    ) : g.invitedAt ? (
                      <Text span size="sm" c="dimmed">
                        {t("invite.invited")}
                      </Text>
                    ) : null}
                    <Button
                      size="compact-md"
                      variant="subtle"
                      aria-label={t("invite.typeLabel", { name: who })}
                      onClick={() => setTyping(g)}
                    >
                      {t("results.scores")}
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t("invite.remove", { name: who })}
                      onClick={() => remove.mutate({ id: night.id, guestId: g.id })}
                    >
                      {REMOVE_GLYPH}
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        ) : (
          <Text c="dimmed" size="sm">
            {t("invite.nobody")}
          </Text>
        )}
        <Stack
          gap="xs"
          component="form"
          aria-labelledby="paper-guest-title"
          onSubmit={(event) => {
            event.preventDefault();
            once(() =>
              add.mutateAsync({
                id: night.id,
                firstName: name.firstName,
                guestOf: name.guestOf.trim() || null,
              }),
            );
          }}
        >
          <Title order={3} size="h5" id="paper-guest-title">
            {t("invite.paperTitle")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("invite.paperBody")}
          </Text>
          <Group gap="xs" align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
            <GuestNameInput
              label={t("invite.firstName")}
              required
              value={name.firstName}
              onChange={(firstName) => setName({ ...name, firstName })}
              miw={140}
            />
            <GuestNameInput
              label={t("invite.whose")}
              value={name.guestOf}
              onChange={(guestOf) => setName({ ...name, guestOf })}
              miw={140}
            />
          </Group>
          {add.isError ? <ErrorAlert message={add.error.message} /> : null}
          <Button
            type="submit"
            variant="default"
            loading={add.isPending}
            disabled={!name.firstName.trim() || Boolean(nameErrors.firstName ?? nameErrors.guestOf)}
          >
            {t("invite.add")}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}

/** The remove button's sign (its name is its aria-label). */
const REMOVE_GLYPH = "✕";

/** When a guest joined, as the clock on the wall says it ("7:42 PM"). */
const joinedAt = (at: string) =>
  new Date(at).toLocaleTimeString(appLocale(), { hour: "numeric", minute: "2-digit" });

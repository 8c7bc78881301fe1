import { useState } from "react";
import { Button, CopyButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { EmailSchema, type OpenInvite } from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorAlert } from "../../components/status";
import { SectionCard } from "../../components/SectionCard";
import { notify } from "../../lib/notify";
import { serverReason } from "../../lib/serverReason";
import { trpc } from "../../lib/trpc";
import classes from "./Members.module.css";
import { OnceForm } from "../../components/OnceForm";

/** An empty field is an invite anyone can use; an address binds it (and emails it there). */
function emailError(value: string): string | null {
  if (!value.trim()) return null;
  const parsed = EmailSchema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Enter a valid email address.");
}

/** "May 14, 2026, 3:05 PM", in the admin's own time zone. */
const formatExpiry = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Whom an invite is for, in the list's words. */
const inviteFor = (invite: Pick<OpenInvite, "email">) =>
  invite.email ? `For ${invite.email}` : "Anyone with the link";

/** The phone's own share sheet where the browser has one (the Web Share API), else none. */
const canShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

/**
 * Share (a phone's share sheet: messages, mail, chat) where the browser offers it, Copy link
 * otherwise. A share the person closes without sending is no failure.
 */
function ShareLink({ url }: { url: string }) {
  if (canShare())
    return (
      <Button
        variant="default"
        onClick={() => {
          navigator.share({ title: "Join the club", url }).catch(() => undefined);
        }}
      >
        Share link
      </Button>
    );
  return (
    <CopyButton value={url}>
      {({ copied, copy }) => (
        <Button variant={copied ? "light" : "default"} color={copied ? "green" : undefined} onClick={copy}>
          {copied ? "Copied" : "Copy link"}
        </Button>
      )}
    </CopyButton>
  );
}

/** One open invite: whom it is for, until when; its link when it was made on this screen; Revoke. */
function OpenInviteRow({
  invite,
  url,
  onRevoke,
}: {
  invite: OpenInvite;
  url: string | undefined;
  onRevoke: () => void;
}) {
  const label = inviteFor(invite);
  return (
    <li className={classes.card} aria-label={label}>
      <div className={classes.who}>
        <Text fw={600} className={classes.email}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          Works once, until {formatExpiry(invite.expiresAt)}
          {invite.createdBy ? ` · made by ${invite.createdBy}` : ""}
        </Text>
      </div>
      {url ? (
        <TextInput
          label="Invite link"
          value={url}
          readOnly
          w="100%"
          classNames={{ input: classes.link }}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
      <div className={classes.controls}>
        {url ? <ShareLink url={url} /> : null}
        <Button variant="default" aria-label={`Revoke the invite: ${label}`} onClick={onRevoke}>
          Revoke
        </Button>
      </div>
    </li>
  );
}

/**
 * Invite links: single use, 14 days; they work whatever REGISTRATION says. Every open invite is
 * listed, with Revoke; the links made on this screen keep their link, Share and Copy (only their
 * hash is kept on the server, so a link is shown once, to the admin who made it).
 */
export function InviteCard() {
  const form = useForm({
    initialValues: { email: "" },
    validate: { email: emailError },
  });
  const open = trpc.members.invites.useQuery();
  const [links, setLinks] = useState<Record<number, string>>({});
  const [revoking, setRevoking] = useState<OpenInvite | null>(null);
  const invite = trpc.members.invite.useMutation({
    onSuccess: (made) => {
      setLinks((old) => ({ ...old, [made.id]: made.url }));
      form.reset();
    },
  });
  const revoke = trpc.members.revokeInvite.useMutation({
    onSuccess: () => {
      setRevoking(null);
      notify("Invite revoked: its link no longer works.");
    },
  });
  const invites = open.data ?? [];

  return (
    <SectionCard
      id="invite-heading"
      title="Invite someone"
      description="An invite link lets one person join without waiting for approval, even when registration is closed. With an email address, only that address can use it, and we email it there."
    >
      <OnceForm
        onSubmit={form.onSubmit(({ email }) => invite.mutate({ email: email.trim() ? email : null }))}
      >
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            type="email"
            label="Email (optional)"
            autoComplete="off"
            style={{ flex: "1 1 220px" }}
            {...form.getInputProps("email")}
          />
          <Button type="submit" loading={invite.isPending}>
            Create invite link
          </Button>
        </Group>
      </OnceForm>
      {invite.isError ? (
        <ErrorAlert message="The invite link was not created.">{serverReason(invite.error)}</ErrorAlert>
      ) : null}
      {invite.isSuccess ? (
        <Text size="sm" role="status">
          Invite link created{invite.variables.email ? ` and emailed to ${invite.variables.email}` : ""}.
        </Text>
      ) : null}
      {open.isError ? (
        <ErrorAlert message="The open invites could not be loaded." error={open.error} />
      ) : null}
      {invites.length > 0 ? (
        <Stack gap={4} mt="sm">
          <Text fw={700} id="open-invites">
            Open invites ({invites.length})
          </Text>
          <ul className={classes.list} aria-labelledby="open-invites">
            {invites.map((row) => (
              <OpenInviteRow
                key={row.id}
                invite={row}
                url={links[row.id]}
                onRevoke={() => {
                  revoke.reset();
                  setRevoking(row);
                }}
              />
            ))}
          </ul>
        </Stack>
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title="Revoke this invite?"
          confirmLabel="Revoke"
          pending={revoke.isPending}
          error={revoke.isError ? "The invite was not revoked." : null}
          cause={revoke.error}
          onConfirm={() => revoke.mutate({ id: revoking.id })}
          onClose={() => setRevoking(null)}
        >
          {inviteFor(revoking)}: its link stops working at once. You can make a new one any time.
        </ConfirmDialog>
      ) : null}
    </SectionCard>
  );
}

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
import { currentLanguage, translate, useT } from "../../lib/i18n";
import { appLocale } from "../../lib/locale";
import { membersMessages, type MembersKey } from "./membersMessages";
import { firstIssueText } from "../../lib/validationText";

const text = (key: MembersKey, values?: Record<string, string>) =>
  translate(currentLanguage(), membersMessages, key, values);

/** An empty field is an invite anyone can use; an address binds it (and emails it there). */
function emailError(value: string): string | null {
  if (!value.trim()) return null;
  const parsed = EmailSchema.safeParse(value);
  return parsed.success ? null : (firstIssueText(parsed.error) ?? text("invite.validEmail"));
}

/** "May 14, 2026, 3:05 PM" in en-US, in the admin's own time zone and language. */
const formatExpiry = (iso: string) =>
  new Date(iso).toLocaleString(appLocale(), { dateStyle: "medium", timeStyle: "short" });

/** Whom an invite is for, in the list's words. */
const inviteFor = (invite: Pick<OpenInvite, "email">) =>
  invite.email ? text("invite.for", { email: invite.email }) : text("invite.anyone");

/** The phone's own share sheet where the browser has one (the Web Share API), else none. */
const canShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

/**
 * Share (a phone's share sheet: messages, mail, chat) where the browser offers it, Copy link
 * otherwise. A share the person closes without sending is no failure.
 */
function ShareLink({ url }: { url: string }) {
  const t = useT(membersMessages);
  if (canShare())
    return (
      <Button
        variant="default"
        onClick={() => {
          navigator.share({ title: t("invite.shareTitle"), url }).catch(() => undefined);
        }}
      >
        {t("invite.share")}
      </Button>
    );
  return (
    <CopyButton value={url}>
      {({ copied, copy }) => (
        <Button variant={copied ? "light" : "default"} color={copied ? "green" : undefined} onClick={copy}>
          {copied ? t("invite.copied") : t("invite.copy")}
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
  const t = useT(membersMessages);
  const label = inviteFor(invite);
  return (
    <li className={classes.card} aria-label={label}>
      <div className={classes.who}>
        <Text fw={600} className={classes.email}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {t("invite.worksUntil", { date: formatExpiry(invite.expiresAt) })}
          {invite.createdBy ? t("invite.madeBy", { name: invite.createdBy }) : ""}
        </Text>
      </div>
      {url ? (
        <TextInput
          label={t("invite.link")}
          value={url}
          readOnly
          w="100%"
          classNames={{ input: classes.link }}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
      <div className={classes.controls}>
        {url ? <ShareLink url={url} /> : null}
        <Button variant="default" aria-label={t("invite.revokeAria", { label })} onClick={onRevoke}>
          {t("invite.revoke")}
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
  const t = useT(membersMessages);
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
      notify(t("invite.revoked"));
    },
  });
  const invites = open.data ?? [];

  return (
    <SectionCard id="invite-heading" title={t("invite.title")} description={t("invite.description")}>
      <OnceForm
        onSubmit={form.onSubmit(({ email }) => invite.mutate({ email: email.trim() ? email : null }))}
      >
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            type="email"
            label={t("invite.email")}
            autoComplete="off"
            style={{ flex: "1 1 220px" }}
            {...form.getInputProps("email")}
          />
          <Button type="submit" loading={invite.isPending}>
            {t("invite.create")}
          </Button>
        </Group>
      </OnceForm>
      {invite.isError ? (
        <ErrorAlert message={t("invite.notCreated")}>{serverReason(invite.error)}</ErrorAlert>
      ) : null}
      {invite.isSuccess ? (
        <Text size="sm" role="status">
          {invite.variables.email
            ? t("invite.createdFor", { email: invite.variables.email })
            : t("invite.created")}
        </Text>
      ) : null}
      {open.isError ? <ErrorAlert message={t("invite.notLoaded")} error={open.error} /> : null}
      {invites.length > 0 ? (
        <Stack gap={4} mt="sm">
          <Text fw={700} id="open-invites">
            {t("invite.open", { count: invites.length })}
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
          title={t("invite.revokeTitle")}
          confirmLabel={t("invite.revoke")}
          pending={revoke.isPending}
          error={revoke.isError ? t("invite.notRevoked") : null}
          cause={revoke.error}
          onConfirm={() => revoke.mutate({ id: revoking.id })}
          onClose={() => setRevoking(null)}
        >
          {t("invite.revokeBody", { label: inviteFor(revoking) })}
        </ConfirmDialog>
      ) : null}
    </SectionCard>
  );
}

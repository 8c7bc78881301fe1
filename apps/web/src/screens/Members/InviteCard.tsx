import { Button, CopyButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { EmailSchema } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { SectionCard } from "../../components/SectionCard";
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

/** Invite links: single use, 14 days; they work whatever REGISTRATION says. */
export function InviteCard() {
  const form = useForm({
    initialValues: { email: "" },
    validate: { email: emailError },
  });
  const invite = trpc.members.invite.useMutation();

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
        <Stack gap="xs" role="status">
          <TextInput
            label="Invite link"
            value={invite.data.url}
            readOnly
            classNames={{ input: classes.link }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              Works once, until {formatExpiry(invite.data.expiresAt)}.
              {invite.variables.email ? ` Also emailed to ${invite.variables.email}.` : ""}
            </Text>
            <CopyButton value={invite.data.url}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? "light" : "default"}
                  color={copied ? "green" : undefined}
                  onClick={copy}
                >
                  {copied ? "Copied" : "Copy link"}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      ) : null}
    </SectionCard>
  );
}

import { useState } from "react";
import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import "@mantine/core/styles/Checkbox.css";
import "../../styles/nativeSelect";
import { useForm } from "@mantine/form";
import {
  CreateApiTokenInputSchema,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorAlert } from "../../components/status";
import { SectionCard } from "../../components/SectionCard";
import { OnceForm } from "../../components/OnceForm";
import { notify } from "../../lib/notify";
import { serverReason } from "../../lib/serverReason";
import { trpc } from "../../lib/trpc";
import classes from "./Account.module.css";

/** How long a new token lasts, in the form's words; "never" sends no expiresInDays. */
const EXPIRY_CHOICES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "One year" },
  { value: "never", label: "Never" },
];

/** "Mar 2, 2026", in the member's own time zone. */
const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" });

const scopeWords = (scopes: ApiTokenScope[]) => (scopes.includes("write") ? "Read and write" : "Read only");

function tokenDetails(token: ApiToken): string {
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  return [
    scopeWords(token.scopes),
    `made ${day(token.createdAt)}`,
    token.lastUsedAt ? `last used ${day(token.lastUsedAt)}` : "never used",
    token.expiresAt ? `${expired ? "expired" : "expires"} ${day(token.expiresAt)}` : "never expires",
  ].join(" · ");
}

/** The token just made: shown this once, with Copy (the server keeps only its hash). */
function NewToken({ made }: { made: CreatedApiToken }) {
  return (
    <Alert color="green" title={`Token “${made.name}” created`} role="status">
      <Stack gap="xs">
        <Text size="sm">
          Copy it now: it is shown only once. Send it as Authorization: Bearer followed by the token.
        </Text>
        <TextInput
          label="Your new token"
          value={made.token}
          readOnly
          classNames={{ input: classes.secret }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={made.token}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? "light" : "default"}
              color={copied ? "green" : undefined}
              onClick={copy}
            >
              {copied ? "Copied" : "Copy token"}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  );
}

/**
 * API tokens for scripts and home automation: make one (name, scopes, expiry), copy it once, see
 * when each was last used, revoke one.
 */
export function TokensCard() {
  const tokens = trpc.tokens.list.useQuery();
  const [made, setMade] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const form = useForm({
    initialValues: { name: "", read: true, write: false, expires: "90" },
    validate: {
      name: (value) => {
        const parsed = CreateApiTokenInputSchema.shape.name.safeParse(value);
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Required.");
      },
      read: (read, values) => (read || values.write ? null : "Choose at least one scope."),
    },
  });
  const create = trpc.tokens.create.useMutation({
    onSuccess: (answer) => {
      setMade(answer);
      form.reset();
    },
  });
  const revoke = trpc.tokens.revoke.useMutation({
    onSuccess: () => {
      setRevoking(null);
      notify("Token revoked: it no longer works.");
    },
  });
  const list = tokens.data ?? [];

  return (
    <SectionCard
      id="tokens-heading"
      title="API tokens"
      description="A token lets a script or home automation use the club's API as you. A read-only token cannot change anything."
    >
      <OnceForm
        onSubmit={form.onSubmit(({ name, read, write, expires }) => {
          setMade(null);
          const scopes: ApiTokenScope[] = [
            ...(read ? ["read" as const] : []),
            ...(write ? ["write" as const] : []),
          ];
          create.mutate({
            name,
            scopes,
            ...(expires === "never" ? {} : { expiresInDays: Number(expires) }),
          });
        })}
      >
        <Stack gap="sm">
          <TextInput label="Token name" maxLength={60} required {...form.getInputProps("name")} />
          <Group gap="lg">
            <Checkbox label="Read" {...form.getInputProps("read", { type: "checkbox" })} />
            <Checkbox label="Write" {...form.getInputProps("write", { type: "checkbox" })} />
          </Group>
          {/* The phone's own picker: four fixed choices. */}
          <NativeSelect label="Expires after" data={EXPIRY_CHOICES} {...form.getInputProps("expires")} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Create token
            </Button>
          </Group>
        </Stack>
      </OnceForm>
      {create.isError ? (
        <ErrorAlert message="The token was not created.">{serverReason(create.error)}</ErrorAlert>
      ) : null}
      {made ? <NewToken made={made} /> : null}
      {tokens.isError ? <ErrorAlert message="Your tokens could not be loaded." error={tokens.error} /> : null}
      {list.length > 0 ? (
        <ul className={classes.list} aria-label="Your API tokens">
          {list.map((token) => (
            <li key={token.id} className={classes.row} aria-label={token.name}>
              <div className={classes.what}>
                <Text fw={600}>{token.name}</Text>
                <Text size="sm" c="dimmed">
                  {tokenDetails(token)}
                </Text>
              </div>
              <Button
                variant="default"
                aria-label={`Revoke the token ${token.name}`}
                onClick={() => {
                  revoke.reset();
                  setRevoking(token);
                }}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      ) : tokens.isSuccess ? (
        <Text size="sm" c="dimmed">
          No tokens yet.
        </Text>
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title="Revoke this token?"
          confirmLabel="Revoke"
          pending={revoke.isPending}
          error={revoke.isError ? "The token was not revoked." : null}
          cause={revoke.error}
          onConfirm={() => revoke.mutate({ id: revoking.id })}
          onClose={() => setRevoking(null)}
        >
          {revoking.name}: scripts using it stop working at once.
        </ConfirmDialog>
      ) : null}
    </SectionCard>
  );
}

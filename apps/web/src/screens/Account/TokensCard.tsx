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
import { appLocale } from "../../lib/locale";
import { currentLanguage, translate, useT } from "../../lib/i18n";
import { accountMessages, type AccountKey } from "./accountMessages";
import { firstIssueText } from "../../lib/validationText";

const text = (key: AccountKey, values?: Record<string, string>) =>
  translate(currentLanguage(), accountMessages, key, values);

/** How long a new token lasts, in the form's words; "never" sends no expiresInDays. */
const expiryChoices = () =>
  (["30", "90", "365", "never"] as const).map((value) => ({ value, label: text(`tokens.${value}`) }));

/** "Mar 2, 2026" in en-US, in the member's own time zone and language. */
const day = (iso: string) => new Date(iso).toLocaleDateString(appLocale(), { dateStyle: "medium" });

const scopeWords = (scopes: ApiTokenScope[]) =>
  scopes.includes("write") ? text("tokens.readWrite") : text("tokens.readOnly");

function tokenDetails(token: ApiToken): string {
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  return [
    scopeWords(token.scopes),
    text("tokens.made", { date: day(token.createdAt) }),
    token.lastUsedAt ? text("tokens.lastUsed", { date: day(token.lastUsedAt) }) : text("tokens.neverUsed"),
    token.expiresAt
      ? text(expired ? "tokens.expired" : "tokens.expires", { date: day(token.expiresAt) })
      : text("tokens.neverExpires"),
  ].join(" · ");
}

/** The token just made: shown this once, with Copy (the server keeps only its hash). */
function NewToken({ made }: { made: CreatedApiToken }) {
  const t = useT(accountMessages);
  return (
    <Alert color="green" title={t("tokens.created", { name: made.name })} role="status">
      <Stack gap="xs">
        <Text size="sm">{t("tokens.copyNow")}</Text>
        <TextInput
          label={t("tokens.yours")}
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
              {copied ? t("tokens.copied") : t("tokens.copy")}
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
  const t = useT(accountMessages);
  const tokens = trpc.tokens.list.useQuery();
  const [made, setMade] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const form = useForm({
    initialValues: { name: "", read: true, write: false, expires: "90" },
    validate: {
      name: (value) => {
        const parsed = CreateApiTokenInputSchema.shape.name.safeParse(value);
        return parsed.success ? null : (firstIssueText(parsed.error) ?? t("tokens.required"));
      },
      read: (read, values) => (read || values.write ? null : t("tokens.scope")),
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
      notify(t("tokens.revoked"));
    },
  });
  const list = tokens.data ?? [];

  return (
    <SectionCard id="tokens-heading" title={t("tokens.title")} description={t("tokens.description")}>
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
          <TextInput label={t("tokens.name")} maxLength={60} required {...form.getInputProps("name")} />
          <Group gap="lg">
            <Checkbox label={t("tokens.read")} {...form.getInputProps("read", { type: "checkbox" })} />
            <Checkbox label={t("tokens.write")} {...form.getInputProps("write", { type: "checkbox" })} />
          </Group>
          {/* The phone's own picker: four fixed choices. */}
          <NativeSelect
            label={t("tokens.expiresAfter")}
            data={expiryChoices()}
            {...form.getInputProps("expires")}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t("tokens.create")}
            </Button>
          </Group>
        </Stack>
      </OnceForm>
      {create.isError ? (
        <ErrorAlert message={t("tokens.notCreated")}>{serverReason(create.error)}</ErrorAlert>
      ) : null}
      {made ? <NewToken made={made} /> : null}
      {tokens.isError ? <ErrorAlert message={t("tokens.notLoaded")} error={tokens.error} /> : null}
      {list.length > 0 ? (
        <ul className={classes.list} aria-label={t("tokens.list")}>
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
                aria-label={t("tokens.revokeAria", { name: token.name })}
                onClick={() => {
                  revoke.reset();
                  setRevoking(token);
                }}
              >
                {t("tokens.revoke")}
              </Button>
            </li>
          ))}
        </ul>
      ) : tokens.isSuccess ? (
        <Text size="sm" c="dimmed">
          {t("tokens.none")}
        </Text>
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title={t("tokens.revokeTitle")}
          confirmLabel={t("tokens.revoke")}
          pending={revoke.isPending}
          error={revoke.isError ? t("tokens.notRevoked") : null}
          cause={revoke.error}
          onConfirm={() => revoke.mutate({ id: revoking.id })}
          onClose={() => setRevoking(null)}
        >
          {t("tokens.revokeBody", { name: revoking.name })}
        </ConfirmDialog>
      ) : null}
    </SectionCard>
  );
}

import { useState } from "react";
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Code.css";
import { useForm } from "@mantine/form";
import {
  NOTIFICATION_KINDS,
  WEBHOOK_HEADERS,
  WEBHOOK_TEST_EVENT,
  type CreatedWebhook,
  type NotificationKind,
  type Webhook,
  type WebhookDelivery,
} from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LogInPrompt } from "../../components/LogInPrompt";
import { PageHeader } from "../../components/PageHeader";
import { SectionCard } from "../../components/SectionCard";
import { OnceForm } from "../../components/OnceForm";
import { ErrorAlert, Loaded } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { notify } from "../../lib/notify";
import { serverReason } from "../../lib/serverReason";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { defineMessages, useT } from "../../lib/i18n";
import { appLocale } from "../../lib/locale";
import webhooks from "../../locales/en/webhooks.json";
import { accountMessages } from "../Account/accountMessages";
import classes from "./Webhooks.module.css";

const webhooksMessages = defineMessages("webhooks", webhooks);
type T = (key: keyof typeof webhooks, values?: Record<string, string | number>) => string;

/** How often the log is read again while a delivery waits for its next attempt. */
const PENDING_REFRESH_MS = 2_000;

/** What the signature header's value starts with, before the hex of the HMAC. */
const SIGNATURE_PREFIX = "sha256=";

/** A notification kind's name, as the Account page's notification settings call it. */
function useKindLabel(): (kind: NotificationKind) => string {
  const tAccount = useT(accountMessages);
  return (kind) => tAccount(`kind.${kind}`);
}

function useEventLabel(): (event: string) => string {
  const t = useT(webhooksMessages);
  const kindLabel = useKindLabel();
  return (event) =>
    event === WEBHOOK_TEST_EVENT
      ? t("testEvent")
      : (NOTIFICATION_KINDS as readonly string[]).includes(event)
        ? kindLabel(event as NotificationKind)
        : event;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(appLocale(), { dateStyle: "medium", timeStyle: "short" });

const STATUS_WORDS: Record<WebhookDelivery["status"], { label: keyof typeof webhooks; color: string }> = {
  pending: { label: "status.pending", color: "yellow" },
  delivered: { label: "status.delivered", color: "green" },
  failed: { label: "status.failed", color: "red" },
};

/** A message with code in it: each of `codes` shown as <Code> where the message names it. */
function withCode(t: T, key: keyof typeof webhooks, codes: Record<string, string>) {
  const marks = Object.fromEntries(Object.keys(codes).map((name) => [name, `\u0000${name}\u0000`]));
  return t(key, marks)
    .split("\u0000")
    .map((part, index) => (index % 2 === 1 ? <Code key={index}>{codes[part]}</Code> : part));
}

/** The hook just added: its secret, shown this once, with Copy. */
function NewSecret({ made }: { made: CreatedWebhook }) {
  const t = useT(webhooksMessages);
  return (
    <Alert color="green" title={t("added.title")} role="status">
      <Stack gap="xs">
        <Text size="sm">
          {withCode(t, "added.secret", { header: WEBHOOK_HEADERS.signature, prefix: SIGNATURE_PREFIX })}
        </Text>
        <TextInput
          label={t("added.secretLabel")}
          value={made.secret}
          readOnly
          classNames={{ input: classes.secret }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={made.secret}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? "light" : "default"}
              color={copied ? "green" : undefined}
              onClick={copy}
            >
              {copied ? t("added.copied") : t("added.copy")}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  );
}

function AddWebhook({ onAdded }: { onAdded: (made: CreatedWebhook) => void }) {
  const t = useT(webhooksMessages);
  const kindLabel = useKindLabel();
  const utils = trpc.useUtils();
  const form = useForm({
    initialValues: {
      url: "",
      events: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])) as Record<
        NotificationKind,
        boolean
      >,
    },
    validate: {
      url: (value) => (value.trim() === "" ? t("add.urlRequired") : null),
      events: (events) => (Object.values(events).some(Boolean) ? null : t("add.eventsRequired")),
    },
  });
  const create = trpc.webhooks.create.useMutation({
    onSuccess: (made) => {
      onAdded(made);
      form.reset();
      void utils.webhooks.list.invalidate();
    },
  });
  return (
    <SectionCard id="add-webhook-heading" title={t("add.title")} description={t("add.description")}>
      <OnceForm
        onSubmit={form.onSubmit(({ url, events }) =>
          create.mutate({ url: url.trim(), events: NOTIFICATION_KINDS.filter((k) => events[k]) }),
        )}
      >
        <Stack gap="sm">
          <TextInput
            label={t("add.url")}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder={t("add.urlPlaceholder")}
            required
            {...form.getInputProps("url")}
          />
          <fieldset className={classes.events} style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={500} size="sm" mb={4}>
              {t("add.events")}
            </Text>
            {NOTIFICATION_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={kindLabel(kind)}
                {...form.getInputProps(`events.${kind}`, { type: "checkbox" })}
              />
            ))}
            {form.errors.events ? (
              <Text size="sm" c="red">
                {form.errors.events}
              </Text>
            ) : null}
          </fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t("add.submit")}
            </Button>
          </Group>
        </Stack>
      </OnceForm>
      {create.isError ? (
        <ErrorAlert message={t("add.failed")}>{serverReason(create.error)}</ErrorAlert>
      ) : null}
    </SectionCard>
  );
}

function Deliveries({ hook }: { hook: Webhook }) {
  const t = useT(webhooksMessages);
  const eventLabel = useEventLabel();
  const deliveries = trpc.webhooks.deliveries.useQuery(
    { id: hook.id },
    {
      refetchInterval: (query) =>
        query.state.data?.some((d) => d.status === "pending") ? PENDING_REFRESH_MS : false,
    },
  );
  return (
    <section aria-label={t("deliveries.label", { url: hook.url })}>
      <Loaded query={deliveries} failed={t("deliveries.failed")}>
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("deliveries.none")}
            </Text>
          ) : (
            <ul className={classes.deliveries}>
              {list.map((d) => (
                <li
                  key={d.id}
                  className={classes.delivery}
                  aria-label={t("deliveries.item", {
                    event: eventLabel(d.event),
                    status: t(STATUS_WORDS[d.status].label),
                  })}
                >
                  <div className={classes.wrap}>
                    <Text size="sm" fw={600}>
                      {eventLabel(d.event)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[when(d.at), t("deliveries.attempts", { count: d.attempts }), d.error]
                        .filter(Boolean)
                        .join(" · ")}
                    </Text>
                  </div>
                  <Badge color={STATUS_WORDS[d.status].color} variant="light">
                    {t(STATUS_WORDS[d.status].label)}
                  </Badge>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

function HookRow({ hook, onRemove }: { hook: Webhook; onRemove: () => void }) {
  const t = useT(webhooksMessages);
  const kindLabel = useKindLabel();
  const utils = trpc.useUtils();
  const [showLog, setShowLog] = useState(false);
  const test = trpc.webhooks.test.useMutation({
    onSuccess: () => {
      setShowLog(true);
      notify(t("hook.testSent"));
      void utils.webhooks.deliveries.invalidate({ id: hook.id });
    },
    onError: (error) => notify(serverReason(error) ?? t("hook.testFailed"), "red"),
  });
  return (
    <li className={classes.hook} aria-label={hook.url}>
      <div className={classes.wrap}>
        <Text fw={600}>{hook.url}</Text>
        <Text size="sm" c="dimmed">
          {[
            hook.events.length === NOTIFICATION_KINDS.length
              ? t("hook.everyEvent")
              : hook.events.map(kindLabel),
            t("hook.added", { when: when(hook.createdAt) }),
          ]
            .flat()
            .join(" · ")}
        </Text>
      </div>
      <Group gap="xs">
        <Button variant="default" onClick={() => test.mutate({ id: hook.id })} loading={test.isPending}>
          {t("hook.test")}
        </Button>
        <Button variant="default" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
          {showLog ? t("hook.hideDeliveries") : t("hook.deliveries")}
        </Button>
        <Button
          variant="default"
          color="red"
          onClick={onRemove}
          aria-label={t("hook.removeLabel", { url: hook.url })}
        >
          {t("hook.remove")}
        </Button>
      </Group>
      {showLog ? <Deliveries hook={hook} /> : null}
    </li>
  );
}

function Webhooks() {
  const t = useT(webhooksMessages);
  const utils = trpc.useUtils();
  const hooks = trpc.webhooks.list.useQuery();
  const [made, setMade] = useState<CreatedWebhook | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const remove = trpc.webhooks.delete.useMutation({
    onSuccess: () => {
      setRemoving(null);
      notify(t("removed"));
      void utils.webhooks.list.invalidate();
    },
  });
  return (
    <Stack gap="lg">
      <AddWebhook onAdded={setMade} />
      {made ? <NewSecret made={made} /> : null}
      <SectionCard id="webhooks-heading" title={t("list.title")}>
        <Loaded query={hooks} failed={t("list.failed")}>
          {(list) =>
            list.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("list.none")}
              </Text>
            ) : (
              <ul className={classes.list} aria-label={t("list.title")}>
                {list.map((hook) => (
                  <HookRow
                    key={hook.id}
                    hook={hook}
                    onRemove={() => {
                      remove.reset();
                      setRemoving(hook);
                    }}
                  />
                ))}
              </ul>
            )
          }
        </Loaded>
      </SectionCard>
      {removing ? (
        <ConfirmDialog
          title={t("remove.title")}
          confirmLabel={t("remove.confirm")}
          pending={remove.isPending}
          error={remove.isError ? t("remove.failed") : null}
          cause={remove.error}
          onConfirm={() => remove.mutate({ id: removing.id })}
          onClose={() => setRemoving(null)}
        >
          {t("remove.body", { url: removing.url })}
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
}

/** The webhooks for an admin; another member reads that they are an admin's. */
function AdminWebhooks() {
  const t = useT(webhooksMessages);
  const account = trpc.account.get.useQuery();
  return (
    <Loaded query={account} failed={t("accountFailed")}>
      {(me) => (me.role === "admin" ? <Webhooks /> : <Text>{t("adminOnly")}</Text>)}
    </Loaded>
  );
}

/** /admin/webhooks: add, test and remove webhooks, and read each one's deliveries (admins). */
export default function WebhooksPage() {
  const t = useT(webhooksMessages);
  useTitle(t("title"));
  const session = useSession();
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {session ? <AdminWebhooks /> : <LogInPrompt underline="always">{t("logIn")}</LogInPrompt>}
    </>
  );
}

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
  NOTIFICATION_KIND_LABELS,
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
import classes from "./Webhooks.module.css";

/** How often the log is read again while a delivery waits for its next attempt. */
const PENDING_REFRESH_MS = 2_000;

const eventLabel = (event: string) =>
  event === WEBHOOK_TEST_EVENT
    ? "Test event"
    : (NOTIFICATION_KIND_LABELS[event as NotificationKind] ?? event);

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

const STATUS_WORDS: Record<WebhookDelivery["status"], { label: string; color: string }> = {
  pending: { label: "Waiting to retry", color: "yellow" },
  delivered: { label: "Delivered", color: "green" },
  failed: { label: "Failed", color: "red" },
};

/** The hook just added: its secret, shown this once, with Copy. */
function NewSecret({ made }: { made: CreatedWebhook }) {
  return (
    <Alert color="green" title="Webhook added" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Copy its secret now: it is shown only once. Each event is signed with it: the{" "}
          <Code>{WEBHOOK_HEADERS.signature}</Code> header is <Code>sha256=</Code> and the HMAC-SHA256 of the
          request&apos;s body, in hex.
        </Text>
        <TextInput
          label="Signing secret"
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
              {copied ? "Copied" : "Copy secret"}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  );
}

function AddWebhook({ onAdded }: { onAdded: (made: CreatedWebhook) => void }) {
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
      url: (value) => (value.trim() === "" ? "Give the URL to send to." : null),
      events: (events) => (Object.values(events).some(Boolean) ? null : "Choose at least one event."),
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
    <SectionCard
      id="add-webhook-heading"
      title="Add a webhook"
      description="The URL is sent each chosen event as JSON. It may not be this server or its own network unless the server's WEBHOOKS_ALLOW_PRIVATE setting allows it."
    >
      <OnceForm
        onSubmit={form.onSubmit(({ url, events }) =>
          create.mutate({ url: url.trim(), events: NOTIFICATION_KINDS.filter((k) => events[k]) }),
        )}
      >
        <Stack gap="sm">
          <TextInput
            label="URL"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.org/hooks/club"
            required
            {...form.getInputProps("url")}
          />
          <fieldset className={classes.events} style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={500} size="sm" mb={4}>
              Events
            </Text>
            {NOTIFICATION_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={NOTIFICATION_KIND_LABELS[kind]}
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
              Add webhook
            </Button>
          </Group>
        </Stack>
      </OnceForm>
      {create.isError ? (
        <ErrorAlert message="The webhook was not added.">{serverReason(create.error)}</ErrorAlert>
      ) : null}
    </SectionCard>
  );
}

function Deliveries({ hook }: { hook: Webhook }) {
  const deliveries = trpc.webhooks.deliveries.useQuery(
    { id: hook.id },
    {
      refetchInterval: (query) =>
        query.state.data?.some((d) => d.status === "pending") ? PENDING_REFRESH_MS : false,
    },
  );
  return (
    <section aria-label={`Deliveries to ${hook.url}`}>
      <Loaded query={deliveries} failed="The deliveries could not be loaded.">
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing sent yet.
            </Text>
          ) : (
            <ul className={classes.deliveries}>
              {list.map((d) => (
                <li
                  key={d.id}
                  className={classes.delivery}
                  aria-label={`${eventLabel(d.event)}: ${STATUS_WORDS[d.status].label}`}
                >
                  <div className={classes.wrap}>
                    <Text size="sm" fw={600}>
                      {eventLabel(d.event)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {when(d.at)} · {d.attempts === 1 ? "1 attempt" : `${d.attempts} attempts`}
                      {d.error ? ` · ${d.error}` : ""}
                    </Text>
                  </div>
                  <Badge color={STATUS_WORDS[d.status].color} variant="light">
                    {STATUS_WORDS[d.status].label}
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
  const utils = trpc.useUtils();
  const [showLog, setShowLog] = useState(false);
  const test = trpc.webhooks.test.useMutation({
    onSuccess: () => {
      setShowLog(true);
      notify("Test event sent.");
      void utils.webhooks.deliveries.invalidate({ id: hook.id });
    },
    onError: (error) => notify(serverReason(error) ?? "The test event was not sent.", "red"),
  });
  return (
    <li className={classes.hook} aria-label={hook.url}>
      <div className={classes.wrap}>
        <Text fw={600}>{hook.url}</Text>
        <Text size="sm" c="dimmed">
          {hook.events.length === NOTIFICATION_KINDS.length
            ? "Every event"
            : hook.events.map((e) => NOTIFICATION_KIND_LABELS[e]).join(" · ")}
          {` · added ${when(hook.createdAt)}`}
        </Text>
      </div>
      <Group gap="xs">
        <Button variant="default" onClick={() => test.mutate({ id: hook.id })} loading={test.isPending}>
          Test
        </Button>
        <Button variant="default" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
          {showLog ? "Hide deliveries" : "Deliveries"}
        </Button>
        <Button
          variant="default"
          color="red"
          onClick={onRemove}
          aria-label={`Remove the webhook to ${hook.url}`}
        >
          Remove
        </Button>
      </Group>
      {showLog ? <Deliveries hook={hook} /> : null}
    </li>
  );
}

function Webhooks() {
  const utils = trpc.useUtils();
  const hooks = trpc.webhooks.list.useQuery();
  const [made, setMade] = useState<CreatedWebhook | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const remove = trpc.webhooks.delete.useMutation({
    onSuccess: () => {
      setRemoving(null);
      notify("Webhook removed: it is sent nothing more.");
      void utils.webhooks.list.invalidate();
    },
  });
  return (
    <Stack gap="lg">
      <AddWebhook onAdded={setMade} />
      {made ? <NewSecret made={made} /> : null}
      <SectionCard id="webhooks-heading" title="Webhooks">
        <Loaded query={hooks} failed="The webhooks could not be loaded.">
          {(list) =>
            list.length === 0 ? (
              <Text size="sm" c="dimmed">
                No webhooks yet.
              </Text>
            ) : (
              <ul className={classes.list} aria-label="Webhooks">
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
          title="Remove this webhook?"
          confirmLabel="Remove"
          pending={remove.isPending}
          error={remove.isError ? "The webhook was not removed." : null}
          cause={remove.error}
          onConfirm={() => remove.mutate({ id: removing.id })}
          onClose={() => setRemoving(null)}
        >
          {removing.url} is sent nothing more; events waiting for it are dropped.
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
}

/** The webhooks for an admin; another member reads that they are an admin's. */
function AdminWebhooks() {
  const account = trpc.account.get.useQuery();
  return (
    <Loaded query={account} failed="Failed to fetch your account.">
      {(me) => (me.role === "admin" ? <Webhooks /> : <Text>Only an admin can see the webhooks.</Text>)}
    </Loaded>
  );
}

/** /admin/webhooks: add, test and remove webhooks, and read each one's deliveries (admins). */
export default function WebhooksPage() {
  useTitle("Webhooks");
  const session = useSession();
  return (
    <>
      <PageHeader title="Webhooks" subtitle="The club's events, posted as signed JSON to your other tools." />
      {session ? (
        <AdminWebhooks />
      ) : (
        <LogInPrompt underline="always">as an admin to see the webhooks.</LogInPrompt>
      )}
    </>
  );
}

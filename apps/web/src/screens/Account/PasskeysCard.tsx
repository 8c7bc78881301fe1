import { useEffect, useState } from "react";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { PASSKEY_NAME_MAX, RegisterPasskeyInputSchema, type Passkey } from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FormDialog } from "../../components/FormDialog";
import { ErrorAlert } from "../../components/status";
import { SectionCard } from "../../components/SectionCard";
import { OnceForm } from "../../components/OnceForm";
import { failure } from "../../lib/errors";
import { notify } from "../../lib/notify";
import { browserHasPasskeys, browserRefusal, makePasskey, thisDeviceName } from "../../lib/passkeys";
import { serverReason } from "../../lib/serverReason";
import { trpc } from "../../lib/trpc";
import classes from "./Account.module.css";
import { firstIssueText } from "../../lib/validationText";
import { appLocale } from "../../lib/locale";
import { useT } from "../../lib/i18n";
import { accountMessages } from "./accountMessages";

/** "Mar 2, 2026" (in the app's language), in the member's own time zone. */
const day = (iso: string) => new Date(iso).toLocaleDateString(appLocale(), { dateStyle: "medium" });

/** When the passkey was added and last used. */
function PasskeyDetails({ passkey }: { passkey: Passkey }) {
  const t = useT(accountMessages);
  const added = day(passkey.createdAt);
  return passkey.lastUsedAt
    ? t("passkeys.details", { added, used: day(passkey.lastUsedAt) })
    : t("passkeys.detailsNeverUsed", { added });
}

/** The name's problem: the schema's words (the server's too), "Required." in the app's language. */
const nameProblem = (value: string, required: string) => {
  const parsed = RegisterPasskeyInputSchema.shape.name.safeParse(value);
  return parsed.success ? null : (firstIssueText(parsed.error) ?? required);
};

/** Rename: a dialog with the passkey's name. */
function RenameDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const t = useT(accountMessages);
  const [name, setName] = useState(passkey.name);
  const rename = trpc.passkeys.rename.useMutation({
    onSuccess: () => {
      notify(t("passkeys.renamed"));
      onClose();
    },
  });
  const problem = nameProblem(name, t("password.required"));
  return (
    <FormDialog
      title={t("passkeys.renameTitle")}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) rename.mutate({ id: passkey.id, name });
      }}
      errors={[rename.isError && failure(t("passkeys.notRenamed"), rename.error)]}
      canSubmit={!problem && name.trim() !== passkey.name}
      submitting={rename.isPending}
      submitLabel={t("passkeys.save")}
    >
      <TextInput
        label={t("passkeys.name")}
        maxLength={PASSKEY_NAME_MAX}
        required
        data-autofocus
        value={name}
        error={name.trim() === "" ? null : problem}
        onChange={(event) => setName(event.currentTarget.value)}
      />
    </FormDialog>
  );
}

/**
 * Passkeys: add one on each device (the browser makes it, behind the device's fingerprint, face or
 * screen lock, and the server keeps its public key under the name given), see when each was last
 * used, rename one, remove one.
 */
export function PasskeysCard() {
  const t = useT(accountMessages);
  const utils = trpc.useUtils();
  const passkeys = trpc.passkeys.list.useQuery();
  const [supported, setSupported] = useState(true);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  useEffect(() => {
    setSupported(browserHasPasskeys());
    setName(thisDeviceName());
  }, []);

  const register = trpc.passkeys.register.useMutation();
  const add = useMutation({
    mutationFn: async (named: string) => {
      const options = await utils.client.passkeys.registrationOptions.query();
      const response = await makePasskey(options);
      return register.mutateAsync({ name: named, response });
    },
    onSuccess: (added) => {
      notify(t("passkeys.added", { name: added.name }));
      setName("");
    },
  });
  const remove = trpc.passkeys.remove.useMutation({
    onSuccess: () => {
      setRemoving(null);
      notify(t("passkeys.removed"));
    },
  });
  const list = passkeys.data ?? [];

  return (
    <SectionCard id="passkeys-heading" title={t("passkeys.title")} description={t("passkeys.description")}>
      {supported ? (
        <OnceForm
          onSubmit={(event) => {
            event.preventDefault();
            const problem = nameProblem(name, t("password.required"));
            setNameError(problem);
            if (!problem) add.mutate(name);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t("passkeys.name")}
              description={t("passkeys.nameHint")}
              maxLength={PASSKEY_NAME_MAX}
              required
              value={name}
              error={nameError}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setNameError(null);
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending}>
                {t("passkeys.add")}
              </Button>
            </Group>
          </Stack>
        </OnceForm>
      ) : (
        <Text size="sm" c="dimmed">
          {t("passkeys.unsupported")}
        </Text>
      )}
      {add.isError ? (
        <ErrorAlert message={t("passkeys.notAdded")}>
          {browserRefusal(add.error) ?? serverReason(add.error)}
        </ErrorAlert>
      ) : null}
      {passkeys.isError ? <ErrorAlert message={t("passkeys.loadFailed")} error={passkeys.error} /> : null}
      {list.length > 0 ? (
        <ul className={classes.list} aria-label={t("passkeys.list")}>
          {list.map((passkey) => (
            <li key={passkey.id} className={classes.row} aria-label={passkey.name}>
              <div className={classes.what}>
                <Text fw={600}>{passkey.name}</Text>
                <Text size="sm" c="dimmed">
                  <PasskeyDetails passkey={passkey} />
                </Text>
              </div>
              <Group gap="xs">
                <Button
                  variant="default"
                  aria-label={t("passkeys.renameOne", { name: passkey.name })}
                  onClick={() => setRenaming(passkey)}
                >
                  {t("passkeys.rename")}
                </Button>
                <Button
                  variant="default"
                  aria-label={t("passkeys.removeOne", { name: passkey.name })}
                  onClick={() => {
                    remove.reset();
                    setRemoving(passkey);
                  }}
                >
                  {t("passkeys.remove")}
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      ) : passkeys.isSuccess ? (
        <Text size="sm" c="dimmed">
          {t("passkeys.none")}
        </Text>
      ) : null}
      {renaming ? <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} /> : null}
      {removing ? (
        <ConfirmDialog
          title={t("passkeys.removeTitle")}
          confirmLabel={t("passkeys.remove")}
          pending={remove.isPending}
          error={remove.isError ? t("passkeys.notRemoved") : null}
          cause={remove.error}
          onConfirm={() => remove.mutate({ id: removing.id })}
          onClose={() => setRemoving(null)}
        >
          {t("passkeys.removeQuestion", { name: removing.name })}
        </ConfirmDialog>
      ) : null}
    </SectionCard>
  );
}

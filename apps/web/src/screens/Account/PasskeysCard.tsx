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
import { firstIssueText, validationText } from "../../lib/validationText";

/** "Mar 2, 2026", in the member's own time zone. */
const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" });

const passkeyDetails = (passkey: Passkey) =>
  [
    `added ${day(passkey.createdAt)}`,
    passkey.lastUsedAt ? `last used ${day(passkey.lastUsedAt)}` : "never used",
  ].join(" · ");

const nameProblem = (value: string) => {
  const parsed = RegisterPasskeyInputSchema.shape.name.safeParse(value);
  return parsed.success ? null : (firstIssueText(parsed.error) ?? validationText("Required."));
};

/** Rename: a dialog with the passkey's name. */
function RenameDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const [name, setName] = useState(passkey.name);
  const rename = trpc.passkeys.rename.useMutation({
    onSuccess: () => {
      notify("Passkey renamed.");
      onClose();
    },
  });
  const problem = nameProblem(name);
  return (
    <FormDialog
      title="Rename this passkey"
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) rename.mutate({ id: passkey.id, name });
      }}
      errors={[rename.isError && failure("The passkey was not renamed.", rename.error)]}
      canSubmit={!problem && name.trim() !== passkey.name}
      submitting={rename.isPending}
      submitLabel="Save"
    >
      <TextInput
        label="Passkey name"
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
      notify(`Passkey “${added.name}” added: you can sign in with it now.`);
      setName("");
    },
  });
  const remove = trpc.passkeys.remove.useMutation({
    onSuccess: () => {
      setRemoving(null);
      notify("Passkey removed: it no longer signs you in.");
    },
  });
  const list = passkeys.data ?? [];

  return (
    <SectionCard
      id="passkeys-heading"
      title="Passkeys"
      description="Sign in with this device's fingerprint, face or screen lock instead of your password. Add a passkey on each device you use."
    >
      {supported ? (
        <OnceForm
          onSubmit={(event) => {
            event.preventDefault();
            const problem = nameProblem(name);
            setNameError(problem);
            if (!problem) add.mutate(name);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Passkey name"
              description="To tell your passkeys apart, such as the device it is on."
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
                Add a passkey
              </Button>
            </Group>
          </Stack>
        </OnceForm>
      ) : (
        <Text size="sm" c="dimmed">
          This browser cannot make passkeys.
        </Text>
      )}
      {add.isError ? (
        <ErrorAlert message="The passkey was not added.">
          {browserRefusal(add.error) ?? serverReason(add.error)}
        </ErrorAlert>
      ) : null}
      {passkeys.isError ? (
        <ErrorAlert message="Your passkeys could not be loaded." error={passkeys.error} />
      ) : null}
      {list.length > 0 ? (
        <ul className={classes.list} aria-label="Your passkeys">
          {list.map((passkey) => (
            <li key={passkey.id} className={classes.row} aria-label={passkey.name}>
              <div className={classes.what}>
                <Text fw={600}>{passkey.name}</Text>
                <Text size="sm" c="dimmed">
                  {passkeyDetails(passkey)}
                </Text>
              </div>
              <Group gap="xs">
                <Button
                  variant="default"
                  aria-label={`Rename the passkey ${passkey.name}`}
                  onClick={() => setRenaming(passkey)}
                >
                  Rename
                </Button>
                <Button
                  variant="default"
                  aria-label={`Remove the passkey ${passkey.name}`}
                  onClick={() => {
                    remove.reset();
                    setRemoving(passkey);
                  }}
                >
                  Remove
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      ) : passkeys.isSuccess ? (
        <Text size="sm" c="dimmed">
          No passkeys yet.
        </Text>
      ) : null}
      {renaming ? <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} /> : null}
      {removing ? (
        <ConfirmDialog
          title="Remove this passkey?"
          confirmLabel="Remove"
          pending={remove.isPending}
          error={remove.isError ? "The passkey was not removed." : null}
          cause={remove.error}
          onConfirm={() => remove.mutate({ id: removing.id })}
          onClose={() => setRemoving(null)}
        >
          {removing.name} will no longer sign you in. Remove it from the device too, in its passkey or
          password settings.
        </ConfirmDialog>
      ) : null}
    </SectionCard>
  );
}

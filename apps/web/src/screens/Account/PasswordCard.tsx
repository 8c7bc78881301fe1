import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import "../../styles/passwordInput";
import { useForm } from "@mantine/form";
import { ServerMessages } from "@club/shared";
import { NewPasswordField, RepeatPasswordField } from "../../components/AuthFields";
import { ErrorAlert } from "../../components/status";
import { appSession } from "../../lib/appSession";
import { notify } from "../../lib/notify";
import { serverReason } from "../../lib/serverReason";
import { trpc } from "../../lib/trpc";
import { newPasswordError, repeatError } from "../ResetPassword/newPassword";
import { OnceForm } from "../../components/OnceForm";
import { useT } from "../../lib/i18n";
import { accountMessages } from "./accountMessages";

/**
 * Change password: every other session ends at once; this device gets a new token pair from the
 * answer and stays logged in (its old tokens stop working too).
 */
export function PasswordCard() {
  const t = useT(accountMessages);
  const form = useForm({
    initialValues: { currentPassword: "", newPassword: "", repeat: "" },
    validate: {
      currentPassword: (value) => (value ? null : t("password.required")),
      newPassword: newPasswordError,
      repeat: (repeat, values) => repeatError(repeat, values.newPassword),
    },
  });
  const change = trpc.account.changePassword.useMutation({
    onSuccess: (pair) => {
      appSession.setTokens(pair);
      form.reset();
      notify(ServerMessages.passwordChanged);
    },
  });

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="password-heading">
      <OnceForm
        onSubmit={form.onSubmit(({ currentPassword, newPassword }) =>
          change.mutate({ currentPassword, newPassword }),
        )}
      >
        <Stack>
          <Title order={2} fz="lg" id="password-heading">
            {t("password.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("password.hint")}
          </Text>
          {change.isError ? (
            <ErrorAlert message={t("password.notChanged")}>{serverReason(change.error)}</ErrorAlert>
          ) : null}
          <PasswordInput
            label={t("password.current")}
            autoComplete="current-password"
            required
            {...form.getInputProps("currentPassword")}
          />
          <NewPasswordField label={t("password.new")} {...form.getInputProps("newPassword")} />
          <RepeatPasswordField {...form.getInputProps("repeat")} />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t("password.submit")}
            </Button>
          </Group>
        </Stack>
      </OnceForm>
    </Paper>
  );
}

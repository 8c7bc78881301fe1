import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { ServerMessages } from "@club/shared";
import { NewPasswordField, RepeatPasswordField } from "../../components/AuthFields";
import { AuthCard } from "../../components/AuthCard";
import { ErrorAlert } from "../../components/status";
import { authApi } from "../../lib/authScreens";
import { loginPath } from "../../lib/loginRedirect";
import { useSingleUseLink } from "../../lib/singleUseLink";
import { useTitle } from "../../lib/useTitle";
import { serverReason } from "../../lib/serverReason";
import type { LoginLocationState } from "../Login/LoginPage";
import { newPasswordError, repeatError } from "./newPassword";
import { OnceForm } from "../../components/OnceForm";
import { useT } from "../../lib/i18n";
import { authPagesMessages } from "../ForgotPassword/authPagesMessages";

/**
 * /reset-password?token=&email=, the emailed link: the new password twice, then to /login with the
 * email pre-filled (every session of the member has ended).
 */
export default function ResetPasswordPage() {
  const t = useT(authPagesMessages);
  useTitle(t("reset.title"));
  const navigate = useNavigate();
  const { token, email } = useSingleUseLink();
  const form = useForm({
    initialValues: { password: "", repeat: "" },
    validate: {
      password: newPasswordError,
      repeat: (repeat, values) => (repeatError(repeat, values.password) ? t("reset.differ") : null),
    },
  });
  const reset = useMutation({
    mutationFn: authApi.resetPassword,
    onSuccess: ({ message }) => {
      const state: LoginLocationState = { notice: message };
      void navigate(loginPath({ email }), { state, replace: true });
    },
  });
  const askAgain = email
    ? `/forgot-password?${new URLSearchParams({ email }).toString()}`
    : "/forgot-password";

  if (!token || !email) {
    return (
      <AuthCard title={t("reset.title")}>
        <Stack>
          <ErrorAlert message={ServerMessages.invalidReset} />
          <Text size="sm" ta="center" c="dimmed">
            <Anchor component={Link} to={askAgain} underline="always">
              {t("reset.askAgain")}
            </Anchor>
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("reset.title")} subtitle={t("reset.subtitle", { email })}>
      <OnceForm onSubmit={form.onSubmit(({ password }) => reset.mutate({ token, email, password }))}>
        <Stack>
          {reset.isError ? (
            <ErrorAlert message={t("reset.failed")}>
              {serverReason(reset.error)}{" "}
              <Anchor component={Link} to={askAgain} underline="always" fz="inherit">
                {t("reset.askAgain")}
              </Anchor>
            </ErrorAlert>
          ) : null}
          <NewPasswordField
            label={t("reset.newPassword")}
            data-autofocus
            {...form.getInputProps("password")}
          />
          <RepeatPasswordField {...form.getInputProps("repeat")} />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t("reset.submit")}
          </Button>
        </Stack>
      </OnceForm>
    </AuthCard>
  );
}

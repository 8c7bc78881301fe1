import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { ServerMessages } from "@club/shared";
import { NewPasswordField, RepeatPasswordField } from "../../components/AuthFields";
import { AuthCard } from "../../components/AuthCard";
import { ErrorAlert } from "../../components/status";
import { authApi } from "../../lib/appSession";
import { loginPath } from "../../lib/loginRedirect";
import { useSingleUseLink } from "../../lib/singleUseLink";
import { useTitle } from "../../lib/useTitle";
import { serverReason } from "../../lib/serverReason";
import type { LoginLocationState } from "../Login/LoginPage";
import { newPasswordError, repeatError } from "./newPassword";
import { OnceForm } from "../../components/OnceForm";

/**
 * /reset-password?token=&email=, the emailed link: the new password twice, then to /login with the
 * email pre-filled (every session of the member has ended).
 */
export default function ResetPasswordPage() {
  useTitle("Choose a new password");
  const navigate = useNavigate();
  const { token, email } = useSingleUseLink();
  const form = useForm({
    initialValues: { password: "", repeat: "" },
    validate: {
      password: newPasswordError,
      repeat: (repeat, values) => repeatError(repeat, values.password),
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
      <AuthCard title="Choose a new password">
        <Stack>
          <ErrorAlert message={ServerMessages.invalidReset} />
          <Text size="sm" ta="center" c="dimmed">
            <Anchor component={Link} to={askAgain} underline="always">
              Ask for a new link
            </Anchor>
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle={<>For {email}. You will be logged out everywhere.</>}>
      <OnceForm onSubmit={form.onSubmit(({ password }) => reset.mutate({ token, email, password }))}>
        <Stack>
          {reset.isError ? (
            <ErrorAlert message="The password was not changed.">
              {serverReason(reset.error)}{" "}
              <Anchor component={Link} to={askAgain} underline="always" fz="inherit">
                Ask for a new link
              </Anchor>
            </ErrorAlert>
          ) : null}
          <NewPasswordField label="New password" data-autofocus {...form.getInputProps("password")} />
          <RepeatPasswordField {...form.getInputProps("repeat")} />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Set new password
          </Button>
        </Stack>
      </OnceForm>
    </AuthCard>
  );
}

import { useState } from "react";
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import "../../styles/passwordInput";
import { schemaResolver, useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { LoginInputSchema, Messages, ResendConfirmationInputSchema, ServerMessages } from "@club/shared";
import { AuthCard } from "../../components/AuthCard";
import { InfoIcon } from "../../components/icons";
import { ErrorAlert } from "../../components/status";
import { appSession, authApi } from "../../lib/appSession";
import { httpStatusOf, isRateLimited } from "../../lib/errors";
import { useTitle } from "../../lib/useTitle";

/** Set by the registration screen when it sends the user here. */
export interface LoginLocationState {
  notice?: string;
}

export default function LoginPage() {
  useTitle("Login");
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as LoginLocationState | null)?.notice;
  const [resendError, setResendError] = useState<string | null>(null);

  const form = useForm({
    initialValues: { email: "", password: "" },
    validate: schemaResolver(LoginInputSchema, { sync: true }),
  });
  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: ({ accessToken, refreshToken, email }) => {
      appSession.login({ accessToken, refreshToken, email });
      void navigate("/");
    },
  });
  const resend = useMutation({ mutationFn: authApi.resendConfirmation });
  const notConfirmed = login.isError && httpStatusOf(login.error) === 403;
  // A rate-limited login is not a wrong password: say so, in the server's words.
  const rateLimited = login.isError && isRateLimited(login.error);

  const onResend = () => {
    const parsed = ResendConfirmationInputSchema.safeParse({ email: form.values.email });
    if (!parsed.success) {
      setResendError("Enter your email address above first.");
      return;
    }
    setResendError(null);
    resend.mutate(parsed.data);
  };

  return (
    <AuthCard title="Login" subtitle="Welcome back. Pour yourself a dram.">
      <form onSubmit={form.onSubmit((values) => login.mutate(values))}>
        <Stack>
          {notice ? (
            <Alert color="blue" variant="light" icon={<InfoIcon />} role="status">
              {notice}
            </Alert>
          ) : null}
          {login.isError ? (
            rateLimited ? (
              <ErrorAlert message={login.error.message || ServerMessages.tooManyRequests} />
            ) : (
              <ErrorAlert message={Messages.invalidCredentials}>
                {notConfirmed ? login.error.message : null}
              </ErrorAlert>
            )
          ) : null}
          <TextInput
            type="email"
            label="Email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps("password")}
          />
          <Button type="submit" fullWidth loading={login.isPending} mt="xs">
            Login
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            New to the club?{" "}
            <Anchor component={Link} to="/register" fw={600} underline="always">
              Create an account
            </Anchor>
          </Text>
          <Stack gap={6} align="center">
            <Button variant="subtle" size="compact-sm" onClick={onResend} loading={resend.isPending}>
              Resend confirmation email
            </Button>
            {resendError ? (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {resendError}
              </Text>
            ) : null}
            {resend.isSuccess ? (
              <Text size="sm" c="dimmed" ta="center" role="status">
                {resend.data.message}
              </Text>
            ) : null}
            {resend.isError ? (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                Could not send the confirmation email. Try again later.
              </Text>
            ) : null}
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}

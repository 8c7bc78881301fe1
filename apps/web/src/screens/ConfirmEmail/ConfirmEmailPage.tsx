import { useEffect, useRef } from "react";
import { Alert, Anchor, Loader, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { CONFIRM_REDIRECT_MS, Messages, ServerMessages } from "@club/shared";
import { AuthCard } from "../../components/AuthCard";
import { CheckIcon, InfoIcon } from "../../components/icons";
import { ErrorAlert } from "../../components/status";
import { authApi } from "../../lib/appSession";
import { loginPath } from "../../lib/loginRedirect";
import { useSingleUseLink } from "../../lib/singleUseLink";
import { useTitle } from "../../lib/useTitle";

/**
 * Reads token and email from the link, confirms once, shows the server's message (that the
 * membership now waits for an admin, under REGISTRATION=approval), then goes to /login after
 * 3 seconds with the email pre-filled.
 */
export default function ConfirmEmailPage() {
  useTitle("Confirm Email");
  const navigate = useNavigate();
  const { token, email } = useSingleUseLink();
  const valid = Boolean(token && email);
  const confirm = useMutation({ mutationFn: authApi.confirmEmail });
  const sent = useRef(false);
  const login = loginPath({ email });
  const waits = confirm.data?.message === ServerMessages.emailConfirmedPending;

  useEffect(() => {
    if (!valid || sent.current || !token || !email) return;
    sent.current = true; // once, even under StrictMode's double effects: the token is single use
    confirm.mutate({ token, email });
  }, [valid, token, email, confirm]);

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = window.setTimeout(() => void navigate(login), CONFIRM_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [confirm.isSuccess, navigate, login]);

  return (
    <AuthCard title="Email confirmation">
      {!valid ? (
        <ErrorAlert message={Messages.invalidConfirmationLink} />
      ) : confirm.isError ? (
        <Stack>
          <ErrorAlert message={Messages.emailConfirmationFailed}>{confirm.error.message}</ErrorAlert>
          <Text size="sm" ta="center" c="dimmed">
            Links expire after 24 hours. You can ask for a new one on the{" "}
            <Anchor component={Link} to={login} underline="always">
              login page
            </Anchor>
            .
          </Text>
        </Stack>
      ) : confirm.isSuccess ? (
        <Stack>
          <Alert
            color={waits ? "blue" : "green"}
            variant="light"
            icon={waits ? <InfoIcon /> : <CheckIcon />}
            role="status"
          >
            {confirm.data.message}
          </Alert>
          <Text size="sm" ta="center" c="dimmed">
            Taking you to the{" "}
            <Anchor component={Link} to={login} underline="always">
              login page
            </Anchor>{" "}
            in a moment…
          </Text>
        </Stack>
      ) : (
        <Stack align="center" gap="sm">
          <Loader aria-label="Loading" role="status" />
          <Text c="dimmed">Confirming your email address…</Text>
        </Stack>
      )}
    </AuthCard>
  );
}

import { useEffect, useRef } from "react";
import { Alert, Anchor, Loader, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { CONFIRM_REDIRECT_MS, Messages, ServerMessages } from "@club/shared";
import { AuthCard } from "../../components/AuthCard";
import { CheckIcon, InfoIcon } from "../../components/icons";
import { ErrorAlert } from "../../components/status";
import { authApi } from "../../lib/authScreens";
import { loginPath } from "../../lib/loginRedirect";
import { useSingleUseLink } from "../../lib/singleUseLink";
import { useTitle } from "../../lib/useTitle";
import { useT } from "../../lib/i18n";
import { authPagesMessages } from "../ForgotPassword/authPagesMessages";

/**
 * Reads token and email from the link, confirms once, shows the server's message (that the
 * membership now waits for an admin, under REGISTRATION=approval), then goes to /login after
 * 3 seconds with the email pre-filled.
 */
export default function ConfirmEmailPage() {
  const t = useT(authPagesMessages);
  useTitle(t("confirm.docTitle"));
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
    <AuthCard title={t("confirm.title")}>
      {!valid ? (
        <ErrorAlert message={Messages.invalidConfirmationLink} />
      ) : confirm.isError ? (
        <Stack>
          <ErrorAlert message={Messages.emailConfirmationFailed}>{confirm.error.message}</ErrorAlert>
          <Text size="sm" ta="center" c="dimmed">
            {t("confirm.expire")}{" "}
            <Anchor component={Link} to={login} underline="always">
              {t("confirm.loginPage")}
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
            {t("confirm.taking")}{" "}
            <Anchor component={Link} to={login} underline="always">
              {t("confirm.loginPage")}
            </Anchor>{" "}
            {t("confirm.inAMoment")}
          </Text>
        </Stack>
      ) : (
        <Stack align="center" gap="sm">
          <Loader aria-label={t("confirm.loading")} role="status" />
          <Text c="dimmed">{t("confirm.confirming")}</Text>
        </Stack>
      )}
    </AuthCard>
  );
}

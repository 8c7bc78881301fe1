import { useState } from "react";
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import "../../styles/passwordInput";
import { schemaResolver, useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { isSsoFailure, LoginInputSchema, ResendConfirmationInputSchema } from "@club/shared";
import { EmailField } from "../../components/AuthFields";
import { AuthCard, AuthCardLink } from "../../components/AuthCard";
import { InfoIcon } from "../../components/icons";
import { SsoButton } from "../../components/SsoButton";
import { ErrorAlert } from "../../components/status";
import { appSession } from "../../lib/appSession";
import { authApi } from "../../lib/authScreens";
import type { LoginResult } from "../../lib/authApi";
import { TWO_FACTOR_SETUP_PATH } from "../../lib/twoFactor";
import { safeNextPath } from "../../lib/loginRedirect";
import { useTitle } from "../../lib/useTitle";
import { loginFailure } from "./authFailure";
import { OnceForm } from "../../components/OnceForm";
import { SecondFactorForm } from "./SecondFactorForm";
import { PasskeySignIn } from "./PasskeySignIn";
import { authMessages, ssoFailureText } from "../../components/authMessages";
import { useT } from "../../lib/i18n";

/** Set by the screens that send the user here (registration, password reset). */
export interface LoginLocationState {
  notice?: string;
}

/**
 * /login?email=&next=: the email is pre-filled (after registering, confirming or resetting), and a
 * successful login goes to `next` when it is a page of this app (lib/loginRedirect.ts), else to /.
 */
export default function LoginPage() {
  const t = useT(authMessages);
  useTitle(t("loginTitle"));
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const notice = (location.state as LoginLocationState | null)?.notice;
  // Where a single sign-on ended when it did not sign the member in (/login?sso=REASON).
  const sso = params.get("sso");
  const ssoFailure = isSsoFailure(sso) ? sso : null;
  const [resendError, setResendError] = useState<string | null>(null);

  const form = useForm({
    initialValues: { email: params.get("email") ?? "", password: "" },
    validate: schemaResolver(LoginInputSchema, { sync: true }),
  });
  // The second step's token, after a right password of a member with two-factor sign-in.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const signedIn = ({ accessToken, refreshToken, email }: LoginResult) => {
    appSession.login({ accessToken, refreshToken, email });
    const next = safeNextPath(params.get("next"));
    // An admin or a treasurer whom the club requires to have two factors sets them up first.
    void authApi
      .twoFactorStatus(accessToken)
      .then((status) => (status.setupRequired ? TWO_FACTOR_SETUP_PATH : next))
      .catch(() => next)
      .then((path) => navigate(path, { replace: true }));
  };
  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: (answer) => {
      if ("mfaRequired" in answer) setMfaToken(answer.mfaToken);
      else signedIn(answer);
    },
  });
  const resend = useMutation({ mutationFn: authApi.resendConfirmation });
  const failure = login.isError ? loginFailure(login.error) : null;
  // One line per state, with its one action: the registration's notice until a login is tried
  // (with Resend: the email may not have come), then what that login said.
  const showNotice = notice !== undefined && !login.isError && !login.isSuccess;
  const offerResend = failure?.kind === "notConfirmed" || (showNotice && failure === null);

  const onResend = () => {
    const parsed = ResendConfirmationInputSchema.safeParse({ email: form.values.email });
    if (!parsed.success) {
      setResendError(t("enterEmailFirst"));
      return;
    }
    setResendError(null);
    resend.mutate(parsed.data);
  };

  const typedEmail = form.values.email.trim();
  const forgotPath = typedEmail
    ? `/forgot-password?${new URLSearchParams({ email: typedEmail }).toString()}`
    : "/forgot-password";

  if (mfaToken)
    return (
      <AuthCard title={t("twoFactorTitle")} subtitle={t("twoFactorSubtitle")}>
        <SecondFactorForm
          mfaToken={mfaToken}
          onSignedIn={signedIn}
          onBack={() => {
            setMfaToken(null);
            login.reset();
            form.setFieldValue("password", "");
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard title={t("loginTitle")} subtitle={t("loginSubtitle")}>
      <OnceForm onSubmit={form.onSubmit((values) => login.mutate(values))}>
        <Stack>
          {showNotice ? (
            <Alert color="blue" variant="light" icon={<InfoIcon />} role="status">
              {notice}
            </Alert>
          ) : null}
          {ssoFailure === "MEMBERSHIP_PENDING" ? (
            <Alert color="blue" variant="light" icon={<InfoIcon />} role="status">
              {ssoFailureText("MEMBERSHIP_PENDING")}
            </Alert>
          ) : ssoFailure ? (
            <ErrorAlert message={t("ssoFailed")}>{ssoFailureText(ssoFailure)}</ErrorAlert>
          ) : null}
          {failure?.kind === "rateLimited" ? <ErrorAlert message={failure.message} /> : null}
          {failure?.kind === "membership" && failure.waiting ? (
            <Alert color="blue" variant="light" icon={<InfoIcon />} role="alert">
              {failure.message}
            </Alert>
          ) : failure?.kind === "membership" ? (
            <ErrorAlert message={failure.message} />
          ) : null}
          {failure?.kind === "notConfirmed" ? (
            // The password was right: not the floor's 'Invalid credentials', only what is missing.
            <Alert color="blue" variant="light" icon={<InfoIcon />} role="alert">
              {failure.reason}
            </Alert>
          ) : null}
          {failure?.kind === "refused" ? (
            <ErrorAlert message={t("invalidCredentials")}>{failure.reason}</ErrorAlert>
          ) : null}
          {offerResend ? (
            <Stack gap={6} align="center">
              <Button variant="subtle" size="compact-sm" h={40} onClick={onResend} loading={resend.isPending}>
                {t("resend")}
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
                  {t("resendFailed")}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          <EmailField {...form.getInputProps("email")} />
          <PasswordInput
            label={t("password")}
            autoComplete="current-password"
            required
            {...form.getInputProps("password")}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to={forgotPath} size="sm" fw={600} py={10}>
              {t("forgotPassword")}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            {t("login")}
          </Button>
          <PasskeySignIn onSignedIn={signedIn} />
          <SsoButton next={params.get("next")} autoRedirect={!sso && !params.has("local")} />
          <AuthCardLink question={t("newToClub")} to="/register">
            {t("createAccount")}
          </AuthCardLink>
        </Stack>
      </OnceForm>
    </AuthCard>
  );
}

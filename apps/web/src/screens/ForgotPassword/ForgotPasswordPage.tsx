import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router-dom";
import { ForgotPasswordInputSchema } from "@club/shared";
import { EmailField } from "../../components/AuthFields";
import { AuthCard, AuthCardLink } from "../../components/AuthCard";
import { CheckIcon } from "../../components/icons";
import { ErrorAlert } from "../../components/status";
import { authApi } from "../../lib/authScreens";
import { loginPath } from "../../lib/loginRedirect";
import { useTitle } from "../../lib/useTitle";
import { serverReason } from "../../lib/serverReason";
import { OnceForm } from "../../components/OnceForm";
import { useT } from "../../lib/i18n";
import { authPagesMessages } from "./authPagesMessages";

/** /forgot-password?email=: asks for a link to choose a new password (valid one hour, emailed). */
export default function ForgotPasswordPage() {
  const t = useT(authPagesMessages);
  useTitle(t("forgot.title"));
  const [params] = useSearchParams();
  const form = useForm({
    initialValues: { email: params.get("email") ?? "" },
    validate: schemaResolver(ForgotPasswordInputSchema, { sync: true }),
  });
  const forgot = useMutation({ mutationFn: authApi.forgotPassword });

  return (
    <AuthCard title={t("forgot.title")} subtitle={t("forgot.subtitle")}>
      {forgot.isSuccess ? (
        <Stack>
          <Alert color="green" variant="light" icon={<CheckIcon />} role="status">
            {forgot.data.message}
          </Alert>
          <Text size="sm" ta="center" c="dimmed">
            {t("forgot.sentHint")}{" "}
            <Anchor
              component="button"
              type="button"
              onClick={() => forgot.reset()}
              underline="always"
              fz="sm"
            >
              {t("forgot.tryAgain")}
            </Anchor>
            .
          </Text>
          <Button component={Link} to={loginPath({ email: forgot.variables.email })} variant="default">
            {t("forgot.backToLogin")}
          </Button>
        </Stack>
      ) : (
        <OnceForm onSubmit={form.onSubmit((values) => forgot.mutate(values))}>
          <Stack>
            {forgot.isError ? (
              <ErrorAlert message={t("forgot.failed")}>{serverReason(forgot.error)}</ErrorAlert>
            ) : null}
            <EmailField data-autofocus {...form.getInputProps("email")} />
            <Button type="submit" fullWidth loading={forgot.isPending}>
              {t("forgot.submit")}
            </Button>
            <AuthCardLink
              question={t("forgot.remembered")}
              to={loginPath({ email: form.values.email.trim() || null })}
            >
              {t("forgot.logIn")}
            </AuthCardLink>
          </Stack>
        </OnceForm>
      )}
    </AuthCard>
  );
}

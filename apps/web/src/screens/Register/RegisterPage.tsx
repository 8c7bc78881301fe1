import { Button, Stack } from "@mantine/core";
import { authMessages } from "../../components/authMessages";
import { useT } from "../../lib/i18n";
import { schemaResolver, useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router-dom";
import { RegisterInputSchema } from "@club/shared";
import { EmailField, NameFields, NewPasswordField } from "../../components/AuthFields";
import { AuthCard, AuthCardLink } from "../../components/AuthCard";
import { SsoButton } from "../../components/SsoButton";
import { ErrorAlert } from "../../components/status";
import { authApi } from "../../lib/authScreens";
import { loginPath } from "../../lib/loginRedirect";
import { useTitle } from "../../lib/useTitle";
import { serverReason } from "../../lib/serverReason";
import type { LoginLocationState } from "../Login/LoginPage";
import { OnceForm } from "../../components/OnceForm";
import { validationErrors } from "../../lib/validationText";

const registerResolver = schemaResolver(RegisterInputSchema, { sync: true });

/**
 * /register, or /register?invite=TOKEN&email=ADDRESS from an invite link: the invite goes with the
 * registration, and an invite made for one address pre-fills that address and locks it.
 */
export default function RegisterPage() {
  const t = useT(authMessages);
  useTitle(t("registerTitle"));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invite = params.get("invite") || undefined;
  const invitedEmail = invite ? params.get("email") || null : null;

  const form = useForm({
    initialValues: { firstName: "", lastName: "", email: invitedEmail ?? "", password: "" },
    validate: (values) => validationErrors(registerResolver(values)),
  });
  const register = useMutation({
    mutationFn: authApi.register,
    onSuccess: ({ message }, { email }) => {
      const state: LoginLocationState = { notice: message };
      void navigate(loginPath({ email }), { state });
    },
  });
  const reason = register.isError ? serverReason(register.error) : null;

  return (
    <AuthCard title={t("registerTitle")} subtitle={invite ? t("invitedSubtitle") : t("joinSubtitle")}>
      <OnceForm
        onSubmit={form.onSubmit((values) =>
          register.mutate({ ...values, email: invitedEmail ?? values.email, ...(invite ? { invite } : {}) }),
        )}
      >
        <Stack>
          {register.isError ? <ErrorAlert message={t("registrationFailed")}>{reason}</ErrorAlert> : null}
          <NameFields firstName={form.getInputProps("firstName")} lastName={form.getInputProps("lastName")} />
          <EmailField
            readOnly={invitedEmail !== null}
            description={invitedEmail !== null ? t("inviteForAddress") : undefined}
            {...form.getInputProps("email")}
          />
          <NewPasswordField {...form.getInputProps("password")} />
          <Button type="submit" fullWidth loading={register.isPending} mt="xs">
            {t("register")}
          </Button>
          {/* An invite goes with a password registration only. */}
          {invite ? null : <SsoButton />}
          <AuthCardLink question={t("alreadyMember")} to="/login">
            {t("logIn")}
          </AuthCardLink>
        </Stack>
      </OnceForm>
    </AuthCard>
  );
}

import { useEffect, useState, type FormEvent } from "react";
import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { isAppCode, normaliseCode } from "@club/shared";
import { KeyIcon } from "../../components/icons";
import { OnceForm } from "../../components/OnceForm";
import { ErrorAlert } from "../../components/status";
import { authApi } from "../../lib/authScreens";
import type { LoginResult } from "../../lib/authApi";
import { browserHasPasskeys, browserRefusal, signWithPasskey } from "../../lib/passkeys";
import { serverReason } from "../../lib/serverReason";
import { loginFailure } from "./authFailure";
import { useT } from "../../lib/i18n";
import { authMessages } from "../../components/authMessages";

/**
 * The login's second step, for a member with two-factor sign-in: the authenticator app's code
 * (the phone's number pad, and its one-time-code suggestion), a recovery code typed as text, or
 * one of the member's passkeys (offered once the page has started in a browser that has them; the
 * WebAuthn library loads only when it is tapped).
 */
export function SecondFactorForm({
  mfaToken,
  onSignedIn,
  onBack,
}: {
  mfaToken: string;
  onSignedIn: (result: LoginResult) => void;
  onBack: () => void;
}) {
  const t = useT(authMessages);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const verify = useMutation({ mutationFn: authApi.loginTotp, onSuccess: onSignedIn });
  const [passkeys, setPasskeys] = useState(false);
  useEffect(() => setPasskeys(browserHasPasskeys()), []);
  const withPasskey = useMutation({
    mutationFn: async () => {
      const options = await authApi.passkeyOptions();
      return authApi.passkeyLogin({ response: await signWithPasskey(options), mfaToken });
    },
    onSuccess: onSignedIn,
  });
  const failure = verify.isError ? loginFailure(verify.error) : null;
  const refusal =
    failure?.kind === "rateLimited"
      ? failure.message
      : verify.error instanceof Error && verify.error.message
        ? verify.error.message
        : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = normaliseCode(code);
    if (recovery ? typed.length < 6 : !isAppCode(typed)) {
      setInvalid(recovery ? t("secondFactor.codeOrRecoveryFormat") : t("secondFactor.codeFormat"));
      return;
    }
    setInvalid(null);
    withPasskey.reset();
    verify.mutate({ mfaToken, code: typed });
  };

  return (
    <OnceForm onSubmit={onSubmit}>
      <Stack>
        <Text size="sm">{recovery ? t("secondFactor.recoveryHint") : t("secondFactor.appHint")}</Text>
        {verify.isError ? <ErrorAlert message={t("secondFactor.notSignedIn")}>{refusal}</ErrorAlert> : null}
        {recovery ? (
          <TextInput
            key="recovery"
            label={t("secondFactor.recoveryCode")}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            data-autofocus
            value={code}
            error={invalid}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        ) : (
          <TextInput
            key="app"
            label={t("secondFactor.appCode")}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            data-autofocus
            value={code}
            error={invalid}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        )}
        <Button type="submit" fullWidth loading={verify.isPending}>
          {t("secondFactor.verify")}
        </Button>
        {passkeys ? (
          <Button
            variant="default"
            fullWidth
            h={44}
            leftSection={<KeyIcon />}
            loading={withPasskey.isPending}
            onClick={() => {
              verify.reset();
              withPasskey.mutate();
            }}
          >
            {t("secondFactor.usePasskey")}
          </Button>
        ) : null}
        {withPasskey.isError ? (
          <ErrorAlert message={t("secondFactor.notSignedIn")}>
            {browserRefusal(withPasskey.error) ?? serverReason(withPasskey.error)}
          </ErrorAlert>
        ) : null}
        <Stack gap={4} align="center">
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            py={10}
            onClick={() => {
              setRecovery(!recovery);
              setCode("");
              setInvalid(null);
              verify.reset();
              withPasskey.reset();
            }}
          >
            {recovery ? t("secondFactor.useApp") : t("secondFactor.useRecovery")}
          </Anchor>
          <Anchor component="button" type="button" size="sm" py={10} onClick={onBack}>
            {t("secondFactor.back")}
          </Anchor>
        </Stack>
      </Stack>
    </OnceForm>
  );
}

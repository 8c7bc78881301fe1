import { useEffect, useState } from "react";
import { Button } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { KeyIcon } from "../../components/icons";
import { ErrorAlert } from "../../components/status";
import { authApi } from "../../lib/authScreens";
import type { LoginResult } from "../../lib/authApi";
import { browserHasPasskeys, browserRefusal, signWithPasskey } from "../../lib/passkeys";
import { serverReason } from "../../lib/serverReason";
import { useT } from "../../lib/i18n";
import { authMessages } from "../../components/authMessages";

/**
 * "Sign in with a passkey": the browser offers the passkeys it holds for the club (no email typed:
 * discoverable credentials), and the server's answer is the same session as a password login.
 * Shown once the page has started in a browser that has passkeys (the server's render has none).
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (result: LoginResult) => void }) {
  const t = useT(authMessages);
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(browserHasPasskeys()), []);
  const signIn = useMutation({
    mutationFn: async () => {
      const options = await authApi.passkeyOptions();
      return authApi.passkeyLogin({ response: await signWithPasskey(options) });
    },
    onSuccess: onSignedIn,
  });
  if (!supported) return null;
  return (
    <>
      <Button
        variant="default"
        fullWidth
        h={44}
        leftSection={<KeyIcon />}
        loading={signIn.isPending}
        onClick={() => signIn.mutate()}
      >
        {t("passkey.signIn")}
      </Button>
      {signIn.isError ? (
        <ErrorAlert message={t("passkey.notSignedIn")}>
          {browserRefusal(signIn.error) ?? serverReason(signIn.error)}
        </ErrorAlert>
      ) : null}
    </>
  );
}

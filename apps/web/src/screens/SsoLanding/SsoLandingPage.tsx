import { useEffect, useRef, useState } from "react";
import { Button, Loader, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { isSsoFailure } from "@club/shared";
import { ssoFailureText } from "../../components/authMessages";
import { AuthCard } from "../../components/AuthCard";
import { ErrorAlert } from "../../components/status";
import { appSession } from "../../lib/appSession";
import { authApi } from "../../lib/authScreens";
import { ApiError } from "../../lib/errors";
import { safeNextPath } from "../../lib/loginRedirect";
import { unreachable } from "../../lib/serverReason";
import { useTitle } from "../../lib/useTitle";
import { withBase } from "../../lib/basePath";
import { useT } from "../../lib/i18n";
import { authPagesMessages } from "../ForgotPassword/authPagesMessages";

/** The plain words for a failed exchange. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return unreachable();
  return isSsoFailure(error.code) ? ssoFailureText(error.code) : error.message || ssoFailureText("FAILED");
}

/**
 * /login/sso#code=...: where the server's single sign-on callback sends the browser. The one-time
 * code (in the fragment: never sent to a server, kept out of logs) is traded for the usual token
 * pair, stored as after a password login, and the page moves on to where the member was going.
 */
export default function SsoLandingPage() {
  const t = useT(authPagesMessages);
  useTitle(t("sso.docTitle"));
  const navigate = useNavigate();
  const [code] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get("code"));
  const started = useRef(false);
  const exchange = useMutation({
    mutationFn: authApi.ssoExchange,
    onSuccess: ({ accessToken, refreshToken, email, next }) => {
      appSession.login({ accessToken, refreshToken, email });
      void navigate(safeNextPath(next), { replace: true });
    },
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The code is good once: drop it from the address bar and the history.
    window.history.replaceState(window.history.state, "", withBase("/login/sso"));
    if (code) exchange.mutate(code);
  }, [code, exchange]);

  const failure = !code
    ? ssoFailureText("CODE_INVALID")
    : exchange.isError
      ? failureText(exchange.error)
      : null;
  return (
    <AuthCard title={t("sso.title")}>
      {failure ? (
        <Stack>
          <ErrorAlert message={t("sso.notSignedIn")}>{failure}</ErrorAlert>
          <Button component={Link} to="/login" fullWidth>
            {t("sso.backToLogin")}
          </Button>
        </Stack>
      ) : (
        <Stack align="center" role="status">
          <Loader aria-hidden />
          <Text>{t("sso.signingIn")}</Text>
        </Stack>
      )}
    </AuthCard>
  );
}

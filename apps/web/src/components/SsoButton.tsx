import { useEffect, useState } from "react";
import { Button, Divider } from "@mantine/core";
import type { SsoOptions } from "@club/shared";
import { authApi } from "../lib/authScreens";
import { UserIcon } from "./icons";
import { withBase } from "../lib/basePath";
import { useT } from "../lib/i18n";
import { commonMessages } from "./commonMessages";

// Asked once per page load: the server's settings do not change while it runs. A plain promise,
// not a query hook: importing react-query's useQuery here moved it out of the first screen's chunk.
let asked: Promise<SsoOptions | null> | null = null;
const ssoOptions = () => (asked ??= authApi.ssoOptions().catch(() => ((asked = null), null)));

/**
 * "Sign in with ..." beside the password form, when the server has single sign-on set up. A plain
 * link: the browser navigates to the server, which sends it on to the provider (no fetch, so the
 * Content-Security-Policy's connect-src stays 'self').
 */
const startHref = (next?: string | null) =>
  withBase(next ? `/auth/oidc/start?${new URLSearchParams({ next }).toString()}` : "/auth/oidc/start");

/**
 * `autoRedirect`: the login screen may go straight on to the provider when the server says so
 * (OIDC_AUTO_REDIRECT), as the server does for a page load of /login; the screen passes false for
 * /login?local=1 and after a refused sign-in.
 */
export function SsoButton({ next, autoRedirect = false }: { next?: string | null; autoRedirect?: boolean }) {
  const t = useT(commonMessages);
  const [options, setOptions] = useState<SsoOptions | null>(null);
  useEffect(() => {
    let live = true;
    void ssoOptions().then((answer) => {
      if (!live) return;
      if (autoRedirect && answer?.enabled && answer.autoRedirect) window.location.replace(startHref(next));
      else setOptions(answer);
    });
    return () => {
      live = false;
    };
  }, [autoRedirect, next]);
  if (!options?.enabled) return null;
  const href = startHref(next);
  return (
    <>
      <Divider label={t("or")} labelPosition="center" />
      <Button component="a" href={href} variant="default" fullWidth h={44} leftSection={<UserIcon />}>
        {options.label}
      </Button>
    </>
  );
}

import { Button, Divider } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { authApi } from "../lib/appSession";
import { UserIcon } from "./icons";

/**
 * "Sign in with ..." beside the password form, when the server has single sign-on set up. A plain
 * link: the browser navigates to the server, which sends it on to the provider (no fetch, so the
 * Content-Security-Policy's connect-src stays 'self').
 */
export function SsoButton({ next }: { next?: string | null }) {
  const options = useQuery({
    queryKey: ["ssoOptions"],
    queryFn: authApi.ssoOptions,
    staleTime: Infinity,
    retry: false,
  });
  if (!options.data?.enabled) return null;
  const href = next ? `/auth/oidc/start?${new URLSearchParams({ next }).toString()}` : "/auth/oidc/start";
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Button component="a" href={href} variant="default" fullWidth h={44} leftSection={<UserIcon />}>
        {options.data.label}
      </Button>
    </>
  );
}

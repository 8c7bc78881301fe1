import { useMemo, type ReactNode } from "react";
import { MantineProvider, type MantineColorSchemeManager } from "@mantine/core";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { trpc, type TrpcClient } from "./lib/trpc";
import { shellMessages } from "./components/shellMessages";
import { useT } from "./lib/i18n";
import { cssVariablesResolver, themeWith } from "./theme";

/**
 * The UI kit, the tRPC client and the query cache around the app: the browser's App and the
 * server's prerender of the library's first page (ssr/prerender.tsx) render inside the same ones.
 */
export function AppProviders({
  queryClient,
  trpcClient,
  colorSchemeManager,
  children,
}: {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  colorSchemeManager?: MantineColorSchemeManager;
  children: ReactNode;
}) {
  const t = useT(shellMessages);
  // A new theme (and a render of every part) only when the language changes.
  const close = t("close");
  const showOrHide = t("showOrHide");
  const theme = useMemo(() => themeWith({ close, showOrHide }), [close, showOrHide]);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="dark"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}

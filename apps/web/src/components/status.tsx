import { useSyncExternalStore, type ReactNode } from "react";
import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { refusalReason } from "../lib/validationText";
import { pwaState } from "../pwa/status";
import { AlertIcon } from "./icons";
import { useT } from "../lib/i18n";
import { commonMessages } from "./commonMessages";

import { EmptyMessage, PageLoader } from "./loader";

export { EmptyMessage, PageLoader };

/**
 * A load or save error: red alert, role alert, with the floor's message as its title and, when the
 * failed call is given, the server's reason under it ("A theme with this name already exists.").
 */
export function ErrorAlert({
  message,
  error,
  children,
}: {
  message: string;
  error?: unknown;
  children?: ReactNode;
}) {
  const reason = refusalReason(error);
  return (
    <Alert color="red" variant="light" role="alert" icon={<AlertIcon />} title={message}>
      {reason && reason !== message ? reason : null}
      {children}
    </Alert>
  );
}

/**
 * A screen's (or a section's) load error: the floor's red alert, except while the app is offline.
 * Offline, a read nobody kept (a page not seen before) is not an error of the club's:
 * it says so in plain words, beside the offline bar, instead of a red "Failed to fetch".
 * Offline is what the offline bar says (pwa/status.ts): the browser's word, or the service
 * worker's that it answered from what was seen last; a phone whose browser still says online
 * while nothing reaches the server is offline too.
 */
export function LoadError({ message }: { message: string }) {
  const offline = useSyncExternalStore(
    onConnectionChange,
    () => pwaState.get().offline || !navigator.onLine,
    () => false,
  );
  const t = useT(commonMessages);
  if (!offline) return <ErrorAlert message={message} />;
  return (
    <Alert color="gray" variant="light" role="status" title={t("pwa.notSeenOffline")}>
      {t("pwa.notSeenOfflineHint")}
    </Alert>
  );
}

function onConnectionChange(listener: () => void): () => void {
  const unsubscribe = pwaState.subscribe(listener);
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    unsubscribe();
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Shown for unknown routes and unknown ids. */
export function NotFound({ title, message }: { title?: string; message?: string }) {
  const t = useT(commonMessages);
  return (
    <Stack align="center" gap="sm" py={64} ta="center">
      <Text fz={64} fw={800} c="amber" lh={1} aria-hidden="true" ff="heading">
        404
      </Text>
      <Title order={1}>{title ?? t("notFound.title")}</Title>
      <Text c="dimmed" maw={440}>
        {message ?? t("notFound.message")}
      </Text>
      <Anchor component={Link} to="/" fw={600}>
        {t("notFound.home")}
      </Anchor>
    </Stack>
  );
}

/**
 * What a screen shows of one read: the spinner while it loads, the red alert saying `failed` when
 * it fails, `empty` (when given) for an empty list, else what `children` makes of the data.
 */
export function Loaded<T>({
  query,
  failed,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  failed: string;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined) return <LoadError message={failed} />;
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) {
    return <EmptyMessage>{empty}</EmptyMessage>;
  }
  return children(query.data);
}

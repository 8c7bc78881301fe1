import type { ReactNode } from "react";
import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { serverReason } from "../lib/errors";
import { AlertIcon } from "./icons";
import classes from "./status.module.css";

/**
 * Spinner shown while a screen or section loads: Mantine's dots Loader in plain elements
 * (status.module.css), as it is the first thing every screen renders.
 */
export function PageLoader({ py = 48 }: { py?: number }) {
  return (
    <div className={classes.center} style={{ paddingBlock: py }}>
      <span className={classes.dots} role="status" aria-label="Loading">
        <span className={classes.dot} />
        <span className={classes.dot} />
        <span className={classes.dot} />
      </span>
    </div>
  );
}

/**
 * A load or save error: red alert, role alert, with the spec's message as its title and, when the
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
  const reason = serverReason(error);
  return (
    <Alert color="red" variant="light" role="alert" icon={<AlertIcon />} title={message}>
      {reason && reason !== message ? reason : null}
      {children}
    </Alert>
  );
}

/** Shown for unknown routes and unknown ids. */
export function NotFound({ title = "Page not found", message }: { title?: string; message?: string }) {
  return (
    <Stack align="center" gap="sm" py={64} ta="center">
      <Text fz={64} fw={800} c="amber" lh={1} aria-hidden="true" ff="heading">
        404
      </Text>
      <Title order={1}>{title}</Title>
      <Text c="dimmed" maw={440}>
        {message ?? "The page you are looking for does not exist or has moved."}
      </Text>
      <Anchor component={Link} to="/" fw={600}>
        Back to Home
      </Anchor>
    </Stack>
  );
}

/** The centred message of an empty table or list. */
export function EmptyMessage({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {children}
    </Text>
  );
}

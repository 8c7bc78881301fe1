import type { ReactNode } from "react";
import { Text } from "@mantine/core";
import classes from "./status.module.css";
import shell from "../locales/en/shell.json";
import { defineMessages, useT } from "../lib/i18n";

// The shell's namespace, defined here rather than imported from shellMessages.ts: every screen's
// chunk reaches this module, and through it shellMessages.ts would move lib/i18n out of the
// first screen's main chunk into a chunk of its own (a second request, and its imports and exports).
const shellMessages = defineMessages("shell", shell);

/**
 * Spinner shown while a screen or section loads: Mantine's dots Loader in plain elements
 * (status.module.css), as it is the first thing every screen renders.
 */
export function PageLoader({ py = 48 }: { py?: number }) {
  const t = useT(shellMessages);
  return (
    <div className={classes.center} style={{ paddingBlock: py }}>
      <span className={classes.dots} role="status" aria-label={t("loading")}>
        <span className={classes.dot} />
        <span className={classes.dot} />
        <span className={classes.dot} />
      </span>
    </div>
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

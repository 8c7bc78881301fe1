import { useEffect, useState } from "react";

/**
 * Gives the focus back to the control that opened a dialog when the dialog goes away.
 * Our dialogs mount open and unmount to close, so Mantine's own returnFocus (on `opened` turning
 * false) never runs; keyboard and screen reader users were left at the top of the page. The opener
 * is read on the dialog's first render, before its focus trap moves the focus inside.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() =>
    typeof document !== "undefined" &&
    document.activeElement instanceof HTMLElement &&
    document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      if (!opener) return;
      // After the dialog (and its focus trap) has gone; not when another dialog took its place.
      requestAnimationFrame(() => {
        if (opener.isConnected && !document.querySelector('[role="dialog"]'))
          opener.focus({ preventScroll: true });
      });
    },
    [opener],
  );
}

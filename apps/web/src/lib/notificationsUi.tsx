// @mantine/notifications with its styles: loaded on the first toast (see lib/notify.ts and App.tsx).
import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { useEffect } from "react";
import { useMediaQuery } from "@mantine/hooks";
import {
  Notifications as MantineNotifications,
  notifications as mantineNotifications,
  useNotifications,
  type NotificationData,
} from "@mantine/notifications";
import classes from "../styles/notifications.module.css";

/** Every toast's close button has a name (axe: buttons must have discernible text). */
const named = (data: NotificationData): NotificationData => ({
  ...data,
  closeButtonProps: { "aria-label": "Close notification", ...data.closeButtonProps },
});

export const notifications = {
  ...mantineNotifications,
  show: (data: NotificationData) => mantineNotifications.show(named(data)),
  update: (data: NotificationData & { id: string }) => mantineNotifications.update(named(data)),
};

/** Phones: where the toasts move to the bottom (notifications.module.css has the same width). */
const PHONE = "(max-width: 40em)";

/**
 * A bar at the bottom of the screen says so with `data-bottom-bar` (the offline and new-version
 * bars, the score screen's pour buttons). While a toast shows, `--club-bottom-bars` on the root
 * is how far the highest of them reaches up from the screen's bottom: a phone's toasts sit above
 * it. Measured every frame while a toast shows (a bar can appear, grow or, sticky, scroll into
 * place meanwhile), never otherwise.
 */
function useBottomBarsOffset(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    let last = -1;
    let frame = 0;
    const measure = () => {
      let reach = 0;
      for (const bar of document.querySelectorAll("[data-bottom-bar]")) {
        const box = bar.getBoundingClientRect();
        if (box.height > 0 && box.top < window.innerHeight && box.bottom > 0)
          reach = Math.max(reach, window.innerHeight - box.top);
      }
      // Never more than half the screen: a bar in the middle of a short page is not at the bottom.
      reach = Math.round(Math.min(reach, window.innerHeight / 2));
      if (reach !== last) root.style.setProperty("--club-bottom-bars", `${reach}px`);
      last = reach;
      frame = requestAnimationFrame(measure);
    };
    measure();
    return () => {
      cancelAnimationFrame(frame);
      root.style.removeProperty("--club-bottom-bars");
    };
  }, [active]);
}

/**
 * Desktop: at the top, just below the header (a toast never covers a form's submit button).
 * Phone: at the bottom, above any bar there and the safe area (issue 22): at the top a toast
 * covered the header's menu button or the page's title and main buttons for its 6 s.
 */
export function Notifications() {
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const showing = useNotifications().notifications.length > 0;
  useBottomBarsOffset(phone && showing);
  return (
    <MantineNotifications
      position={phone ? "bottom-center" : "top-center"}
      classNames={{ root: classes.root }}
    />
  );
}

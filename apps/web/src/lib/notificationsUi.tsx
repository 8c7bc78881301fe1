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
import { currentLanguage, translate } from "./i18n";
import { commonMessages, type CommonKey } from "../components/commonMessages";

/** A toast's text in the language the app shows (a toast is made outside the screens' render). */
export const toastText = (key: CommonKey) => translate(currentLanguage(), commonMessages, key);

/** Every toast's close button has a name (axe: buttons must have discernible text). */
const named = (data: NotificationData): NotificationData => ({
  ...data,
  closeButtonProps: { "aria-label": toastText("toast.closeNotification"), ...data.closeButtonProps },
});

/**
 * One toast at a time: a new one takes the place of the one on screen (three stacked toasts of 6 s
 * covered a phone's bottom third). An Undo the newer toast pushes off stays on the Activity screen.
 */
export const notifications = {
  ...mantineNotifications,
  show: (data: NotificationData) => {
    mantineNotifications.clean();
    return mantineNotifications.show(named(data));
  },
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

/** What a person may tap next on the page: its links, buttons and fields. */
const TAPPABLE = "main a[href], main button, main input, main select, main textarea, main [role='button']";

/**
 * How long (in frames, about 2 s) a new toast keeps the controls clear: the write's screen is
 * refetched after its toast shows, and the page's new layout can move a control under it.
 */
const CLEAR_FRAMES = 120;

/**
 * A phone's toast is never over the next thing to tap. While it shows, the page can scroll as far
 * past its end as the toast is tall (`--club-toast-space`, global.css); when it appears over a
 * control in view, the page scrolls that control clear above it, for its first two seconds (a
 * control the person scrolls under it is theirs to see). Measured once the toast is on the page.
 */
function useClearOfToast(active: boolean, toastId: string | undefined) {
  useEffect(() => {
    if (!active || toastId === undefined) return;
    const root = document.documentElement;
    let frame = 0;
    let frames = 0;
    let lastTop = Number.NaN;
    // The person's own scrolling or typing ends it: what they move under the toast is theirs.
    let theirs = false;
    const stop = () => (theirs = true);
    const clear = () => {
      if (theirs || ++frames > CLEAR_FRAMES) return;
      frame = requestAnimationFrame(clear);
      // The newest (the last): the one it replaced may still be leaving.
      const toast = [...document.querySelectorAll(`.${classes.root} .mantine-Notification-root`)].at(-1);
      const box = toast?.getBoundingClientRect();
      // Mounted a frame after the store has it, then placed (and, with motion, slid in): measured
      // once it is wholly on screen and has stood still for a frame.
      const top = box && box.height > 0 && box.bottom <= window.innerHeight ? box.top : Number.NaN;
      const still = !Number.isNaN(top) && top === lastTop;
      lastTop = top;
      if (!still) return;
      root.style.setProperty("--club-toast-space", `${Math.ceil(window.innerHeight - top) + 8}px`);
      let under = 0;
      for (const el of document.querySelectorAll(TAPPABLE)) {
        const rect = el.getBoundingClientRect();
        if (rect.height === 0 || rect.bottom <= top || rect.top >= window.innerHeight) continue;
        // One taller than the room above the toast cannot be cleared: leave the page where it is.
        if (rect.height < top) under = Math.max(under, rect.bottom - top + 8);
      }
      if (under > 0) window.scrollBy({ top: under, behavior: "instant" });
    };
    frame = requestAnimationFrame(clear);
    const events = ["touchmove", "wheel", "keydown"] as const;
    for (const type of events) window.addEventListener(type, stop, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      for (const type of events) window.removeEventListener(type, stop);
      root.style.removeProperty("--club-toast-space");
    };
  }, [active, toastId]);
}

/**
 * Desktop: at the top, just below the header (a toast never covers a form's submit button).
 * Phone: at the bottom, above any bar there and the safe area: at the top a toast
 * covered the header's menu button or the page's title and main buttons for its 6 s.
 */
export function Notifications() {
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const shown = useNotifications().notifications;
  const showing = shown.length > 0;
  useBottomBarsOffset(phone && showing);
  useClearOfToast(phone, shown[0]?.id);
  return (
    <MantineNotifications
      limit={1}
      position={phone ? "bottom-center" : "top-center"}
      classNames={{ root: classes.root }}
    />
  );
}

// @mantine/notifications with its styles: loaded on the first toast (see lib/notify.ts and App.tsx).
import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { Notifications as MantineNotifications } from "@mantine/notifications";
import classes from "../styles/notifications.module.css";

import { notifications as mantineNotifications, type NotificationData } from "@mantine/notifications";

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

/** At the top, just below the header: a toast never covers a form's submit button. */
export function Notifications() {
  return <MantineNotifications position="top-center" classNames={{ root: classes.root }} />;
}

// @mantine/notifications with its styles: loaded on the first toast (see lib/notify.ts and App.tsx).
import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { Notifications as MantineNotifications } from "@mantine/notifications";
import classes from "../styles/notifications.module.css";

export { notifications } from "@mantine/notifications";

/** At the top, just below the header: a toast never covers a form's submit button. */
export function Notifications() {
  return <MantineNotifications position="top-center" classNames={{ root: classes.root }} />;
}

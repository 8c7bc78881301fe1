// @mantine/notifications with its styles: loaded on the first toast (see lib/notify.ts and App.tsx).
import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";

export { Notifications, notifications } from "@mantine/notifications";

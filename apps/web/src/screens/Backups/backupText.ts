import type { MessageValues } from "@club/shared";
import backups from "../../locales/en/backups.json";
import { currentFormatLocale, currentLanguage, defineMessages, translate } from "../../lib/i18n";

/** Sizes and times of the Backups screen, and its texts: src/locales/<language>/backups.json. */
export const backupsMessages = defineMessages("backups", backups);
const t = (key: keyof typeof backups, values?: MessageValues) =>
  translate(currentLanguage(), backupsMessages, key, values);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "Mon, 23 Nov 2026, 03:00" in the club's time zone (the server's BACKUP_SCHEDULE zone). */
export function formatWhen(iso: string, timeZone: string): string {
  // English as the screen always wrote it (day before month, 24 hours); another language its own way.
  const locale = currentLanguage() === "en" ? "en-GB" : currentFormatLocale();
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

/** BACKUP_SCHEDULE in words where it is a common one; the cron line otherwise. */
export function describeSchedule(schedule: string | null): string {
  if (schedule === null) return t("off");
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(schedule);
  if (daily) return t("daily", { time: `${daily[2]?.padStart(2, "0")}:${daily[1]?.padStart(2, "0")}` });
  return t("cron", { schedule });
}

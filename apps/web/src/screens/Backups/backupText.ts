/** Sizes and times of the Backups screen. */

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "Mon, 23 Nov 2026, 03:00" in the club's time zone (the server's BACKUP_SCHEDULE zone). */
export function formatWhen(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
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
  if (schedule === null) return "Scheduled backups are off (BACKUP_SCHEDULE=off).";
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(schedule);
  if (daily) return `Every day at ${daily[2]?.padStart(2, "0")}:${daily[1]?.padStart(2, "0")}.`;
  return `On the schedule ${schedule} (cron).`;
}

import { describe, expect, it } from "vitest";
import { describeSchedule, formatBytes, formatWhen } from "./backupText";

describe("backup texts", () => {
  it("says a daily schedule in words, any other as cron, and off", () => {
    expect(describeSchedule("0 3 * * *")).toBe("Every day at 03:00.");
    expect(describeSchedule("30 1 * * 0")).toBe("On the schedule 30 1 * * 0 (cron).");
    expect(describeSchedule(null)).toBe("Scheduled backups are off (BACKUP_SCHEDULE=off).");
  });
  it("sizes and times", () => {
    expect(formatBytes(800)).toBe("800 B");
    expect(formatBytes(200 * 1024)).toBe("200 KB");
    expect(formatBytes(3.25 * 1024 * 1024)).toBe("3.3 MB");
    expect(formatWhen("2026-11-24T09:00:00.000Z", "America/Chicago")).toBe("Tue, 24 Nov 2026, 03:00");
  });
});

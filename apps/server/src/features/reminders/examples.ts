import type { Examples } from "../../../test/fuzz/fixtures";
import { signRsvpToken } from "./links";

export const examples: Examples = {
  procedures: {
    "reminders.rsvpByLink": async (c) => ({
      token: await signRsvpToken(
        c.t.app.deps.config,
        { memberId: c.f.member.user.id, meetingId: c.f.upcomingMeetingId },
        new Date("3000-01-01T00:00:00Z"),
      ),
      status: c.n() % 2 ? "maybe" : "going",
    }),
    "reminders.preferences": () => undefined,
    "reminders.setPreferences": (c) => ({ meetingReminders: c.n() % 2 === 0, duesReminders: true }),
  },
};

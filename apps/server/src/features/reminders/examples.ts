import type { Examples } from "../../../test/fuzz/fixtures";
import { signRsvpToken } from "./links";

export const examples: Examples = {
  procedures: {
    "reminders.rsvpByLink": {
      access: "public",
      input: async (c) => ({
        token: await signRsvpToken(
          c.t.app.deps.config,
          { memberId: c.f.member.user.id, meetingId: c.f.upcomingMeetingId },
          new Date("3000-01-01T00:00:00Z"),
        ),
        status: c.n() % 2 ? "maybe" : "going",
      }),
    },
    "reminders.preferences": { access: "member", input: () => undefined },
    "reminders.setPreferences": {
      access: "member",
      input: (c) => ({ meetingReminders: c.n() % 2 === 0, duesReminders: true }),
    },
  },
};

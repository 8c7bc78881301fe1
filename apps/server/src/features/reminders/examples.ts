import type { EndpointCtx, Examples } from "../../../test/fuzz/fixtures";
import { signRsvpToken } from "./links";

/** The fixture member's answer link for the meeting to come. */
const linkToken = (c: EndpointCtx) =>
  signRsvpToken(
    c.t.app.deps.config,
    { memberId: c.f.member.user.id, meetingId: c.f.upcomingMeetingId },
    new Date("3000-01-01T00:00:00Z"),
  );

export const examples: Examples = {
  procedures: {
    "reminders.rsvpLink": { access: "public", input: (c) => ({ token: linkToken(c) }) },
    "reminders.rsvpByLink": {
      access: "public",
      input: (c) => ({ token: linkToken(c), status: c.n() % 2 ? "maybe" : "going" }),
    },
    "reminders.preferences": { access: "member", input: () => undefined },
    "reminders.setPreferences": {
      access: "member",
      input: (c) => ({ meetingReminders: c.n() % 2 === 0, duesReminders: true }),
    },
  },
};

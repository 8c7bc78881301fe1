import type { Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "calendar.next": () => undefined,
  },
  rest: {
    "GET /calendar.ics": () => ({}),
    "GET /api/MonthlyMeetings/:id/Calendar": (c) => ({ params: { id: String(c.f.meetingId) } }),
  },
};

import type { Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "calendar.next": { access: "public", input: () => undefined },
    "calendar.links": { access: "public", input: (c) => ({ id: c.f.meetingId }) },
  },
  rest: {
    "GET /calendar.ics": { access: "public", call: () => ({}) },
    "GET /api/MonthlyMeetings/:id/Calendar": {
      access: "public",
      call: (c) => ({ params: { id: String(c.f.meetingId) } }),
    },
  },
};

import type { Examples } from "../../../test/fuzz/fixtures";
import { monthIn } from "../../platform/clubTime";

export const examples: Examples = {
  procedures: {
    "club.settings": { access: "public", input: () => undefined },
    "club.updateSettings": {
      access: "admin",
      input: (c) => ({
        name: "Whiskey Tasting Club",
        currency: "USD",
        monthlyDues: 12,
        joiningFee: 40,
        duesFromMonth: monthIn(c.t.app.deps.config.clubTimezone, c.t.app.deps.now()),
        waiverMaxMonths: 6,
        waiverMinMembershipMonths: 12,
        meetingWeekday: 5,
        meetingWeekOfMonth: 2,
        meetingTime: "19:00",
      }),
    },
  },
};

import { newBottleId, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "meetings.list": () => undefined,
    "meetings.byId": (c) => ({ id: c.f.meetingId }),
    "meetings.create": (c) => ({ date: "2024-07-12", hostName: `Host ${c.n()}`, themeId: c.f.themeId }),
    "meetings.addBottle": async (c) => ({ meetingId: c.f.meetingId, bottleId: await newBottleId(c) }),
  },
};

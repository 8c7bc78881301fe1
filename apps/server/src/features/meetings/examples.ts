import { newBottleId, newMeetingId, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "meetings.list": { access: "public", input: () => undefined },
    "meetings.byId": { access: "public", input: (c) => ({ id: c.f.meetingId }) },
    "meetings.create": {
      access: "member",
      input: (c) => ({ date: "2998-10-09", hostName: `Host ${c.n()}`, themeId: c.f.themeId }),
    },
    "meetings.addBottle": {
      access: "member",
      input: async (c) => ({ meetingId: c.f.meetingId, bottleId: await newBottleId(c) }),
    },
    "meetings.update": {
      access: "author",
      input: (c) => ({
        id: c.f.meetingId,
        date: "2024-05-10",
        hostName: `Host ${c.n()}`,
        themeId: c.f.themeId,
      }),
    },
    "meetings.delete": { access: "author", input: async (c) => ({ id: await newMeetingId(c) }) },
    "meetings.removeBottle": {
      access: "member",
      input: async (c) => {
        const bottleId = await newBottleId(c);
        await c.t.caller(c.f.member.user).meetings.addBottle({ meetingId: c.f.meetingId, bottleId });
        return { id: c.f.meetingId, bottleId };
      },
    },
  },
};

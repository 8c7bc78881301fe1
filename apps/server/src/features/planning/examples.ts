import type { EndpointCtx, Examples } from "../../../test/fuzz/fixtures";
import { dateIn } from "../../platform/clubTime";

/**
 * A meeting of today's, created by the fixtures' member (who runs its night): its vote is open.
 * A new one for each call, so a closed vote or a vote taken never makes a later call a refusal.
 */
export async function newMeetingOfToday(c: EndpointCtx): Promise<number> {
  const deps = c.t.app.deps;
  const meeting = await c.t.caller(c.f.member.user).meetings.create({
    date: dateIn(deps.config.clubTimezone, deps.now()),
    hostName: `Vote night ${c.n()}`,
    themeId: c.f.themeId,
  });
  return meeting.id;
}

export const examples: Examples = {
  procedures: {
    "planning.volunteers": { access: "member", input: (c) => ({ id: c.f.meetingId }) },
    "planning.volunteer": { access: "member", input: async (c) => ({ id: await newMeetingOfToday(c) }) },
    "planning.withdraw": {
      access: "member",
      input: async (c) => {
        const id = await newMeetingOfToday(c);
        await c.t.caller(c.f.member.user).planning.volunteer({ id });
        return { id };
      },
    },
    "planning.themeVote": { access: "member", input: (c) => ({ id: c.f.meetingId }) },
    "planning.vote": {
      access: "member",
      input: async (c) => ({ id: await newMeetingOfToday(c), themeId: c.f.themeId }),
    },
    "planning.close": {
      access: "author",
      input: async (c) => {
        const id = await newMeetingOfToday(c);
        const caller = c.t.caller(c.f.member.user);
        await caller.planning.volunteer({ id });
        await caller.planning.vote({ id, themeId: c.f.themeId });
        return { id };
      },
    },
    "messages.list": { access: "member", input: (c) => ({ id: c.f.meetingId }) },
    "messages.send": {
      access: "author",
      input: async (c) => ({
        id: c.f.meetingId,
        to: c.n() % 2 === 0 ? ("going" as const) : ("all" as const),
        subject: `Bring a glass ${c.n()}`,
        text: "We start at seven.",
      }),
    },
  },
};

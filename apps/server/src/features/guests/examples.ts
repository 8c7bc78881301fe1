import { newBottleId, type EndpointCtx, type Examples } from "../../../test/fuzz/fixtures";
import { newMeetingOfToday } from "../planning/examples";

/** A meeting to come, created by the fixtures' member (its host), with one pour. */
export async function newUpcomingMeeting(c: EndpointCtx): Promise<number> {
  const caller = c.t.caller(c.f.member.user);
  const meeting = await caller.meetings.create({
    date: "2999-11-12",
    hostName: `Guest night ${c.n()}`,
    themeId: c.f.themeId,
  });
  await caller.meetings.addBottle({ meetingId: meeting.id, bottleId: await newBottleId(c) });
  return meeting.id;
}

/** A guest who joined a new meeting to come (its code opened by the host). */
export async function newGuest(c: EndpointCtx) {
  const meetingId = await newUpcomingMeeting(c);
  const { code } = await c.t.caller(c.f.member.user).guests.openCode({ id: meetingId });
  const joined = await c.t.caller(null).guests.join({ code, firstName: `Guest ${c.n()}` });
  return { ...joined, code };
}

export const examples: Examples = {
  procedures: {
    "guests.openCode": { access: "author", input: async (c) => ({ id: await newUpcomingMeeting(c) }) },
    "guests.closeCode": {
      access: "author",
      input: async (c) => {
        const id = await newUpcomingMeeting(c);
        await c.t.caller(c.f.member.user).guests.openCode({ id });
        return { id };
      },
    },
    // A new meeting each time: a meeting takes 30 guests.
    "guests.join": {
      access: "public",
      input: async (c) => {
        const id = await newUpcomingMeeting(c);
        const { code } = await c.t.caller(c.f.member.user).guests.openCode({ id });
        return { code, firstName: `Guest ${c.n()}`, guestOf: "Fixture member" };
      },
    },
    "guests.list": { access: "author", input: (c) => ({ id: c.f.upcomingMeetingId }) },
    // A new meeting each time: a meeting takes 30 guests.
    "guests.add": {
      access: "author",
      input: async (c) => ({
        id: await newUpcomingMeeting(c),
        firstName: `Paper ${c.n()}`,
        guestOf: "Fixture member",
      }),
    },
    "guests.scores": {
      access: "author",
      input: async (c) => {
        const guest = await newGuest(c);
        return { id: guest.meetingId, guestId: guest.guestId };
      },
    },
    "guests.setScore": {
      access: "author",
      input: async (c) => {
        const guest = await newGuest(c);
        return {
          id: guest.meetingId,
          guestId: guest.guestId,
          pour: 1,
          nose: 20,
          palate: 18 + (c.n() % 5),
          finish: 19,
          balance: 20,
          note: "From the paper sheet.",
          tags: ["honey"],
        };
      },
    },
    // Tonight's guest who left an address: a new one each time (an invite goes once).
    "guests.invite": {
      access: "author",
      input: async (c) => {
        const id = await newMeetingOfToday(c);
        const { code } = await c.t.caller(c.f.member.user).guests.openCode({ id });
        const n = c.n();
        const joined = await c.t
          .caller(null)
          .guests.join({ code, firstName: `Guest ${n}`, email: `guest${n}@example.com` });
        return { id, guestId: joined.guestId };
      },
    },
    "guests.remove": {
      access: "author",
      input: async (c) => {
        const guest = await newGuest(c);
        return { id: guest.meetingId, guestId: guest.guestId };
      },
    },
  },
};

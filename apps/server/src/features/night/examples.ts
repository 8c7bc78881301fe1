import { newBottleId, type Examples } from "../../../test/fuzz/fixtures";
import { newUpcomingMeeting } from "../guests/examples";

export const examples: Examples = {
  procedures: {
    "night.get": { access: "public", input: (c) => ({ id: c.f.meetingId }) },
    "night.rsvp": {
      access: "member",
      input: (c) => ({ id: c.f.upcomingMeetingId, status: "going", guests: c.n() % 2 }),
    },
    "night.rsvps": { access: "public", input: (c) => ({ id: c.f.upcomingMeetingId }) },
    "night.myRsvp": { access: "member", input: (c) => ({ id: c.f.upcomingMeetingId }) },
    "night.hostCandidates": { access: "member", input: () => undefined },
    "night.settings": {
      access: "author",
      input: (c) => ({
        id: c.f.meetingId,
        capacity: 10 + (c.n() % 10),
        blind: false,
        scoringOpen: true,
        hostMemberId: null,
      }),
    },
    // Always a change: the fixture pour's size flips between 25 and 30 ml, and the flight is never
    // empty beforehand, so a fuzzed `pours: []` clears something too.
    "night.setFlight": {
      access: "author",
      input: async (c) => {
        const caller = c.t.caller(c.f.member.user);
        let [first] = await caller.night.flight({ id: c.f.meetingId });
        if (!first) {
          await caller.night.setFlight({
            id: c.f.meetingId,
            pours: [{ bottleId: c.f.bottleId, pourMl: 25 }],
          });
          [first] = await caller.night.flight({ id: c.f.meetingId });
        }
        return {
          id: c.f.meetingId,
          pours: [{ bottleId: c.f.bottleId, pourMl: first?.pourMl === 25 ? 30 : 25 }],
        };
      },
    },
    // Always a change: a new meeting of the fixture member's with one new bottle, copied into
    // the fixture meeting's flight (appended; replace would take the fixture's scores along).
    "night.copyFlight": {
      access: "author",
      input: async (c) => {
        const caller = c.t.caller(c.f.member.user);
        const from = await caller.meetings.create({
          date: "2001-02-03",
          hostName: `Copy ${c.n()}`,
          themeId: c.f.themeId,
        });
        await caller.meetings.addBottle({ meetingId: from.id, bottleId: await newBottleId(c) });
        return { id: c.f.meetingId, fromMeetingId: from.id, mode: "append" as const };
      },
    },
    "night.flight": { access: "public", input: (c) => ({ id: c.f.meetingId }) },
    // Other routes' fuzzing may have closed scoring on the shared meeting or emptied its flight:
    // open and fill it again first, so the valid call stays valid whatever ran before.
    "night.score": {
      access: "member",
      input: async (c) => {
        const caller = c.t.caller(c.f.member.user);
        const night = await caller.night.get({ id: c.f.meetingId });
        if (!night.scoringOpen)
          await caller.night.settings({
            id: c.f.meetingId,
            capacity: night.capacity,
            blind: night.blind,
            scoringOpen: true,
            hostMemberId: night.hostMemberId,
          });
        if ((await caller.night.flight({ id: c.f.meetingId })).length === 0)
          await caller.night.setFlight({
            id: c.f.meetingId,
            pours: [{ bottleId: c.f.bottleId, pourMl: 25 }],
          });
        return {
          id: c.f.meetingId,
          pour: 1,
          nose: 20,
          palate: 18 + (c.n() % 5),
          finish: 19,
          balance: 20,
          note: "Honeyed, a long finish.",
          tags: ["honey", "vanilla"],
        };
      },
    },
    "night.myScores": { access: "member", input: (c) => ({ id: c.f.meetingId }) },
    // A pour not revealed yet: a new one at the end of the flight.
    // A meeting of its own each time: adding a pour to the fixtures' meeting per case took its
    // flight past FLIGHT_MAX_POURS at 200 cases, and the valid call became a 400.
    "night.reveal": { access: "author", input: async (c) => ({ id: await newUpcomingMeeting(c), pour: 1 }) },
    // A blind pour revealed, to hide again: a meeting of its own each time.
    "night.hide": {
      access: "author",
      input: async (c) => {
        const id = await newUpcomingMeeting(c);
        const caller = c.t.caller(c.f.member.user);
        await caller.night.settings({
          id,
          capacity: null,
          blind: true,
          scoringOpen: true,
          hostMemberId: null,
        });
        await caller.night.reveal({ id, pour: 1 });
        return { id, pour: 1 };
      },
    },
    "night.results": { access: "public", input: (c) => ({ id: c.f.meetingId }) },
    "night.phase": {
      access: "author",
      input: (c) => ({ id: c.f.meetingId, pour: 1, phase: "nose", seconds: 60 + (c.n() % 60) }),
    },
    "night.tastings": { access: "member", input: () => undefined },
    "night.tasteProfile": { access: "member", input: () => undefined },
    "night.bottlePours": { access: "public", input: (c) => ({ id: c.f.bottleId }) },
    "night.clubScores": { access: "public", input: () => undefined },
  },
  rest: {
    "GET /api/MonthlyMeetings/:id/Results.csv": {
      access: "member",
      call: (c) => ({ params: { id: String(c.f.meetingId) } }),
    },
  },
};

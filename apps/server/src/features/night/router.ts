import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  BottleIdSchema,
  BottlePourSchema,
  ClubScoreSchema,
  FlightCopyInputSchema,
  FlightCopyResultSchema,
  FlightInputSchema,
  FlightPourSchema,
  HidePourInputSchema,
  HostCandidateSchema,
  MeetingIdSchema,
  MeetingNightSchema,
  MeetingSettingsInputSchema,
  MyRsvpSchema,
  MyScoreSchema,
  PhaseInputSchema,
  PourResultSchema,
  RevealInputSchema,
  RsvpInputSchema,
  RsvpResultSchema,
  RsvpSchema,
  ScoreInputSchema,
  TasteProfileSchema,
  TastingSchema,
} from "@club/shared";
import { OkSchema } from "../../kernel/openapiSchemas";
import {
  cachedReadProcedure,
  guestReadProcedure,
  memberProcedure,
  publicProcedure,
  tasterProcedure,
} from "../../kernel/trpc";
import { viewerAt } from "../../policy/viewer";
import { meetingOrThrow } from "./access";
import { setPhase } from "./phase";
import { copyFlight, getFlight, hide, reveal, setFlight } from "./flight";
import { getBottlePours, getClubScores, getResults } from "./results";
import { getMyRsvp, getRsvps, setRsvp } from "./rsvp";
import { getMyScores, getTastings, setScore } from "./scores";
import { getTasteProfile } from "./taste";
import { getHostCandidates, getNight, updateSettings } from "./settings";

/** Meeting nights: RSVP, the flight, scores, blind tastings with a live reveal, results. */
export const nightRouter = {
  get: guestReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/Night" },
      doc: {
        summary: "A meeting's night settings",
        description:
          "Capacity, blind, scoring open, the linked host, whether the caller runs the night, who the caller is (member, guest, visitor) and the host's phase `{pour, phase, endsAt}` (null: no phases). A guest pass may read its own meeting's (403 for another).",
        response: MeetingNightSchema,
        responseDescription: "The settings.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getNight(ctx, input)),

  rsvp: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id/Rsvp" },
      doc: {
        summary: "Answer for a meeting",
        description:
          "going, maybe or declined, with 0-3 guests. When the meeting is full a going answer joins the waitlist; when someone cancels, the first waiting gets the place and an email. 409 for a meeting that is over.",
        response: RsvpResultSchema,
        responseDescription: "The answer and the waitlist position (null: a place).",
        errors: [404, 409],
      },
    })
    .input(RsvpInputSchema)
    .mutation(({ ctx, input }) => setRsvp(ctx, input)),

  rsvps: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/Rsvps" },
      doc: {
        summary: "Who is coming",
        description:
          "Members see who answered (names); visitors get the same answers without names (`member` null): the counts.",
        response: z.array(RsvpSchema),
        responseDescription: "The answers, in the order they were given.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getRsvps(ctx, input)),

  myRsvp: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/MyRsvp" },
      doc: {
        summary: "Your answer for a meeting",
        description: "Your status (null until you answer), guests and place on the waitlist.",
        response: MyRsvpSchema,
        responseDescription: "Your answer.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getMyRsvp(ctx, input)),

  hostCandidates: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Members/HostCandidates" },
      doc: {
        summary: "Members who may host a night",
        description: "Confirmed, active members by name, for the host picker of a night's settings.",
        response: z.array(HostCandidateSchema),
        responseDescription: "The members.",
      },
    })
    .query(({ ctx }) => getHostCandidates(ctx)),

  settings: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id/Settings" },
      doc: {
        summary: "Set a meeting's capacity, blind tasting, scoring and host",
        description: "The host (the linked member, or the meeting's creator) or an admin.",
        response: OkSchema,
        responseDescription: "Saved.",
        errors: [403, 404],
      },
    })
    .input(MeetingSettingsInputSchema)
    .mutation(({ ctx, input }) => updateSettings(ctx, input)),

  setFlight: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id/Flight" },
      doc: {
        summary: "Set the line-up",
        description:
          "The pours in order, each a library bottle and its pour size in ml (default 25). The host or an admin. A pour taken out takes its scores along (undo brings them back).",
        response: OkSchema,
        responseDescription: "Saved.",
        errors: [403, 404],
      },
    })
    .input(FlightInputSchema)
    .mutation(({ ctx, input }) => setFlight(ctx, input)),

  copyFlight: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/:id/Flight/Copy" },
      doc: {
        summary: "Copy the flight of a past meeting",
        description:
          '`{fromMeetingId, mode: "replace"|"append"}` (default append): the other meeting\'s pours (bottles, order, pour sizes) replace this flight or follow it (a bottle already in it is not added twice). Each change is its own activity entry, as with `PUT .../Flight`, and can be undone. The host or an admin. 409 for the same meeting, a meeting without pours, one with blind pours not revealed yet (unless the caller hosts it), or more than 30 pours.',
        response: FlightCopyResultSchema,
        responseDescription: "The flight's pours now, and how many were copied.",
        errors: [403, 404, 409],
      },
    })
    .input(FlightCopyInputSchema)
    .mutation(({ ctx, input }) => copyFlight(ctx, input)),

  flight: guestReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/Flight" },
      doc: {
        summary: "The line-up",
        description:
          "Pour by pour. At a blind tasting a pour's `bottle` is null until the host reveals it (the host and admins see it). A guest pass may read its own meeting's (403 for another).",
        response: z.array(FlightPourSchema),
        responseDescription: "The pours in order.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getFlight(ctx, input)),

  score: tasterProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id/Scores/:pour" },
      doc: {
        summary: "Score a pour",
        description:
          "Nose, palate, finish and balance (0-25 each), a note, flavour tags and, at a blind tasting, a guess of the ABV, type and region. Saving again replaces the taster's score. 409 once the host closed scoring. A member, or a guest with a guest pass of this meeting (403 for another).",
        response: MyScoreSchema,
        responseDescription: "The score as saved.",
        errors: [403, 404, 409],
      },
    })
    .input(ScoreInputSchema)
    .mutation(({ ctx, input }) => setScore(ctx, input)),

  myScores: tasterProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/MyScores" },
      doc: {
        summary: "Your scores of a meeting",
        description: "A member's, or a guest's with a guest pass of this meeting (403 for another).",
        response: z.array(MyScoreSchema),
        responseDescription: "By pour.",
        errors: [403, 404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getMyScores(ctx, input)),

  phase: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/MonthlyMeetings/:id/Phase" },
      doc: {
        summary: "Set the room's pour and phase",
        description:
          "`{pour, phase, seconds?}`: the current pour and its phase (pour, nose, palate, finish, score, or null), with an optional timer. `pour: null` turns phases off. The host or an admin. The night read and the live stream carry `{pour, phase, endsAt}`.",
        response: OkSchema,
        responseDescription: "Set; every open page hears of it.",
        errors: [403, 404],
      },
    })
    .input(PhaseInputSchema)
    .mutation(({ ctx, input }) => setPhase(ctx, input)),

  reveal: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/:id/Reveal" },
      doc: {
        summary: "Reveal a blind pour, or all",
        description:
          "`{pour}` for one, `{}` for every pour not revealed yet. The host or an admin. Every open page hears of it at once. 409 when there is nothing left to reveal.",
        response: OkSchema,
        responseDescription: "Revealed.",
        errors: [403, 404, 409],
      },
    })
    .input(RevealInputSchema)
    .mutation(({ ctx, input }) => reveal(ctx, input)),

  hide: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/MonthlyMeetings/:id/Hide" },
      doc: {
        summary: "Hide a revealed blind pour again",
        description:
          '`{pour}`: a reveal taken back (tapped by mistake): the pour is "Dram N" again on every page, its bottle and others\' scores hidden until it is revealed again. The host or an admin. 409 when the pour is not revealed, or the night is not blind.',
        response: OkSchema,
        responseDescription: "Hidden; every open page hears of it.",
        errors: [403, 404, 409],
      },
    })
    .input(HidePourInputSchema)
    .mutation(({ ctx, input }) => hide(ctx, input)),

  results: guestReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/MonthlyMeetings/:id/Results" },
      doc: {
        summary: "The night's results",
        description:
          "Per pour, once its results show (`shown`: a blind pour's after its reveal, an open night's after the host closes scoring unless the host chose live results; before that every figure is null, for every reader): average, median, min and max total, how many scored, each part's average, rank (once every pour's results show), and for a revealed blind pour who guessed closest and each taster's total, guests marked `guest: true` with their first name only (members only: null for visitors and guests); the room's palate: `trimmedAverage` (the highest and lowest total left out from 5 scores on), `tags` as counts, `consensus` (the tags more than half of the tasters gave) and `notes` (`by` a member's full name or a guest's first name; members only: empty for visitors and guests). A blind pour's bottle is null until revealed. A guest pass may read its own meeting's (403 for another).",
        response: z.array(PourResultSchema),
        responseDescription: "Per pour, in the flight's order.",
        errors: [404],
      },
    })
    .input(MeetingIdSchema)
    .query(({ ctx, input }) => getResults(ctx, input)),

  tastings: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Me/Tastings" },
      doc: {
        summary: "Your tasting journal",
        description: "Every pour you scored, with your notes, newest first.",
        response: z.array(TastingSchema),
        responseDescription: "Your tastings.",
      },
    })
    .query(({ ctx }) => getTastings(ctx)),

  tasteProfile: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Me/TasteProfile" },
      doc: {
        summary: "Your taste",
        description:
          "From your scores on pours whose results show: your average by drink type and by country (best first) beside the room's on the same pours, your most given flavour tags, your best scored bottles, and your average against the room's.",
        response: TasteProfileSchema,
        responseDescription: "Your taste profile.",
      },
    })
    .query(({ ctx }) => getTasteProfile(ctx)),

  bottlePours: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Bottles/:id/PouredAt" },
      doc: {
        summary: "Where a bottle was poured",
        description: "The meetings it was poured at, with the club's average score each time, newest first.",
        response: z.array(BottlePourSchema),
        responseDescription: "The pours.",
      },
    })
    .input(BottleIdSchema)
    .query(({ ctx, input }) => getBottlePours(ctx, input)),

  clubScores: cachedReadProcedure
    .meta({
      rest: { method: "GET", path: "/api/Bottles/ClubScores" },
      doc: {
        summary: "Every scored bottle's club score",
        description: "The average total of its pours' scores (blind pours once revealed).",
        response: z.array(ClubScoreSchema),
        responseDescription: "The scores.",
      },
    })
    .query(({ ctx }) => getClubScores(ctx)),

  /**
   * The live stream of a meeting (server-sent events): what changed, not the data. Over HTTP it is
   * served by app/liveStreams.ts (caps per address, per member and in all; a 404 before the
   * stream for an unknown meeting); this declaration gives the web app its type and serves
   * in-process callers.
   */
  events: guestReadProcedure.input(MeetingIdSchema).subscription(async function* ({ ctx, input, signal }) {
    meetingOrThrow(ctx, input.id);
    await viewerAt(ctx, input.id);
    yield { kind: "settings" as const };
    yield* ctx.events.listen(input.id, signal);
  }),
} satisfies TRPCRouterRecord;

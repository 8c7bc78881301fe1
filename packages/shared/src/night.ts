import { z } from "zod";
import { ValidationMessages } from "./validationMessages";
import { ABV_MAX, ABV_MIN } from "./constants";
import { GuestCodeSchema } from "./guests";
import { BodyIdSchema, IdSchema, IsoDateSchema, TimestampSchema } from "./common";
import { BottleListItemSchema } from "./bottles";
import { RoomNoteSchema, TagCountSchema } from "./palate";
import { type ActivityActions } from "./activity";

/** The classic four-part scale: each part 0-25, the total out of 100. */
export const SCORE_PART_MAX = 25;
export const SCORE_PARTS = ["nose", "palate", "finish", "balance"] as const;
export type ScorePart = (typeof SCORE_PARTS)[number];

/** The fixed flavour wheel members tag a pour with. */
export const FLAVOUR_TAGS = [
  "peaty",
  "smoky",
  "medicinal",
  "cereal",
  "floral",
  "fruity",
  "citrus",
  "dried fruit",
  "winey/sherry",
  "vanilla",
  "honey",
  "spicy",
  "woody",
  "nutty",
  "chocolate",
  "sulphury",
  "feinty",
] as const;
export type FlavourTag = (typeof FLAVOUR_TAGS)[number];

export const RSVP_STATUSES = ["going", "maybe", "declined"] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
export const RSVP_MAX_GUESTS = 3;
export const DEFAULT_POUR_ML = 25;
export const FLIGHT_MAX_POURS = 30;

const MeetingRef = { id: IdSchema };

export const RsvpInputSchema = z.object({
  ...MeetingRef,
  status: z.enum(RSVP_STATUSES, { error: ValidationMessages.rsvpStatus }),
  guests: z.number().int().min(0).max(RSVP_MAX_GUESTS, ValidationMessages.rsvpGuests).default(0),
});
export type RsvpInput = z.infer<typeof RsvpInputSchema>;

export const RsvpResultSchema = z.object({
  status: z.enum(RSVP_STATUSES),
  /** 1 for the first on the waitlist; null when the member has a place (or is not going). */
  waitlistPosition: z.number().int().nullable(),
});

export const RsvpSchema = z.object({
  /** Who answered: members see it; null for visitors (members' data is for members). */
  member: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  status: z.enum(RSVP_STATUSES),
  guests: z.number().int(),
  waitlistPosition: z.number().int().nullable(),
});
export type Rsvp = z.infer<typeof RsvpSchema>;

export const MeetingSettingsInputSchema = z.object({
  ...MeetingRef,
  capacity: z.number().int().min(1).max(1000).nullable(),
  blind: z.boolean(),
  scoringOpen: z.boolean(),
  hostMemberId: BodyIdSchema.nullable(),
  /** Guests' scores count in the bottles' club scores; unchanged when absent. */
  guestsInClubScore: z.boolean().optional(),
  /** An open night's results show while scoring is open; unchanged when absent. */
  liveResults: z.boolean().optional(),
});
export type MeetingSettingsInput = z.infer<typeof MeetingSettingsInputSchema>;

// ---- The host's phases ----

export const PHASE_NAMES = ["pour", "nose", "palate", "finish", "score"] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];
export const PHASE_SECONDS_MAX = 3600;

export const PhaseInputSchema = z.object({
  id: IdSchema,
  /** The current pour; null turns phases off (the night works as without them). */
  pour: z.number().int().min(1).max(FLIGHT_MAX_POURS).nullable(),
  phase: z.enum(PHASE_NAMES, { error: ValidationMessages.phase }).nullable(),
  /** A timer for the phase, in seconds. */
  seconds: z.number().int().min(1).max(PHASE_SECONDS_MAX).optional(),
});
export type PhaseInput = z.infer<typeof PhaseInputSchema>;

/** Where the host has the room: carried by the night read and the live stream. */
export const PhaseSchema = z.object({
  pour: z.number().int(),
  phase: z.enum(PHASE_NAMES).nullable(),
  /** When the phase's timer ends; null without a timer. */
  endsAt: TimestampSchema.nullable(),
});
export type Phase = z.infer<typeof PhaseSchema>;

/** A meeting's night settings, as GET /api/MonthlyMeetings/{id}/Night shows them. */
export const MeetingNightSchema = z.object({
  id: z.number().int(),
  date: IsoDateSchema,
  capacity: z.number().int().nullable(),
  blind: z.boolean(),
  scoringOpen: z.boolean(),
  hostMemberId: z.number().int().nullable(),
  host: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  /** The caller runs this night (the linked host, the meeting's creator, or an admin). */
  isHost: z.boolean(),
  /** The meeting's date is today or later (in the club's time zone): members can answer. */
  upcoming: z.boolean(),
  /** Guests' scores count in the bottles' club scores. */
  guestsInClubScore: z.boolean(),
  /** An open night's results show while scoring is open (default: once the host closes scoring). */
  liveResults: z.boolean(),
  /** Where the host has the room; null: no phases. */
  phase: PhaseSchema.nullable(),
  /** The caller: a member, a guest of this meeting, or a visitor. */
  viewer: z.enum(["member", "guest", "visitor"]),
  /** The open guest code: the host's and admins' eyes only; null otherwise. */
  guestCode: GuestCodeSchema.nullable(),
  /** A guest's own first name (the caller is a guest); null otherwise. */
  guestName: z.string().nullable(),
});
export type MeetingNight = z.infer<typeof MeetingNightSchema>;

export const FlightInputSchema = z
  .object({
    ...MeetingRef,
    pours: z
      .array(
        z.object({
          bottleId: BodyIdSchema,
          pourMl: z.number().int().min(5).max(200).default(DEFAULT_POUR_ML),
        }),
      )
      .max(FLIGHT_MAX_POURS, ValidationMessages.flightPours),
  })
  .refine((v) => new Set(v.pours.map((p) => p.bottleId)).size === v.pours.length, {
    message: ValidationMessages.bottleOnce,
    path: ["pours"],
  });
export type FlightInput = z.infer<typeof FlightInputSchema>;

/** "Copy the flight of a past meeting": its pours, in order, replace or follow this one's. */
export const FLIGHT_COPY_MODES = ["replace", "append"] as const;
export const FlightCopyInputSchema = z.object({
  ...MeetingRef,
  fromMeetingId: BodyIdSchema,
  mode: z.enum(FLIGHT_COPY_MODES, { error: ValidationMessages.copyMode }).default("append"),
});
export type FlightCopyInput = z.infer<typeof FlightCopyInputSchema>;

export const FlightCopyResultSchema = z.object({
  /** How many pours the flight has now. */
  pours: z.number().int(),
  /** How many of the other meeting's pours were added (a bottle already in the flight is not). */
  copied: z.number().int(),
});
export type FlightCopyResult = z.infer<typeof FlightCopyResultSchema>;

/**
 * What a pour reveals about its bottle (null while it is a blind "Dram N"): the library list's
 * fields. Its own object (not the same one), so the OpenAPI document keeps its component name.
 */
export const PourBottleSchema = BottleListItemSchema.extend({});
export type PourBottle = z.infer<typeof PourBottleSchema>;

/** A pour as the flight and the results name it: its number, its label and what it reveals. */
const PourHead = {
  pour: z.number().int(),
  /** "Dram 1", "Dram 2"... */
  label: z.string(),
  bottle: PourBottleSchema.nullable(),
  revealed: z.boolean(),
};

export const FlightPourSchema = z.object({
  ...PourHead,
  pourMl: z.number().int(),
});
export type FlightPour = z.infer<typeof FlightPourSchema>;

export const PourRefSchema = z.object({
  ...MeetingRef,
  pour: z.coerce.number().int().min(1).max(FLIGHT_MAX_POURS),
});

const ScorePartSchema = z
  .number({ error: ValidationMessages.scorePart })
  .int(ValidationMessages.scoreWhole)
  .min(0, ValidationMessages.scorePart)
  .max(SCORE_PART_MAX, ValidationMessages.scorePart);

export const GuessSchema = z.object({
  abv: z.number().min(ABV_MIN).max(ABV_MAX).nullable().optional(),
  drinkTypeId: BodyIdSchema.nullable().optional(),
  stateId: BodyIdSchema.nullable().optional(),
});

export const ScoreInputSchema = PourRefSchema.extend({
  nose: ScorePartSchema,
  palate: ScorePartSchema,
  finish: ScorePartSchema,
  balance: ScorePartSchema,
  note: z.string().trim().max(1000).default(""),
  tags: z
    .array(z.enum(FLAVOUR_TAGS))
    .max(FLAVOUR_TAGS.length)
    .refine((tags) => new Set(tags).size === tags.length, ValidationMessages.tagOnce)
    .default([]),
  /** Blind nights: the member's guess of the pour's ABV, type and region. */
  guess: GuessSchema.nullable().optional(),
});
export type ScoreInput = z.infer<typeof ScoreInputSchema>;

export const MyScoreSchema = z.object({
  pour: z.number().int(),
  nose: z.number().int(),
  palate: z.number().int(),
  finish: z.number().int(),
  balance: z.number().int(),
  total: z.number().int(),
  note: z.string(),
  tags: z.array(z.string()),
  guess: z
    .object({
      abv: z.number().nullable(),
      drinkTypeId: z.number().nullable(),
      stateId: z.number().nullable(),
    })
    .nullable(),
  updatedAt: TimestampSchema,
});
export type MyScore = z.infer<typeof MyScoreSchema>;

export const RevealInputSchema = z.object({
  ...MeetingRef,
  /** One pour; absent: every pour at once. */
  pour: z.number().int().min(1).max(FLIGHT_MAX_POURS).optional(),
});

/** POST /api/MonthlyMeetings/{id}/Hide: a revealed blind pour back to "Dram N". */
export const HidePourInputSchema = z.object({
  ...MeetingRef,
  pour: z.number().int().min(1).max(FLIGHT_MAX_POURS),
});

const PartsSchema = z.object({
  nose: z.number().nullable(),
  palate: z.number().nullable(),
  finish: z.number().nullable(),
  balance: z.number().nullable(),
});

/** A taster: a member (first and last name) or a guest (first name only, lastName ""). */
const WhoSchema = z.object({ firstName: z.string(), lastName: z.string(), guest: z.boolean() });

/** One taster's score of a pour (the results' rows; members only). */
export const TasterRowSchema = WhoSchema.extend({
  /** Whose guest they are (guests only). */
  guestOf: z.string().nullable(),
  total: z.number().int(),
});
export type TasterRow = z.infer<typeof TasterRowSchema>;

export const PourResultSchema = z.object({
  ...PourHead,
  average: z.number().nullable(),
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  count: z.number().int(),
  /**
   * Whether the pour's results show: a blind pour's once revealed, an open night's once the host
   * closes scoring (or at once with live results). Until then every figure is null, for everyone.
   */
  shown: z.boolean(),
  parts: PartsSchema,
  /** 1 for the night's best average; null without scores, and until every pour's results show. */
  rank: z.number().int().nullable(),
  /** Blind pours once revealed: who guessed the ABV closest, and who named the type or region. */
  guesses: z
    .object({
      closestAbv: z.array(WhoSchema.extend({ guess: z.number(), off: z.number() })),
      rightType: z.array(WhoSchema),
      rightRegion: z.array(WhoSchema),
    })
    .nullable(),
  /**
   * Each taster's total, best first: members and guests, guests marked. Members only
   * (null for visitors and guests); a hidden pour's rows stay null until it is revealed.
   */
  tasters: z.array(TasterRowSchema).nullable(),
  /**
   * The average with the highest and lowest total left out when the pour has TRIM_MIN_SCORES
   * scores or more (else the plain average); null until the results show.
   */
  trimmedAverage: z.number().nullable(),
  /** The tasters' notes, members' by name (members only; empty for visitors and guests and until the results show). */
  notes: z.array(RoomNoteSchema),
  /** The flavour tags given, with how many tasters gave each, most first; empty until the results show. */
  tags: z.array(TagCountSchema),
  /** The consensus flavour profile: the tags more than half of the tasters gave. */
  consensus: z.array(z.string()),
});
export type PourResult = z.infer<typeof PourResultSchema>;

export const TastingSchema = z.object({
  meeting: z.object({ id: z.number().int(), date: IsoDateSchema, theme: z.string() }),
  pour: z.number().int(),
  label: z.string(),
  bottle: PourBottleSchema.nullable(),
  total: z.number().int(),
  parts: z.object({ nose: z.number(), palate: z.number(), finish: z.number(), balance: z.number() }),
  note: z.string(),
  tags: z.array(z.string()),
  at: TimestampSchema,
});
export type Tasting = z.infer<typeof TastingSchema>;

/** A bottle's pours at meetings (its page): the club's average each time. */
export const BottlePourSchema = z.object({
  meeting: z.object({ id: z.number().int(), date: IsoDateSchema, theme: z.string() }),
  pour: z.number().int(),
  average: z.number().nullable(),
  count: z.number().int(),
});
export type BottlePour = z.infer<typeof BottlePourSchema>;

export const ClubScoreSchema = z.object({
  bottleId: z.number().int(),
  clubScore: z.number(),
  count: z.number().int(),
});
export type ClubScore = z.infer<typeof ClubScoreSchema>;

/** What the meeting's live stream says happened: clients fetch what changed. */
export const MeetingEventSchema = z.object({
  kind: z.enum(["rsvp", "settings", "flight", "scores", "reveal", "phase", "guests"]),
  pour: z.number().int().optional(),
  /** A "phase" event: where the host has the room now (null: phases off). */
  phase: PhaseSchema.nullable().optional(),
});
export type MeetingEvent = z.infer<typeof MeetingEventSchema>;

/** The caller's own answer for a meeting (status null: not answered yet). */
export const MyRsvpSchema = z.object({
  status: z.enum(RSVP_STATUSES).nullable(),
  guests: z.number().int(),
  waitlistPosition: z.number().int().nullable(),
});
export type MyRsvp = z.infer<typeof MyRsvpSchema>;

/** A member the host may link as the night's host. */
export const HostCandidateSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
});
export type HostCandidate = z.infer<typeof HostCandidateSchema>;

/** The meeting night's actions in the activity log. */
export const NIGHT_ACTIONS = [
  "night.setFlight",
  "night.copyFlight",
  "night.reveal",
  "night.hide",
  "night.score",
  "night.settings",
  "night.rsvp",
  "night.phase",
] as const satisfies ActivityActions<"night">;

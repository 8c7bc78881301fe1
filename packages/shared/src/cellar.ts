import { z } from "zod";
import { IdSchema, IsoDateSchema, PastDateInputSchema } from "./common";
import { ValidationMessages } from "./validationMessages";
import { type ActivityActions } from "./activity";

/**
 * The cellar's arithmetic, shared by the server's queries and the screens.
 * A bottle's status: "open" when a purchase is opened and not finished, else "sealed" when a
 * purchase is not finished, else "finished" when it was bought at all, else "never_bought".
 */
export const BOTTLE_STATUSES = ["sealed", "open", "finished", "never_bought"] as const;
export type BottleStatus = (typeof BOTTLE_STATUSES)[number];

/** A bottle's status in words: the library's rows and filter, and the bottles export's column. */
export const BOTTLE_STATUS_LABELS: Record<BottleStatus, string> = {
  open: "Open",
  sealed: "Sealed",
  finished: "Finished",
  never_bought: "Never bought",
};

/** A bottle's size when nobody said otherwise, in ml. */
export const DEFAULT_BOTTLE_ML = 700;
/** A pour when the flight does not say otherwise, in ml (meeting_bottles.pour_ml's default). */
export const STANDARD_POUR_ML = 25;

/** Price per standard pour in cents: price / (size / 25 ml), rounded to the cent. */
export const costPerPourCents = (priceCents: number, sizeMl: number): number =>
  Math.round((priceCents * STANDARD_POUR_ML) / Math.max(sizeMl, 1));

/* ---- The cellar's inputs and answers ---- */

/** The smallest and largest bottle the club may record, in ml (a miniature to a 5 l jug). */
export const BOTTLE_ML_MIN = 50;
export const BOTTLE_ML_MAX = 5000;
/**
 * How many people a meeting pour is counted for when nobody scored it and nobody answered "going"
 * (docs/decisions.md, "The cellar's estimates").
 */
export const DEFAULT_TASTERS = 8;

/** What the server and the screens say about the cellar. */
export const CellarMessages = {
  bottleSize: ValidationMessages.bottleSize,
  fillLevel: ValidationMessages.fillLevel,
  openedBeforePurchase: ValidationMessages.openedBeforePurchase,
  finishedBeforeOpened: ValidationMessages.finishedBeforeOpened,
  alreadyOpen: "This purchase is already open.",
  alreadyFinished: "This purchase is already finished.",
  notOpen: "Only an open bottle has a fill level: open it first.",
} as const;

/** A bottle's size in ml: a whole number from 50 to 5000. */
export const BottleSizeSchema = z
  .number({ error: CellarMessages.bottleSize })
  .int(CellarMessages.bottleSize)
  .min(BOTTLE_ML_MIN, CellarMessages.bottleSize)
  .max(BOTTLE_ML_MAX, CellarMessages.bottleSize);

/** A fill level in whole percent, 0 to 100. */
export const FillLevelSchema = z
  .number({ error: CellarMessages.fillLevel })
  .int(CellarMessages.fillLevel)
  .min(0, CellarMessages.fillLevel)
  .max(100, CellarMessages.fillLevel);

/** Where an open bottle's fill level comes from: the meeting pours, or a member's reading. */
export const LEVEL_SOURCES = ["estimate", "reading"] as const;
export const LevelSourceSchema = z.enum(LEVEL_SOURCES);
export type LevelSource = z.infer<typeof LevelSourceSchema>;

/** PUT /api/BottleInstances/{id}/Open: the purchase is opened (today when no date is sent). */
export const OpenInstanceInputSchema = z.object({
  id: IdSchema,
  openedDate: PastDateInputSchema.optional(),
});
export type OpenInstanceInput = z.infer<typeof OpenInstanceInputSchema>;

/** PUT /api/BottleInstances/{id}/Level: a member's reading of an open bottle's fill level, as of today. */
export const SetLevelInputSchema = z.object({ id: IdSchema, levelPct: FillLevelSchema });
export type SetLevelInput = z.infer<typeof SetLevelInputSchema>;

/** One open bottle on the shelf (GET /api/Shelf). Money in dollars. */
export const ShelfItemSchema = z.object({
  bottleId: z.number().int(),
  name: z.string(),
  brand: z.string().nullable(),
  instanceId: z.number().int(),
  openedDate: IsoDateSchema,
  fillLevelPct: z.number().int(),
  levelSource: LevelSourceSchema,
  sizeMl: z.number().int(),
  costPerPour: z.number(),
  price: z.number(),
});
export type ShelfItem = z.infer<typeof ShelfItemSchema>;

/** The cellar's actions in the activity log. */
export const CELLAR_ACTIONS = ["cellar.open", "cellar.setLevel"] as const satisfies ActivityActions<"cellar">;

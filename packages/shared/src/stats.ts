import { z } from "zod";

/** GET /api/Stats: the figures the Stats screen draws, every one an SQL aggregate. */
const SpendSchema = z.object({
  /** "YYYY-MM" or "YYYY". */
  period: z.string(),
  purchases: z.number().int(),
  /** Money in dollars (integer cents in the database). */
  dollars: z.number(),
});
const CountSchema = z.object({ name: z.string(), bottles: z.number().int() });
const AverageSchema = z.object({
  name: z.string(),
  /** The club's average total score (0-100) over its visible pours, one decimal. */
  average: z.number(),
  scores: z.number().int(),
});
const PouredSchema = z.object({ bottleId: z.number().int(), name: z.string(), pours: z.number().int() });
const ValueSchema = z.object({
  bottleId: z.number().int(),
  name: z.string(),
  clubScore: z.number(),
  /** Dollars per standard 25 ml pour. */
  costPerPour: z.number(),
  /** Club score points per dollar of a pour: the higher, the better the value. */
  pointsPerDollar: z.number(),
});
const MemberActivitySchema = z.object({
  /** First name and last initial ("Ann L."): the read is public. */
  name: z.string(),
  comments: z.number().int(),
  purchases: z.number().int(),
  scores: z.number().int(),
  /** Meetings at which they scored a pour. */
  meetingsAttended: z.number().int(),
  /** Meetings they answered "going" to. */
  rsvps: z.number().int(),
});

export const StatsSchema = z.object({
  spendByMonth: z.array(SpendSchema),
  spendByYear: z.array(SpendSchema),
  bottlesByType: z.array(CountSchema),
  bottlesByCountry: z.array(CountSchema),
  bottlesByRegion: z.array(CountSchema),
  scoreByType: z.array(AverageSchema),
  scoreByRegion: z.array(AverageSchema),
  mostPoured: z.array(PouredSchema),
  bestValue: z.array(ValueSchema),
  members: z.array(MemberActivitySchema),
});
export type Stats = z.infer<typeof StatsSchema>;
export type StatsSpend = z.infer<typeof SpendSchema>;
export type StatsCount = z.infer<typeof CountSchema>;
export type StatsAverage = z.infer<typeof AverageSchema>;
export type StatsMemberActivity = z.infer<typeof MemberActivitySchema>;

/** How many bottles the ranked lists (most poured, best value) show. */
export const STATS_TOP = 10;

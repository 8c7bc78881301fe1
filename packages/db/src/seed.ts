import { and, eq, isNull, sql } from "drizzle-orm";
import type { FlavourTag } from "@club/shared";
import type { Db } from "./client";
import { findOrCreateBrand } from "./queries/bottles";
import {
  bottleComments,
  bottleInstances,
  bottles,
  countries,
  drinkTypes,
  meetingBottles,
  meetings,
  members,
  scores,
  states,
  themes,
} from "./schema";

export interface DemoSeedOptions {
  member: { email: string; passwordHash: string };
  /** "Today" for the demo calendar; defaults to now. Meetings are laid out on the second Fridays before it. */
  today?: Date;
}

/**
 * Other demo members. Their password hash is "!", which is no argon2 hash at all: verification
 * always fails, so nobody can log in as them.
 */
export const DEMO_OTHER_MEMBERS = [
  { key: "sarah", email: "sarah.chen@example.org", firstName: "Sarah", lastName: "Chen" },
  { key: "dave", email: "dave.kowalski@example.org", firstName: "Dave", lastName: "Kowalski" },
  { key: "priya", email: "priya.patel@example.org", firstName: "Priya", lastName: "Patel" },
] as const;
export const UNUSABLE_PASSWORD_HASH = "!";

type MemberKey = "demo" | (typeof DEMO_OTHER_MEMBERS)[number]["key"];

const THEMES = [
  "Bourbon Basics",
  "Islay Peat Monsters",
  "Irish Pot Still",
  "Rye Revival",
  "Japanese Whisky Night",
  "Sherry Cask Finishes",
  "Around the World",
  "Bottled in Bond",
  "Cask Strength Showdown",
  "Wheated Bourbons",
  "Under $40 Gems",
] as const;
type ThemeName = (typeof THEMES)[number];

interface DemoBottle {
  name: string;
  brand: string | null;
  drinkType: string | null;
  country: string | null;
  state: string | null;
  abv: number;
  storeLink: string | null;
  /** Price of the first copy, in cents. */
  priceCents: number;
  /** Copies bought (1-3) and how many of them are finished. */
  copies: 1 | 2 | 3;
  finished: 0 | 1 | 2 | 3;
}

// prettier-ignore
const BOTTLES: DemoBottle[] = [
  { name: "Buffalo Trace", brand: "Buffalo Trace", drinkType: "Bourbon", country: "United States", state: "Kentucky", abv: 45, storeLink: "https://www.buffalotracedistillery.com/", priceCents: 2999, copies: 3, finished: 2 },
  { name: "Eagle Rare 10 Year", brand: "Buffalo Trace", drinkType: "Bourbon", country: "United States", state: "Kentucky", abv: 45, storeLink: null, priceCents: 4499, copies: 1, finished: 0 },
  { name: "Maker's Mark", brand: "Maker's Mark", drinkType: "Wheated Bourbon", country: "United States", state: "Kentucky", abv: 45, storeLink: "https://www.makersmark.com/", priceCents: 2899, copies: 2, finished: 1 },
  { name: "Wild Turkey 101", brand: "Wild Turkey", drinkType: "Bourbon", country: "United States", state: "Kentucky", abv: 50.5, storeLink: null, priceCents: 2499, copies: 2, finished: 2 },
  { name: "Old Grand-Dad Bonded", brand: "Old Grand-Dad", drinkType: "Bourbon", country: "United States", state: "Kentucky", abv: 50, storeLink: null, priceCents: 2599, copies: 1, finished: 0 },
  { name: "Rittenhouse Rye Bottled in Bond", brand: "Heaven Hill", drinkType: "Rye Whiskey", country: "United States", state: "Kentucky", abv: 50, storeLink: "https://heavenhilldistillery.com/", priceCents: 2799, copies: 3, finished: 2 },
  { name: "WhistlePig 10 Year Rye", brand: "WhistlePig", drinkType: "Rye Whiskey", country: "United States", state: null, abv: 50, storeLink: null, priceCents: 7499, copies: 1, finished: 1 },
  { name: "George Dickel No. 12", brand: "George Dickel", drinkType: "Tennessee Whiskey", country: "United States", state: "Tennessee", abv: 45, storeLink: null, priceCents: 2699, copies: 1, finished: 0 },
  { name: "Lagavulin 16", brand: "Lagavulin", drinkType: "Single Malt Scotch", country: "Scotland", state: "Islay", abv: 43, storeLink: "https://www.malts.com/en-us/brands/lagavulin", priceCents: 9499, copies: 2, finished: 1 },
  { name: "Laphroaig 10", brand: "Laphroaig", drinkType: "Single Malt Scotch", country: "Scotland", state: "Islay", abv: 40, storeLink: null, priceCents: 5499, copies: 2, finished: 1 },
  { name: "Ardbeg Uigeadail", brand: "Ardbeg", drinkType: "Single Malt Scotch", country: "Scotland", state: "Islay", abv: 54.2, storeLink: "https://www.ardbeg.com/", priceCents: 8999, copies: 1, finished: 1 },
  { name: "Glenfarclas 12", brand: "Glenfarclas", drinkType: "Single Malt Scotch", country: "Scotland", state: "Speyside", abv: 43, storeLink: null, priceCents: 5999, copies: 1, finished: 0 },
  { name: "The Macallan 12 Sherry Oak", brand: "The Macallan", drinkType: "Single Malt Scotch", country: "Scotland", state: "Speyside", abv: 43, storeLink: "https://www.themacallan.com/", priceCents: 8499, copies: 1, finished: 1 },
  { name: "Springbank 10", brand: "Springbank", drinkType: "Single Malt Scotch", country: "Scotland", state: "Campbeltown", abv: 46, storeLink: null, priceCents: 8999, copies: 1, finished: 0 },
  { name: "Monkey Shoulder", brand: "William Grant & Sons", drinkType: "Blended Malt Scotch", country: "Scotland", state: null, abv: 40, storeLink: null, priceCents: 3299, copies: 2, finished: 1 },
  { name: "Redbreast 12", brand: "Redbreast", drinkType: "Irish Single Pot Still", country: "Ireland", state: "County Cork", abv: 40, storeLink: "https://www.redbreastwhiskey.com/", priceCents: 6499, copies: 2, finished: 1 },
  { name: "Green Spot", brand: "Mitchell & Son", drinkType: "Irish Single Pot Still", country: "Ireland", state: "County Cork", abv: 40, storeLink: null, priceCents: 5999, copies: 1, finished: 1 },
  { name: "Bushmills 10 Year", brand: "Bushmills", drinkType: "Irish Single Malt", country: "Ireland", state: "County Antrim", abv: 40, storeLink: null, priceCents: 3999, copies: 1, finished: 0 },
  { name: "Yamazaki 12", brand: "Suntory", drinkType: "Japanese Whisky", country: "Japan", state: "Osaka", abv: 43, storeLink: "https://www.suntory.com/", priceCents: 14999, copies: 1, finished: 0 },
  { name: "Nikka From the Barrel", brand: "Nikka", drinkType: "Japanese Whisky", country: "Japan", state: null, abv: 51.4, storeLink: null, priceCents: 6999, copies: 2, finished: 1 },
  { name: "Amrut Fusion", brand: "Amrut", drinkType: "World Whisky", country: "India", state: null, abv: 50, storeLink: null, priceCents: 6499, copies: 1, finished: 0 },
  { name: "Kavalan Classic", brand: "Kavalan", drinkType: "World Whisky", country: "Taiwan", state: null, abv: 40, storeLink: null, priceCents: 7999, copies: 1, finished: 0 },
  { name: "Club Store Pick Single Barrel", brand: null, drinkType: "Bourbon", country: "United States", state: "Kentucky", abv: 57.3, storeLink: null, priceCents: 5499, copies: 1, finished: 0 },
  { name: "Infinity Bottle", brand: null, drinkType: "Other", country: null, state: null, abv: 47.5, storeLink: null, priceCents: 0, copies: 1, finished: 0 },
];

/** Oldest first; the last entry is the next, upcoming meeting (no bottles yet). */
const MEETINGS: { theme: ThemeName; host: string; bottles: string[] }[] = [
  {
    theme: "Bourbon Basics",
    host: "Mike Donnelly",
    bottles: ["Buffalo Trace", "Maker's Mark", "Wild Turkey 101"],
  },
  {
    theme: "Islay Peat Monsters",
    host: "Sarah Chen",
    bottles: ["Lagavulin 16", "Laphroaig 10", "Ardbeg Uigeadail"],
  },
  {
    theme: "Irish Pot Still",
    host: "Tom Brennan",
    bottles: ["Redbreast 12", "Green Spot", "Bushmills 10 Year"],
  },
  {
    theme: "Rye Revival",
    host: "Dave Kowalski",
    bottles: ["Rittenhouse Rye Bottled in Bond", "WhistlePig 10 Year Rye"],
  },
  { theme: "Japanese Whisky Night", host: "Priya Patel", bottles: ["Yamazaki 12", "Nikka From the Barrel"] },
  {
    theme: "Sherry Cask Finishes",
    host: "Linda Okafor",
    bottles: ["The Macallan 12 Sherry Oak", "Glenfarclas 12"],
  },
  {
    theme: "Around the World",
    host: "Mike Donnelly",
    bottles: ["Amrut Fusion", "Kavalan Classic", "Nikka From the Barrel"],
  },
  {
    theme: "Bottled in Bond",
    host: "Dave Kowalski",
    bottles: ["Rittenhouse Rye Bottled in Bond", "Old Grand-Dad Bonded"],
  },
  {
    theme: "Islay Peat Monsters",
    host: "Sarah Chen",
    bottles: ["Laphroaig 10", "Monkey Shoulder", "Infinity Bottle"],
  },
  {
    theme: "Bourbon Basics",
    host: "Tom Brennan",
    bottles: ["Eagle Rare 10 Year", "George Dickel No. 12", "Club Store Pick Single Barrel"],
  },
  { theme: "Cask Strength Showdown", host: "Linda Okafor", bottles: [] },
];

const COMMENTS: { bottle: string; by: MemberKey; text: string }[] = [
  {
    bottle: "Buffalo Trace",
    by: "demo",
    text: "Caramel, vanilla and a little orange peel. Easy to like and hard to beat for the price.",
  },
  { bottle: "Buffalo Trace", by: "dave", text: "My everyday pour. Short finish, but nothing off about it." },
  {
    bottle: "Maker's Mark",
    by: "sarah",
    text: "Soft and bready from the wheat. A good one for people new to bourbon.",
  },
  {
    bottle: "Wild Turkey 101",
    by: "priya",
    text: "Spicy and punchy; a splash of water opens up the cinnamon.",
  },
  {
    bottle: "Wild Turkey 101",
    by: "demo",
    text: "Best value at the tasting. We finished both bottles in two meetings.",
  },
  {
    bottle: "Lagavulin 16",
    by: "sarah",
    text: "Campfire smoke, iodine and dried fruit. Still the benchmark for Islay.",
  },
  {
    bottle: "Lagavulin 16",
    by: "demo",
    text: "Long, warming finish. Worth the price for a special occasion.",
  },
  {
    bottle: "Laphroaig 10",
    by: "dave",
    text: "Medicinal in the best way. Band-aids, seaweed, then sweet malt.",
  },
  {
    bottle: "Ardbeg Uigeadail",
    by: "priya",
    text: "Sherry and peat together: Christmas cake next to a bonfire.",
  },
  {
    bottle: "Ardbeg Uigeadail",
    by: "sarah",
    text: "Hot at full strength; three drops of water and it sings.",
  },
  {
    bottle: "Redbreast 12",
    by: "demo",
    text: "Creamy pot still spice, red apple and a lovely oily texture.",
  },
  { bottle: "Green Spot", by: "priya", text: "Fresh green apple and pear, lighter than the Redbreast." },
  {
    bottle: "Bushmills 10 Year",
    by: "dave",
    text: "Honey and vanilla, very gentle. Nice but a bit thin next to the pot stills.",
  },
  {
    bottle: "Rittenhouse Rye Bottled in Bond",
    by: "dave",
    text: "Rye bread, black pepper and cocoa. Makes a great Manhattan too.",
  },
  {
    bottle: "WhistlePig 10 Year Rye",
    by: "sarah",
    text: "Big dill and mint notes. Polarising at the table.",
  },
  {
    bottle: "WhistlePig 10 Year Rye",
    by: "demo",
    text: "Good, but the Rittenhouse gave it a run for a third of the price.",
  },
  {
    bottle: "Yamazaki 12",
    by: "priya",
    text: "Pineapple, honey and that incense note from the mizunara oak.",
  },
  {
    bottle: "Yamazaki 12",
    by: "demo",
    text: "Elegant and balanced. The hardest bottle of the year to find.",
  },
  {
    bottle: "Nikka From the Barrel",
    by: "dave",
    text: "Dense and spicy for such a small bottle. Great value.",
  },
  {
    bottle: "The Macallan 12 Sherry Oak",
    by: "sarah",
    text: "Dried fruit, orange and ginger. Smooth, maybe too smooth.",
  },
  {
    bottle: "Glenfarclas 12",
    by: "demo",
    text: "Honest sherried Speyside: raisins, nuts and a touch of smoke.",
  },
  { bottle: "Glenfarclas 12", by: "priya", text: "I preferred this one to the Macallan, and it costs less." },
  { bottle: "Amrut Fusion", by: "sarah", text: "Tropical fruit with a wisp of peat. A real surprise." },
  { bottle: "Kavalan Classic", by: "priya", text: "Mango and vanilla; the warm climate shows." },
  {
    bottle: "Old Grand-Dad Bonded",
    by: "dave",
    text: "High rye bourbon at a bargain price. Peanut brittle and spice.",
  },
  { bottle: "Monkey Shoulder", by: "demo", text: "Fine for highballs; a bit plain neat." },
  {
    bottle: "Infinity Bottle",
    by: "sarah",
    text: "A little of everything we opened this year. Somehow it works.",
  },
  { bottle: "Eagle Rare 10 Year", by: "priya", text: "Cherry, leather and toffee. Very well put together." },
  {
    bottle: "Club Store Pick Single Barrel",
    by: "dave",
    text: "Our own barrel pick! Barrel proof, cherry cola and oak.",
  },
  {
    bottle: "Club Store Pick Single Barrel",
    by: "demo",
    text: "Proud of this one. Let's do another pick next year.",
  },
  {
    bottle: "George Dickel No. 12",
    by: "sarah",
    text: "Flintstones vitamins, as promised, then corn and maple.",
  },
];

/**
 * Scores of the club's last two nights: the last one blind (scored, then revealed), the one before
 * open. Parts are nose, palate, finish, balance (0-25 each); blind pours carry a guess.
 */
interface DemoScore {
  by: MemberKey;
  parts: [number, number, number, number];
  note: string;
  tags: FlavourTag[];
  guess?: { abv: number; type: string; state: string | null };
}
// prettier-ignore
const NIGHT_SCORES: { nightsAgo: 1 | 2; bottle: string; scores: DemoScore[] }[] = [
  { nightsAgo: 1, bottle: "Eagle Rare 10 Year", scores: [
    { by: "demo", parts: [21, 22, 20, 21], note: "Cherry and leather; I guessed a Buffalo Trace mash bill and was right.", tags: ["dried fruit", "vanilla", "woody"], guess: { abv: 45, type: "Bourbon", state: "Kentucky" } },
    { by: "sarah", parts: [20, 21, 19, 20], note: "Toffee, orange peel, soft oak.", tags: ["vanilla", "citrus"], guess: { abv: 43, type: "Bourbon", state: "Kentucky" } },
    { by: "dave", parts: [19, 20, 20, 19], note: "Balanced and easy. Could drink it all night.", tags: ["honey", "woody"], guess: { abv: 45, type: "Bourbon", state: "Kentucky" } },
    { by: "priya", parts: [22, 21, 21, 22], note: "The best of the flight: round, long, nothing out of place.", tags: ["dried fruit", "nutty"], guess: { abv: 46, type: "Bourbon", state: "Kentucky" } },
  ] },
  { nightsAgo: 1, bottle: "George Dickel No. 12", scores: [
    { by: "demo", parts: [16, 17, 15, 16], note: "Vitamins on the nose, then corn. Thin finish.", tags: ["cereal", "nutty"], guess: { abv: 43, type: "Tennessee Whiskey", state: "Tennessee" } },
    { by: "sarah", parts: [17, 16, 16, 17], note: "Maple and grain. Fine, not exciting.", tags: ["cereal", "honey"], guess: { abv: 40, type: "Bourbon", state: "Kentucky" } },
    { by: "dave", parts: [18, 17, 16, 17], note: "Sweet corn and a little mineral.", tags: ["cereal"], guess: { abv: 45, type: "Tennessee Whiskey", state: "Tennessee" } },
    { by: "priya", parts: [15, 16, 15, 15], note: "Not for me: sharp and short.", tags: ["spicy"], guess: { abv: 50, type: "Rye Whiskey", state: "Indiana" } },
  ] },
  { nightsAgo: 1, bottle: "Club Store Pick Single Barrel", scores: [
    { by: "demo", parts: [23, 22, 23, 21], note: "Barrel proof cherry cola. Our pick holds up blind!", tags: ["dried fruit", "spicy", "woody"], guess: { abv: 57, type: "Bourbon", state: "Kentucky" } },
    { by: "sarah", parts: [21, 22, 22, 20], note: "Hot at first; a drop of water brings out caramel.", tags: ["vanilla", "spicy"], guess: { abv: 55, type: "Bourbon", state: "Kentucky" } },
    { by: "dave", parts: [22, 23, 22, 22], note: "Huge. Oak, cinnamon, dark sugar.", tags: ["spicy", "woody", "chocolate"], guess: { abv: 60, type: "Bourbon", state: "Kentucky" } },
    { by: "priya", parts: [20, 21, 21, 19], note: "Big but a little tannic on the finish.", tags: ["woody"], guess: { abv: 52, type: "Rye Whiskey", state: "Kentucky" } },
  ] },
  { nightsAgo: 2, bottle: "Laphroaig 10", scores: [
    { by: "demo", parts: [20, 19, 20, 18], note: "Iodine and seaweed, then sweet malt.", tags: ["peaty", "medicinal", "smoky"] },
    { by: "sarah", parts: [21, 20, 21, 20], note: "Exactly what Islay should be.", tags: ["peaty", "smoky"] },
    { by: "dave", parts: [19, 18, 19, 18], note: "Band-aids in the best way.", tags: ["medicinal"] },
  ] },
  { nightsAgo: 2, bottle: "Monkey Shoulder", scores: [
    { by: "demo", parts: [16, 16, 15, 17], note: "Plain next to the peat.", tags: ["honey", "vanilla"] },
    { by: "sarah", parts: [15, 16, 15, 16], note: "Easy, a highball whisky.", tags: ["vanilla"] },
    { by: "priya", parts: [17, 17, 16, 17], note: "Better than I remembered: orange and biscuit.", tags: ["citrus", "cereal"] },
  ] },
  { nightsAgo: 2, bottle: "Infinity Bottle", scores: [
    { by: "demo", parts: [18, 19, 18, 17], note: "A little of everything. Somehow it works.", tags: ["smoky", "fruity"] },
    { by: "dave", parts: [17, 18, 18, 16], note: "Smoke first, then sherry. Odd but fun.", tags: ["smoky", "winey/sherry"] },
    { by: "priya", parts: [19, 18, 19, 18], note: "Changes every time we top it up.", tags: ["fruity", "spicy"] },
  ] },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The date of the month's second Friday, as a UTC midnight Date. */
export function secondFriday(year: number, monthIndex: number): Date {
  const firstDow = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay();
  const firstFriday = 1 + ((5 - firstDow + 7) % 7);
  return new Date(Date.UTC(year, monthIndex, firstFriday + 7));
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

/** The last `count` second Fridays on or before today (oldest first), then the next one after today. */
function meetingDates(today: Date, count: number): { past: Date[]; next: Date } {
  const todayUtc = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const year = todayUtc.getUTCFullYear();
  const month = todayUtc.getUTCMonth();
  const thisMonth = secondFriday(year, month);
  const next = thisMonth.getTime() > todayUtc.getTime() ? thisMonth : secondFriday(year, month + 1);
  const past: Date[] = [];
  for (let back = 0; past.length < count; back++) {
    const d = secondFriday(year, month - back);
    if (d.getTime() <= todayUtc.getTime()) past.unshift(d);
  }
  return { past, next };
}

/** American bottles are 750 ml; the infinity bottle is a half-litre decanter. */
const DEMO_SIZES: Record<string, number> = {
  "Buffalo Trace": 750,
  "Eagle Rare 10 Year": 750,
  "Maker's Mark": 750,
  "Wild Turkey 101": 750,
  "Old Grand-Dad Bonded": 750,
  "Rittenhouse Rye Bottled in Bond": 750,
  "WhistlePig 10 Year Rye": 750,
  "George Dickel No. 12": 750,
  "Club Store Pick Single Barrel": 750,
  "Infinity Bottle": 500,
};

type SeedTx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The demo cellar: each purchase was opened at its first tasting after it was bought,
 * as migration 0005 back-filled real clubs (finished ones never tasted: on the purchase day); the
 * Kavalan was opened a week ago and measured at 20 % today, so the shelf shows a reading too.
 */
function seedCellar(tx: SeedTx, bottleIds: Map<string, number>, now: Date): void {
  tx.run(sql`UPDATE bottle_instances SET opened_date = (SELECT min(m.date) FROM meeting_bottles mb
    JOIN meetings m ON m.id = mb.meeting_id
    WHERE mb.bottle_id = bottle_instances.bottle_id AND m.date >= bottle_instances.date_purchased
      AND m.date <= ${ymd(now)}
      AND (bottle_instances.date_finished IS NULL OR m.date <= bottle_instances.date_finished))`);
  tx.run(sql`UPDATE bottle_instances SET opened_date = date_purchased
    WHERE opened_date IS NULL AND date_finished IS NOT NULL`);
  const kavalan = bottleIds.get("Kavalan Classic");
  if (kavalan === undefined) return;
  const weekAgo = ymd(addDays(now, -7));
  tx.update(bottleInstances)
    .set({
      openedDate: sql`coalesce(${bottleInstances.openedDate}, max(${bottleInstances.datePurchased}, ${weekAgo}))`,
      levelPct: 20,
      levelSetOn: ymd(now),
    })
    .where(and(eq(bottleInstances.bottleId, kavalan), isNull(bottleInstances.dateFinished)))
    .run();
}

/**
 * The club's last two nights, scored, so a newcomer sees scoring and results on first start:
 * the last one a blind tasting, scoring closed and every pour revealed at the end of the evening;
 * the one before an open night. Every score is some member's journal entry too.
 */
function seedNights(
  tx: SeedTx,
  opts: {
    meetingIds: number[];
    past: Date[];
    bottleIds: Map<string, number>;
    memberIds: Record<MemberKey, number>;
    lookupId: (table: typeof drinkTypes | typeof states, name: string | null) => number | null;
  },
): void {
  const { meetingIds, past, bottleIds, memberIds, lookupId } = opts;
  const nights = past.length;
  const meetingOf = (nightsAgo: number) => meetingIds[nights - nightsAgo]!;
  const dateOf = (nightsAgo: number) => past[nights - nightsAgo]!;
  // 7:00 PM in most of the club's time zones is later than 19:00 UTC: the evening runs 19:30-22:30 UTC.
  const at = (nightsAgo: number, minutes: number) =>
    new Date(dateOf(nightsAgo).getTime() + (19 * 60 + 30 + minutes) * 60_000).toISOString();
  const blind = meetingOf(1);
  tx.update(meetings).set({ blind: true, scoringOpen: false }).where(eq(meetings.id, blind)).run();
  tx.update(meetings)
    .set({ scoringOpen: false })
    .where(eq(meetings.id, meetingOf(2)))
    .run();
  tx.update(meetingBottles)
    .set({ revealedAt: at(1, 150) })
    .where(eq(meetingBottles.meetingId, blind))
    .run();
  NIGHT_SCORES.forEach((pour, p) => {
    const bottleId = bottleIds.get(pour.bottle);
    if (bottleId === undefined) throw new Error(`demo seed: bottle "${pour.bottle}" is missing`);
    pour.scores.forEach((score, i) => {
      const [nose, palate, finish, balance] = score.parts;
      tx.insert(scores)
        .values({
          meetingId: meetingOf(pour.nightsAgo),
          bottleId,
          memberId: memberIds[score.by],
          nose,
          palate,
          finish,
          balance,
          note: score.note,
          tags: score.tags,
          guessAbv: score.guess?.abv ?? null,
          guessDrinkTypeId: score.guess ? lookupId(drinkTypes, score.guess.type) : null,
          guessStateId: score.guess ? lookupId(states, score.guess.state) : null,
          updatedAt: at(pour.nightsAgo, 20 + (p % 3) * 35 + i * 4),
        })
        .run();
    });
  });
}

/**
 * A realistic demo club in one synchronous transaction: the confirmed demo member from opts,
 * three more members nobody can log in as, themes (some never used), monthly meetings on the
 * second Fridays of the past year plus the upcoming one, library bottles with brands and
 * lookups, purchases (some finished), tasting comments, and the last two nights scored (the
 * last one blind and revealed).
 */
export function seedDemoData(db: Db, opts: DemoSeedOptions): void {
  const now = opts.today ?? new Date();
  const { past, next } = meetingDates(now, MEETINGS.length - 1);
  const dates = [...past, next];

  db.transaction((tx) => {
    const memberIds = {} as Record<MemberKey, number>;
    memberIds.demo = tx
      .insert(members)
      .values({
        email: opts.member.email,
        passwordHash: opts.member.passwordHash,
        firstName: "Demo",
        lastName: "Member",
        // The demo member is the club's admin: the one who approves new members.
        role: "admin",
        emailConfirmedAt: addDays(now, -400).toISOString(),
      })
      .returning({ id: members.id })
      .get().id;
    for (const m of DEMO_OTHER_MEMBERS) {
      memberIds[m.key] = tx
        .insert(members)
        .values({
          email: m.email,
          passwordHash: UNUSABLE_PASSWORD_HASH,
          firstName: m.firstName,
          lastName: m.lastName,
          emailConfirmedAt: addDays(now, -400).toISOString(),
        })
        .returning({ id: members.id })
        .get().id;
    }

    const themeIds = new Map<string, number>();
    for (const description of THEMES) {
      themeIds.set(
        description,
        tx
          .insert(themes)
          .values({ description, createdBy: memberIds.demo })
          .returning({ id: themes.id })
          .get().id,
      );
    }

    const lookupId = (table: typeof drinkTypes | typeof countries | typeof states, name: string | null) => {
      if (name === null) return null;
      const row = tx.select({ id: table.id }).from(table).where(eq(table.name, name)).get();
      if (!row) throw new Error(`demo seed: lookup "${name}" is missing`);
      return row.id;
    };
    const brandId = (name: string | null) => (name === null ? null : findOrCreateBrand(tx, name).id);

    // When each bottle was first tasted; bottles never tasted were bought about six weeks ago.
    const firstTasted = new Map<string, Date>();
    MEETINGS.forEach((meeting, i) => {
      for (const name of meeting.bottles) if (!firstTasted.has(name)) firstTasted.set(name, dates[i]!);
    });

    const bottleIds = new Map<string, number>();
    for (const b of BOTTLES) {
      const id = tx
        .insert(bottles)
        .values({
          name: b.name,
          brandId: brandId(b.brand),
          drinkTypeId: lookupId(drinkTypes, b.drinkType),
          countryId: lookupId(countries, b.country),
          stateId: lookupId(states, b.state),
          abv: b.abv,
          storeLink: b.storeLink,
          sizeMl: DEMO_SIZES[b.name] ?? 700,
          createdBy: memberIds.demo,
          createdAt: addDays(firstTasted.get(b.name) ?? addDays(now, -42), -20).toISOString(),
        })
        .returning({ id: bottles.id })
        .get().id;
      bottleIds.set(b.name, id);

      // Copies bought 2-3 months apart starting two weeks before the first tasting; a finished copy
      // ran out about seven weeks after purchase (never in the future).
      const firstBuy = addDays(firstTasted.get(b.name) ?? addDays(now, -42), -14);
      for (let copy = 0; copy < b.copies; copy++) {
        let bought = addDays(firstBuy, copy * 75);
        if (bought.getTime() > now.getTime()) bought = addDays(now, -(b.copies - copy) * 3);
        let finishedAt: string | null = null;
        if (copy < b.finished) {
          const at = new Date(addDays(bought, 50).getTime() + (19 * 60 + copy * 7) * 60_000);
          if (at.getTime() < now.getTime()) finishedAt = at.toISOString();
        }
        tx.insert(bottleInstances)
          .values({
            bottleId: id,
            datePurchased: ymd(bought),
            dateFinished: finishedAt,
            purchasePriceCents: b.priceCents + copy * 100,
            createdBy: memberIds.demo,
          })
          .run();
      }
    }

    const meetingIds: number[] = [];
    const hostIds = new Map<string, number>(
      DEMO_OTHER_MEMBERS.map((m) => [`${m.firstName} ${m.lastName}`, memberIds[m.key]]),
    );
    MEETINGS.forEach((meeting, i) => {
      const meetingId = tx
        .insert(meetings)
        .values({
          date: ymd(dates[i]!),
          hostName: meeting.host,
          // One host: a demo member named as host hosts (a name that is no member's stays typed).
          hostMemberId: hostIds.get(meeting.host) ?? null,
          themeId: themeIds.get(meeting.theme)!,
          createdBy: memberIds.demo,
        })
        .returning({ id: meetings.id })
        .get().id;
      meetingIds.push(meetingId);
      meeting.bottles.forEach((name, place) => {
        const bottleId = bottleIds.get(name);
        if (bottleId === undefined) throw new Error(`demo seed: bottle "${name}" is missing`);
        // A pour's number is its place.
        tx.insert(meetingBottles)
          .values({ meetingId, bottleId, position: place + 1 })
          .run();
      });
    });
    seedNights(tx, { meetingIds, past, bottleIds, memberIds, lookupId });

    seedCellar(tx, bottleIds, now);

    // Comments are written late on the evening of the first tasting (23:30 UTC onwards), minutes apart.
    COMMENTS.forEach((c, i) => {
      const bottleId = bottleIds.get(c.bottle);
      if (bottleId === undefined) throw new Error(`demo seed: bottle "${c.bottle}" is missing`);
      const tasted = firstTasted.get(c.bottle) ?? addDays(now, -30);
      let at = new Date(tasted.getTime() + (23 * 60 + 30 + i * 3) * 60_000);
      if (at.getTime() > now.getTime()) at = new Date(now.getTime() - (COMMENTS.length - i) * 60_000);
      tx.insert(bottleComments)
        .values({ bottleId, memberId: memberIds[c.by], comment: c.text, createdAt: at.toISOString() })
        .run();
    });
  });
}

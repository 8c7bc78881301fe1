/**
 * Fills a fresh DATA_DIR with a generated club for the benchmarks: members, themes, brands,
 * bottles, purchases, meetings with their bottles, comments and images (re-encoded through the
 * real ImageStore). Deterministic: the same profile and seed give the same club.
 *
 *   npx tsx bench/generator.ts <dataDir> [realistic|stress]
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import {
  bottleComments,
  bottleImages,
  bottleInstances,
  bottles,
  brands,
  closeDb,
  countries,
  drinkTypes,
  meetingBottles,
  meetings,
  members,
  openDb,
  runMigrations,
  states,
  themes,
  type Db,
} from "@club/db";
import { ImageStore } from "../src/platform/images";
import { hashPassword } from "../src/platform/passwords";

export interface ClubProfile {
  name: string;
  members: number;
  themes: number;
  brands: number;
  bottles: number;
  meetings: number;
  /** Bottles sampled per meeting: min..max. */
  bottlesPerMeeting: [number, number];
  /** Share of bottles with at least one purchase, and the most purchases of one bottle. */
  purchasedShare: number;
  maxPurchases: number;
  comments: number;
  /** Bottles with an image, and how many distinct images they share. */
  bottlesWithImage: number;
  distinctImages: number;
}

export const REALISTIC: ClubProfile = {
  name: "realistic",
  members: 40,
  themes: 60,
  brands: 150,
  bottles: 500,
  meetings: 120,
  bottlesPerMeeting: [3, 7],
  purchasedShare: 0.8,
  maxPurchases: 3,
  comments: 2_000,
  bottlesWithImage: 150,
  distinctImages: 12,
};

export const STRESS: ClubProfile = {
  name: "stress",
  members: 400,
  themes: 400,
  brands: 1_500,
  bottles: 10_000,
  meetings: 1_200,
  bottlesPerMeeting: [3, 9],
  purchasedShare: 0.8,
  maxPurchases: 4,
  comments: 50_000,
  bottlesWithImage: 2_000,
  distinctImages: 12,
};

export const PROFILES = { realistic: REALISTIC, stress: STRESS } as const;

export interface GeneratedClub {
  profile: ClubProfile;
  dataDir: string;
  dbFile: string;
  /** A confirmed member who can log in (argon2id hash with the server's parameters). */
  login: { id: number; email: string; password: string };
  bottleIds: number[];
  meetingIds: number[];
  counts: Record<string, number>;
}

/** mulberry32: a small seeded PRNG, so every run benchmarks the same club. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const FIRST = [
  "Sarah",
  "Dave",
  "Priya",
  "Mike",
  "Linda",
  "Tom",
  "Ana",
  "Kenji",
  "Fiona",
  "Omar",
  "Grace",
  "Luis",
];
const LAST = [
  "Chen",
  "Kowalski",
  "Patel",
  "Donnelly",
  "Okafor",
  "Brennan",
  "Silva",
  "Sato",
  "MacLeod",
  "Haddad",
];
const BRAND_ROOTS = [
  "Glen",
  "Old",
  "Ben",
  "Loch",
  "Tall",
  "Red",
  "Copper",
  "Stone",
  "Iron",
  "Black",
  "Silver",
  "Cedar",
];
const BRAND_TAILS = [
  "fiddich",
  "Forester",
  "Nevis",
  "Lomond",
  "Oak",
  "breast",
  "Fox",
  "Creek",
  "Hill",
  "Barrel",
  "Ridge",
  "Mill",
];
const STYLES = [
  "Single Barrel",
  "Small Batch",
  "Cask Strength",
  "Port Finish",
  "Sherry Oak",
  "Bottled in Bond",
  "Rye",
  "Reserve",
  "Double Oak",
  "Peated",
];
const THEME_WORDS = [
  "Islay",
  "Bourbon",
  "Rye",
  "Sherry",
  "Japanese",
  "Irish",
  "Bonded",
  "Wheated",
  "Peat",
  "Cask",
  "Value",
  "Rare",
];
const THEME_TAILS = [
  "Night",
  "Showdown",
  "Basics",
  "Revival",
  "Finishes",
  "Around the World",
  "Gems",
  "Deep Dive",
];
const TASTING = [
  "Caramel, vanilla and a little orange peel.",
  "Campfire smoke, iodine and dried fruit.",
  "Soft and bready from the wheat; good for newcomers.",
  "Hot at full strength; a few drops of water and it opens up.",
  "Creamy pot still spice, red apple and an oily texture.",
  "Long, warming finish with dark chocolate and cherry.",
  "Medicinal in the best way: seaweed, then sweet malt.",
  "Best value at the tasting. We finished the bottle in two meetings.",
];

const pad = (n: number) => String(n).padStart(2, "0");

/** Inserts rows in chunks (SQLite bounds the number of bound parameters per statement). */
function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => void) {
  for (let i = 0; i < rows.length; i += size) insert(rows.slice(i, i + size));
}

async function makeImages(store: ImageStore, count: number) {
  const hashes: { hash: string; contentType: string; width: number; height: number; bytes: number }[] = [];
  for (let i = 0; i < count; i++) {
    // A phone-photo-sized JPEG with some texture, so the stored WebP has a realistic size.
    const width = 1200;
    const height = 1600;
    const raw = Buffer.alloc(width * height * 3);
    for (let p = 0; p < raw.length; p += 3) {
      const x = (p / 3) % width;
      const y = Math.floor(p / 3 / width);
      raw[p] = (x * 7 + i * 40) & 255;
      raw[p + 1] = (y * 3 + i * 17) & 255;
      raw[p + 2] = ((x ^ y) + i * 29) & 255;
    }
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const saved = await store.save(jpeg);
    if (!saved.ok) throw new Error(`generated image ${i} was refused: ${saved.reason}`);
    hashes.push(saved);
  }
  return hashes;
}

/** Creates DATA_DIR (database file and images) for one club profile. */
export async function generateClub(dataDir: string, profile: ClubProfile, seed = 42): Promise<GeneratedClub> {
  const r = rng(seed);
  const imagesDir = join(dataDir, "images");
  mkdirSync(imagesDir, { recursive: true });
  const dbFile = join(dataDir, "club.sqlite");
  const images = await makeImages(new ImageStore(imagesDir), profile.distinctImages);
  const password = "bench-password-123";
  const passwordHash = await hashPassword(password);
  const db: Db = openDb(dbFile);
  try {
    runMigrations(db);
    const result = db.transaction((tx) => {
      const lookupIds = (table: typeof drinkTypes | typeof countries | typeof states) =>
        tx
          .select({ id: table.id })
          .from(table)
          .all()
          .map((row) => row.id);
      const drinkTypeIds = lookupIds(drinkTypes);
      const countryIds = lookupIds(countries);
      const stateIds = lookupIds(states);

      const memberRows = Array.from({ length: profile.members }, (_, i) => ({
        email: `member${i}@club.example`,
        passwordHash: i === 0 ? passwordHash : "!",
        firstName: FIRST[i % FIRST.length] as string,
        lastName: `${LAST[Math.floor(i / FIRST.length) % LAST.length] as string}${i >= 120 ? ` ${i}` : ""}`,
        emailConfirmedAt: "2024-01-01T00:00:00.000Z",
      }));
      const memberIds: number[] = [];
      insertChunked(memberRows, 200, (chunk) =>
        memberIds.push(
          ...tx
            .insert(members)
            .values(chunk)
            .returning({ id: members.id })
            .all()
            .map((m) => m.id),
        ),
      );

      const themeIds: number[] = [];
      const themeRows = Array.from({ length: profile.themes }, (_, i) => ({
        description: `${THEME_WORDS[i % THEME_WORDS.length] as string} ${THEME_TAILS[Math.floor(i / THEME_WORDS.length) % THEME_TAILS.length] as string}${i >= THEME_WORDS.length * THEME_TAILS.length ? ` ${i}` : ""}`,
      }));
      insertChunked(themeRows, 200, (chunk) =>
        themeIds.push(
          ...tx
            .insert(themes)
            .values(chunk)
            .returning({ id: themes.id })
            .all()
            .map((t) => t.id),
        ),
      );

      const brandIds: number[] = [];
      const brandRows = Array.from({ length: profile.brands }, (_, i) => ({
        name: `${BRAND_ROOTS[i % BRAND_ROOTS.length] as string}${BRAND_TAILS[Math.floor(i / BRAND_ROOTS.length) % BRAND_TAILS.length] as string}${i >= BRAND_ROOTS.length * BRAND_TAILS.length ? ` ${i}` : ""}`,
      }));
      insertChunked(brandRows, 200, (chunk) =>
        brandIds.push(
          ...tx
            .insert(brands)
            .values(chunk)
            .returning({ id: brands.id })
            .all()
            .map((b) => b.id),
        ),
      );

      const bottleIds: number[] = [];
      const bottleRows = Array.from({ length: profile.bottles }, (_, i) => {
        const brandIndex = r.int(0, brandIds.length - 1);
        const age = r.chance(0.6) ? ` ${r.pick([8, 10, 12, 15, 18, 21, 25])} Year` : "";
        return {
          name: `${brandRows[brandIndex]?.name ?? "Bottle"}${age} ${r.pick(STYLES)} #${i + 1}`,
          brandId: r.chance(0.95) ? (brandIds[brandIndex] ?? null) : null,
          drinkTypeId: r.chance(0.9) ? r.pick(drinkTypeIds) : null,
          countryId: r.chance(0.9) ? r.pick(countryIds) : null,
          stateId: r.chance(0.7) ? r.pick(stateIds) : null,
          abv: Math.round((40 + r.next() * 25) * 10) / 10,
          storeLink: r.chance(0.4) ? `https://shop.example.com/whiskey/${i + 1}` : null,
        };
      });
      insertChunked(bottleRows, 500, (chunk) =>
        bottleIds.push(
          ...tx
            .insert(bottles)
            .values(chunk)
            .returning({ id: bottles.id })
            .all()
            .map((b) => b.id),
        ),
      );

      const instanceRows: (typeof bottleInstances.$inferInsert)[] = [];
      for (const bottleId of bottleIds) {
        if (!r.chance(profile.purchasedShare)) continue;
        const copies = r.int(1, profile.maxPurchases);
        for (let c = 0; c < copies; c++) {
          const year = 2015 + r.int(0, 10);
          const bought = `${year}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
          instanceRows.push({
            bottleId,
            datePurchased: bought,
            dateFinished:
              c < copies - 1 || r.chance(0.3) ? `${year + 1}-${pad(r.int(1, 12))}-15T20:30:00.000Z` : null,
            purchasePriceCents: r.int(1999, 24999),
          });
        }
      }
      insertChunked(instanceRows, 500, (chunk) => tx.insert(bottleInstances).values(chunk).run());

      // Monthly meetings going back from November 2026, several bottles each.
      const meetingIds: number[] = [];
      const meetingRows = Array.from({ length: profile.meetings }, (_, i) => {
        const months = 2026 * 12 + 10 - i;
        return {
          date: `${Math.floor(months / 12)}-${pad((months % 12) + 1)}-${pad(r.int(8, 14))}`,
          hostName: `${r.pick(FIRST)} ${r.pick(LAST)}`,
          themeId: r.pick(themeIds),
        };
      });
      insertChunked(meetingRows, 500, (chunk) =>
        meetingIds.push(
          ...tx
            .insert(meetings)
            .values(chunk)
            .returning({ id: meetings.id })
            .all()
            .map((m) => m.id),
        ),
      );
      const linkRows: (typeof meetingBottles.$inferInsert)[] = [];
      for (const meetingId of meetingIds) {
        const chosen = new Set<number>();
        const n = r.int(...profile.bottlesPerMeeting);
        while (chosen.size < n) chosen.add(r.pick(bottleIds));
        let place = 0;
        for (const bottleId of chosen) linkRows.push({ meetingId, bottleId, position: ++place });
      }
      insertChunked(linkRows, 500, (chunk) => tx.insert(meetingBottles).values(chunk).run());

      // Comments: a few popular bottles collect many, most have a handful.
      const commentRows = Array.from({ length: profile.comments }, (_, i) => {
        const skewed = Math.floor(bottleIds.length * r.next() ** 2);
        const t = Date.UTC(2020, 0, 1) + i * 60_000 * 37;
        return {
          bottleId: bottleIds[skewed] as number,
          memberId: r.pick(memberIds),
          comment: `${r.pick(TASTING)}${r.chance(0.5) ? ` ${r.pick(TASTING)}` : ""}`,
          createdAt: new Date(t).toISOString(),
        };
      });
      insertChunked(commentRows, 500, (chunk) => tx.insert(bottleComments).values(chunk).run());

      const imageRows = bottleIds.slice(0, profile.bottlesWithImage).map((bottleId, i) => {
        const image = images[i % images.length];
        if (!image) throw new Error("no generated images");
        return {
          bottleId,
          hash: image.hash,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          bytes: image.bytes,
        };
      });
      insertChunked(imageRows, 500, (chunk) => tx.insert(bottleImages).values(chunk).run());

      return {
        loginId: memberIds[0] as number,
        bottleIds,
        meetingIds,
        counts: {
          members: memberIds.length,
          themes: themeIds.length,
          brands: brandIds.length,
          bottles: bottleIds.length,
          instances: instanceRows.length,
          meetings: meetingIds.length,
          meetingBottles: linkRows.length,
          comments: commentRows.length,
          bottlesWithImage: imageRows.length,
          distinctImages: images.length,
        },
      };
    });
    db.$client.pragma("wal_checkpoint(TRUNCATE)");
    return {
      profile,
      dataDir,
      dbFile,
      login: { id: result.loginId, email: "member0@club.example", password },
      bottleIds: result.bottleIds,
      meetingIds: result.meetingIds,
      counts: result.counts,
    };
  } finally {
    closeDb(db);
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [dir, name = "realistic"] = process.argv.slice(2);
  const profile = PROFILES[name as keyof typeof PROFILES];
  if (!dir || !profile) {
    console.error("usage: tsx bench/generator.ts <dataDir> [realistic|stress]");
    process.exit(1);
  }
  const started = Date.now();
  const club = await generateClub(dir, profile);
  console.log(`${profile.name} club in ${dir} (${Date.now() - started} ms):`, club.counts);
}

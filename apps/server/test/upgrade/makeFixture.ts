/**
 * Makes the upgrade test's fixture: a club's DATA_DIR as a release wrote it, and the answers its
 * reads gave, for test/upgrade.test.ts to start today's server on and compare.
 *
 * Run it ONCE per release, from that release's code (a checkout of its tag, with node_modules):
 *
 *   cd apps/server && npx tsx test/upgrade/makeFixture.ts test/upgrade/<version>
 *
 * then copy that folder into this repository's apps/server/test/upgrade/ and point FIXTURE in
 * upgrade.test.ts at it (the older fixtures may stay: each is a database some club still has).
 * Everything goes through the release's own procedures and routes (no SQL but where a test of
 * that release would use it too), on a fixed clock, so the club is what members would have made.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { createTestApp, type TestApp } from "../helpers";
import { multipartBody } from "../fuzz/fixtures";

/** The club's clock while it is made: the evening of its blind night (a second Friday). */
export const FIXTURE_NOW = "2026-11-13T21:30:00.000Z";
export const FIXTURE_ENV = { CLUB_TIMEZONE: "UTC", BACKUP_SCHEDULE: "off" };

/** One read as a member or a visitor would make it, and what it answered. */
export interface RecordedRead {
  /** The member's email, or null for a visitor. */
  as: string | null;
  url: string;
  status: number;
  contentType: string;
  /** JSON answers as JSON; anything else (image bytes) as its sha256. */
  json?: unknown;
  sha256?: string;
}

export interface FixtureManifest {
  version: string;
  now: string;
  env: Record<string, string>;
  /** Every file under DATA_DIR (relative path -> sha256), the database aside. */
  files: Record<string, string>;
  reads: RecordedRead[];
}

/** A photo-like image: a gradient with a little noise, as a phone's JPEG. */
const photo = (width: number, height: number, hue: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 120 + hue, g: 80, b: 40 },
      noise: { type: "gaussian", mean: 90, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

async function makeClub(t: TestApp) {
  const admin = await t.member("ada@club.example", { role: "admin" });
  const treasurer = await t.member("tom@club.example", { role: "treasurer" });
  const host = await t.member("hana@club.example");
  const ann = await t.member("ann@club.example");
  const bob = await t.member("bob@club.example");
  const cat = await t.member("cat@club.example");
  const people = [
    [admin, "Ada", "Lovelace"],
    [treasurer, "Tom", "Penny"],
    [host, "Hana", "Oaks"],
    [ann, "Ann", "Peat"],
    [bob, "Bob", "Cask"],
    [cat, "Cat", "Sherry"],
  ] as const;
  for (const [m, firstName, lastName] of people)
    await t.caller(m.user).account.update({ firstName, lastName });
  const as = (m: { user: Parameters<TestApp["caller"]>[0] }) => t.caller(m.user);

  // Themes, lookups, bottles, purchases, the cellar, comments, favourites, photos.
  const themes: number[] = [];
  for (const description of ["Islay Peat", "Sherry Bombs", "Bourbon Country", "Cask Strength"])
    themes.push((await as(ann).themes.create({ id: 0, description })).id);
  const types = await t.caller(null).lookups.drinkTypes();
  const states = await t.caller(null).lookups.states();
  const countries = await t.caller(null).lookups.countries();
  const typeId = (name: string) => types.find((x) => x.name === name)?.id ?? types[0]!.id;
  const stateId = (name: string) => states.find((x) => x.name === name)?.id ?? states[0]!.id;
  const countryId = (name: string) => countries.find((x) => x.name === name)?.id ?? countries[0]!.id;
  const bottleSpecs = [
    ["Laphroaig 10", "Laphroaig", 43, "Single Malt Scotch", "Scotland", "Islay"],
    ["Lagavulin 16", "Lagavulin", 43, "Single Malt Scotch", "Scotland", "Islay"],
    ["Aberlour A'bunadh", "Aberlour", 60.7, "Single Malt Scotch", "Scotland", "Speyside"],
    ["GlenDronach 18", "GlenDronach", 46, "Single Malt Scotch", "Scotland", "Highlands"],
    ["Buffalo Trace", "Buffalo Trace", 45, "Bourbon", "United States", "Kentucky"],
    ["Redbreast 12", "Redbreast", 40, "Irish Whiskey", "Ireland", "Cork"],
  ] as const;
  const bottles: number[] = [];
  for (const [name, brand, abv, type, country, state] of bottleSpecs)
    bottles.push(
      (
        await as(ann).bottles.create({
          name,
          storeLink: "https://shop.example/" + encodeURIComponent(name),
          brandId: null,
          newBrand: brand,
          drinkTypeId: typeId(type),
          countryId: countryId(country),
          stateId: stateId(state),
          abv,
        })
      ).id,
    );
  const [laphroaig, lagavulin, aberlour, glendronach, buffalo, redbreast] = bottles as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const bought = await as(bob).instances.create({
    datePurchased: "2026-03-02",
    purchasePrice: 54.99,
    bottleId: laphroaig,
    dateFinished: null,
  });
  await as(bob).cellar.open({ id: bought.id, openedDate: "2026-04-10" });
  await as(bob).cellar.setLevel({ id: bought.id, levelPct: 35 });
  const finished = await as(cat).instances.create({
    datePurchased: "2025-12-20",
    purchasePrice: 89,
    bottleId: glendronach,
    dateFinished: null,
  });
  await as(cat).instances.finish({ id: finished.id });
  await as(ann).instances.create({
    datePurchased: "2026-10-01",
    purchasePrice: 31.5,
    bottleId: buffalo,
    dateFinished: null,
  });
  await as(ann).comments.create({ bottleId: laphroaig, comment: "Iodine, seaweed, a bonfire on the beach." });
  await as(bob).comments.create({ bottleId: laphroaig, comment: "Better with a drop of water." });
  const edited = await as(cat).comments.create({ bottleId: aberlour, comment: "Christmas cake" });
  await as(cat).comments.update({ id: edited.id, comment: "Christmas cake and orange peel." });
  await as(ann).bottles.setFavourite({ id: lagavulin, favourite: true });
  await as(bob).bottles.setFavourite({ id: aberlour, favourite: true });
  for (const [bottleId, hue] of [
    [laphroaig, 0],
    [aberlour, 60],
    [redbreast, 120],
  ] as const) {
    const upload = multipartBody([
      { name: "image", filename: "photo.jpg", contentType: "image/jpeg", data: await photo(800, 600, hue) },
    ]);
    const res = await t.request({
      method: "POST",
      url: `/api/Bottles/UploadImage?bottleId=${bottleId}`,
      payload: upload.payload,
      headers: { "content-type": upload.contentType },
      token: ann.token,
    });
    if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  }

  // Last month's open night: bottles sampled, scores.
  const october = await as(host).meetings.create({
    date: "2026-10-09",
    hostName: "Hana Oaks",
    themeId: themes[2]!,
  });
  for (const bottleId of [buffalo, redbreast])
    await as(host).meetings.addBottle({ meetingId: october.id, bottleId });
  const octNight = await as(host).night.get({ id: october.id });
  await as(host).night.settings({
    id: october.id,
    capacity: 12,
    blind: false,
    scoringOpen: true,
    hostMemberId: octNight.hostMemberId,
  });
  for (const [m, base] of [
    [ann, 18],
    [bob, 20],
  ] as const)
    for (const pour of [1, 2])
      await as(m).night.score({
        id: october.id,
        pour,
        nose: base,
        palate: base + pour,
        finish: base - 1,
        balance: base,
        note: `Pour ${pour}: vanilla and oak.`,
        tags: ["vanilla", "woody"],
      });
  await as(host).night.settings({
    id: october.id,
    capacity: 12,
    blind: false,
    scoringOpen: false,
    hostMemberId: octNight.hostMemberId,
  });

  // Tonight's blind night: a flight of three, members' and guests' scores with guesses, revealed.
  const blind = await as(host).meetings.create({
    date: "2026-11-13",
    hostName: "Hana Oaks",
    themeId: themes[0]!,
  });
  await as(host).night.settings({
    id: blind.id,
    capacity: 10,
    blind: true,
    scoringOpen: true,
    hostMemberId: host.user.id,
  });
  await as(host).night.setFlight({
    id: blind.id,
    pours: [
      { bottleId: lagavulin, pourMl: 25 },
      { bottleId: aberlour, pourMl: 20 },
      { bottleId: laphroaig, pourMl: 25 },
    ],
  });
  for (const m of [ann, bob, cat])
    await as(m).night.rsvp({ id: blind.id, status: "going", guests: m === ann ? 1 : 0 });
  const scotch = typeId("Single Malt Scotch");
  for (const [i, m] of [ann, bob, cat].entries())
    for (const pour of [1, 2, 3])
      await as(m).night.score({
        id: blind.id,
        pour,
        nose: 15 + i + pour,
        palate: 16 + i,
        finish: 14 + pour,
        balance: 17,
        note: pour === 2 ? "Sherry, raisins, very strong." : "Smoke and salt.",
        tags: pour === 2 ? ["winey/sherry", "dried fruit"] : ["smoky", "peaty"],
        guess: {
          abv: 40 + 5 * pour + i,
          drinkTypeId: scotch,
          stateId: stateId(pour === 2 ? "Speyside" : "Islay"),
        },
      });
  const { code } = await as(host).guests.openCode({ id: blind.id });
  const joined = await t.caller(null).guests.join({ code, firstName: "Gus", guestOf: "Ann Peat" });
  const paper = await as(host).guests.add({ id: blind.id, firstName: "Paula", guestOf: "Bob Cask" });
  for (const guestId of [joined.guestId, paper.id])
    await as(host).guests.setScore({
      id: blind.id,
      guestId,
      pour: 1,
      nose: 19,
      palate: 18,
      finish: 20,
      balance: 19,
      note: "From the paper sheet.",
      tags: ["smoky"],
    });
  await as(host).guests.closeCode({ id: blind.id });
  for (const pour of [1, 2, 3]) await as(host).night.reveal({ id: blind.id, pour });
  await as(host).night.settings({
    id: blind.id,
    capacity: 10,
    blind: true,
    scoringOpen: false,
    hostMemberId: host.user.id,
  });

  // Next month's night: RSVPs, one declined.
  const december = await as(host).meetings.create({
    date: "2026-12-11",
    hostName: "Hana Oaks",
    themeId: themes[1]!,
  });
  await as(host).meetings.addBottle({ meetingId: december.id, bottleId: glendronach });
  await as(ann).night.rsvp({ id: december.id, status: "going", guests: 0 });
  await as(cat).night.rsvp({ id: december.id, status: "declined", guests: 0 });

  // The ledger: openings, payments, a void, a hardship waiver; the monthly charges.
  const money = as(treasurer);
  for (const [m, since, balance] of [
    [ann, "2019-03-05", 24],
    [bob, "2023-06-02", 0],
    [cat, "2021-01-08", 12],
    [host, "2018-09-14", 0],
  ] as const)
    await money.dues.setOpening({
      memberId: m.user.id,
      memberSince: since,
      joiningFeePaid: true,
      firstChargedMonth: "2026-10",
      openingBalance: balance,
      note: "Owed at the changeover",
    });
  await t.app.clubJobs.run();
  await money.dues.pay({
    memberId: ann.user.id,
    amount: 36,
    date: "2026-11-13",
    method: "cash",
    note: "At the meeting",
    confirm: true,
  });
  const typo = await money.dues.pay({
    memberId: bob.user.id,
    amount: 120,
    date: "2026-11-13",
    method: "bank transfer",
    note: "",
    confirm: true,
  });
  const typoLine = typo.entries.find((e) => e.kind === "payment" && !e.voided);
  if (!typoLine) throw new Error("no payment line to void");
  await money.dues.void({ id: typoLine.id, reason: "Typed 120 instead of 12" });
  await money.dues.pay({
    memberId: bob.user.id,
    amount: 12,
    date: "2026-11-13",
    method: "bank transfer",
    note: "",
    confirm: true,
  });
  await money.dues.waive({ memberId: cat.user.id, fromMonth: "2026-12", months: 3, reason: "Hardship" });

  // Invites: one for an address, one open link.
  await as(admin).members.invite({ email: "newcomer@club.example" });
  await as(admin).members.invite({});

  return { admin, treasurer, host, ann, bob, cat, bottles, meetings: [october.id, blind.id, december.id] };
}

/** The reads to record: each screen's data, as a visitor, a member, the host, the treasurer, the admin. */
function readsOf(club: Awaited<ReturnType<typeof makeClub>>) {
  const trpc = (path: string, input?: unknown) =>
    `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const { admin, treasurer, host, ann, bob, cat, bottles, meetings } = club;
  const reads: { as: string | null; url: string }[] = [
    { as: null, url: "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames" },
    { as: null, url: "/api/Bottles/AllBottlesList" },
    { as: null, url: "/api/Bottles" },
    { as: null, url: "/api/MonthlyThemes/WithLastDate" },
    { as: null, url: trpc("stats.get") },
    { as: null, url: trpc("cellar.shelf") },
    { as: null, url: trpc("night.clubScores") },
    { as: null, url: trpc("lookups.brands") },
    { as: ann.user.email, url: trpc("bottles.favourites") },
    { as: ann.user.email, url: trpc("night.tastings") },
    { as: ann.user.email, url: trpc("dues.me") },
    { as: ann.user.email, url: trpc("account.get") },
    { as: cat.user.email, url: trpc("dues.me") },
    { as: treasurer.user.email, url: trpc("dues.list") },
    { as: treasurer.user.email, url: trpc("dues.report", { from: "2026-01", to: "2026-12" }) },
    { as: admin.user.email, url: trpc("members.list") },
    { as: admin.user.email, url: trpc("activity.list", { limit: 200 }) },
  ];
  for (const m of [ann, bob, cat, host])
    reads.push({ as: treasurer.user.email, url: trpc("dues.member", { memberId: m.user.id }) });
  for (const id of bottles) {
    reads.push({ as: null, url: `/api/Bottles/${id}` });
    reads.push({ as: null, url: trpc("comments.byBottle", { bottleId: id }) });
    reads.push({ as: null, url: trpc("night.bottlePours", { id }) });
    reads.push({ as: null, url: `/api/Bottles/${id}/Image` });
  }
  for (const id of meetings) {
    reads.push({ as: null, url: `/api/MonthlyMeetings/${id}` });
    for (const path of ["night.get", "night.flight", "night.results", "night.rsvps"]) {
      reads.push({ as: null, url: trpc(path, { id }) });
      reads.push({ as: bob.user.email, url: trpc(path, { id }) });
    }
    reads.push({ as: host.user.email, url: trpc("guests.list", { id }) });
    reads.push({ as: ann.user.email, url: trpc("night.myScores", { id }) });
  }
  return reads;
}

/** Makes the reads as their members (a fresh access token each) and keeps their answers. */
/** Access tokens of a club's members by email, made as the reads need them. */
export function memberTokens(t: TestApp): (email: string) => Promise<string> {
  const tokens = new Map<string, string>();
  return async (email) => {
    const known = tokens.get(email);
    if (known) return known;
    const row = t.app.deps.db.$client.prepare("SELECT id FROM members WHERE email = ?").get(email) as {
      id: number;
    };
    const { accessToken } = await t.app.deps.tokens.issuePair({ id: row.id, email });
    tokens.set(email, accessToken);
    return accessToken;
  };
}

/** Makes the reads as their members and keeps their answers. */
export async function recordReads(
  t: TestApp,
  reads: { as: string | null; url: string }[],
): Promise<RecordedRead[]> {
  const tokenOf = memberTokens(t);
  const recorded: RecordedRead[] = [];
  for (const read of reads) {
    const res = await t.request({
      method: "GET",
      url: read.url,
      ...(read.as ? { token: await tokenOf(read.as) } : {}),
    });
    const contentType = String(res.headers["content-type"] ?? "");
    recorded.push({
      ...read,
      status: res.statusCode,
      contentType,
      ...(contentType.startsWith("application/json")
        ? { json: res.json() }
        : { sha256: sha256(res.rawPayload) }),
    });
  }
  return recorded;
}

/** Every file under `dir` but the database's (relative path -> sha256). */
export function filesOf(dir: string, skip: (path: string) => boolean): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const path = sub ? `${sub}/${entry.name}` : entry.name;
      if (skip(path)) continue;
      if (entry.isDirectory()) walk(path);
      else files[path] = sha256(readFileSync(join(dir, path)));
    }
  };
  walk("");
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
}

async function main() {
  const out = resolve(process.argv[2] ?? "");
  if (!process.argv[2]) throw new Error("usage: npx tsx test/upgrade/makeFixture.ts <output folder>");
  const version =
    (
      JSON.parse(readFileSync(new URL("../../../../package.json", import.meta.url), "utf8")) as {
        version?: string;
      }
    ).version ?? "1.0.0";
  const dataDir = join(out, "data");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const now = new Date(FIXTURE_NOW);
  const t = await createTestApp({ dataDir, keepDataDir: true, now: () => now, env: FIXTURE_ENV });
  const club = await makeClub(t);
  await t.app.deps.images.settled();
  const reads = await recordReads(t, readsOf(club));
  await t.close();
  rmSync(join(dataDir, "no-web"), { recursive: true, force: true });
  const manifest: FixtureManifest = {
    version,
    now: FIXTURE_NOW,
    env: FIXTURE_ENV,
    files: filesOf(dataDir, (path) => path.startsWith("club.sqlite")),
    reads,
  };
  writeFileSync(join(out, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`);
  console.log(`${out}: ${reads.length} reads, ${Object.keys(manifest.files).length} files`);
}

if (process.argv[1]?.endsWith("makeFixture.ts")) await main();

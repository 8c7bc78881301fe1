import { beforeAll, describe, expect, it } from "vitest";
import * as shared from "@club/shared";
import type { ActivitySentence, SentenceRow } from "@club/shared";
import { loadLanguage } from "../../lib/i18n";
import { describeActivity, Describer } from "./describeActivity";
import { emptyNameBook, type DescribableEntry, type NameBook } from "./names";
import { sentenceOf } from "./sentences";

/**
 * The sentences each namespace declares in packages/shared are the activity log's English: the
 * catalogue's English must say exactly what they say, for every action and every shape of entry.
 */
const SHARED_TABLES: Record<string, ActivitySentence | null>[] = [
  shared.AUTH_SENTENCES,
  shared.BACKUPS_SENTENCES,
  shared.BOTTLES_SENTENCES,
  shared.CELLAR_SENTENCES,
  shared.CLUB_SENTENCES,
  shared.COMMENTS_SENTENCES,
  shared.GUESTS_SENTENCES,
  shared.INSTANCES_SENTENCES,
  shared.MEETINGS_SENTENCES,
  shared.NIGHT_SENTENCES,
  shared.NOTIFICATIONS_SENTENCES,
  shared.SSO_SENTENCES,
  shared.THEMES_SENTENCES,
  shared.WISHLIST_SENTENCES,
  shared.TOKENS_SENTENCES,
  shared.WEBHOOKS_SENTENCES,
  shared.TOTP_SENTENCES,
  shared.PASSKEYS_SENTENCES,
  shared.PASSKEY_LOGIN_SENTENCES,
  shared.PLANNING_SENTENCES,
  shared.MESSAGES_SENTENCES,
];

function book(): NameBook {
  return {
    ...emptyNameBook(),
    bottle: new Map([
      [7, "Lagavulin 16"],
      [8, "Ardbeg 10"],
    ]),
    theme: new Map([[3, "Islay Night"]]),
    meeting: new Map([[12, "2026-01-09"]]),
    brand: new Map([[1, "Lagavulin"]]),
  };
}

/** A row with every column some sentence reads, and a second with other values and the odd ones missing. */
const rowA: SentenceRow = {
  id: 7,
  name: "Lagavulin 16",
  bottleId: 7,
  meetingId: 12,
  themeId: 3,
  date: "2026-01-09",
  datePurchased: "2026-01-09",
  openedDate: "2026-02-01",
  purchasePriceCents: 5499,
  comment: "Peat and smoke",
  description: "Islay Night",
  hostName: "Ann Lee",
  firstName: "Bob",
  lastName: "Ray",
  guestOf: "Ann Lee",
  status: "going",
  guests: 2,
  position: 1,
  pourMl: 25,
  pour: 2,
  phase: "nose",
  favourite: true,
  vote: true,
  bottleName: "Octomore 14.1",
  url: "https://hooks.example.org/club",
  file: "club-2026-01-09.db",
  barcode: "5000281005416",
  created: 3,
  subject: "Bring a glass",
  audience: "going",
  role: "admin",
  levelPct: 40,
  email: "bob@example.org",
  device: "Firefox on Linux",
  abv: 46,
};
const rowB: SentenceRow = {
  ...rowA,
  id: 8,
  name: "Ardbeg 10",
  bottleId: null,
  themeId: 99,
  status: "maybe",
  guests: 1,
  position: 2,
  pourMl: 30,
  phase: null,
  favourite: false,
  vote: false,
  created: 1,
  audience: "all",
  role: "member",
  abv: 43,
  firstName: undefined,
  guestOf: undefined,
  email: undefined,
  device: undefined,
};
const rowC: SentenceRow = { ...rowA, status: "no", guests: 0, meetingId: 44, bottleId: 8 };

const ENTITIES: [string, string][] = [
  ["bottle", "7"],
  ["meeting", "12"],
  ["meetingBottle", "12:7"],
  ["meetingBottle", "12:hidden"],
  ["instance", "30"],
  ["wish", "5"],
  ["invite", "9"],
  ["rsvp", "12:1"],
  ["score", "12:7:1"],
  ["guest", "4"],
];
const ROWS: [SentenceRow | null, SentenceRow | null][] = [
  [null, rowA],
  [null, rowB],
  [null, rowC],
  [rowA, null],
  [rowB, null],
  [rowA, rowB],
  [rowB, rowA],
  [rowA, rowC],
  [rowA, rowA],
];

describe("the catalogue's English", () => {
  const cases = SHARED_TABLES.flatMap((table) =>
    Object.entries(table).flatMap(([action, sentence]) => (sentence ? [[action, sentence] as const] : [])),
  );

  it.each(cases)("%s says what its namespace's English sentence says", (action, sentence) => {
    const d = new Describer(book(), "en");
    const ours = sentenceOf(action);
    expect(ours).not.toBeNull();
    for (const [entity, entityId] of ENTITIES)
      for (const [before, after] of ROWS) {
        const entry = { action, entity, entityId };
        const row = after ?? before;
        const parts = { d, entry, before, after, row, thing: d.thing(entity, row, entityId) };
        expect(ours!({ ...parts, entry: { ...entry, member: null } })).toBe(sentence(parts));
      }
  });
});

describe("the activity log in German", () => {
  beforeAll(() => loadLanguage("de"));
  const ann = { firstName: "Ann", lastName: "Lee" };
  const say = (entry: Partial<DescribableEntry> & Pick<DescribableEntry, "action" | "entity">) =>
    describeActivity({ entityId: "7", member: ann, before: null, after: null, ...entry }, book(), "de");

  it("says a change in German, its plurals by German rules", () => {
    expect(say({ action: "bottles.create", entity: "bottle", after: rowA })).toBe(
      "Ann Lee hat die Flasche Lagavulin 16 hinzugefügt",
    );
    expect(say({ action: "bottles.import", entity: "import", after: { created: 1 } })).toBe(
      "Ann Lee hat 1 Flasche aus einer CSV-Datei importiert",
    );
    expect(say({ action: "bottles.import", entity: "import", after: { created: 3 } })).toBe(
      "Ann Lee hat 3 Flaschen aus einer CSV-Datei importiert",
    );
    expect(
      say({ action: "bottles.updateAbv", entity: "bottle", before: rowA, after: { ...rowA, abv: 43 } }),
    ).toMatch(/^Ann Lee hat bei Lagavulin 16 Alkoholgehalt von 46\s?% auf 43\s?% geändert$/);
  });

  it("says who answered, with how many guests, in German", () => {
    const rsvp = (guests: number) =>
      describeActivity(
        {
          action: "night.rsvp",
          entity: "rsvp",
          entityId: "12:1",
          member: ann,
          after: { meetingId: 12, status: "going", guests },
        },
        book(),
        "de",
      );
    expect(rsvp(0)).toMatch(/^Ann Lee hat zugesagt, zum Treffen vom .+ zu kommen$/);
    expect(rsvp(1)).toMatch(/zu kommen – mit 1 Gast$/);
    expect(rsvp(2)).toMatch(/zu kommen – mit 2 Gästen$/);
    expect(
      describeActivity(
        {
          action: "guests.join",
          entity: "guest",
          entityId: "4",
          member: null,
          after: { firstName: "Bob", meetingId: 12 },
        },
        book(),
        "de",
      ),
    ).toMatch(/^Ein Gast \(Bob\) ist dem Treffen vom .+ beigetreten$/);
  });
});

import { describe, expect, it } from "vitest";
import { describeActivity } from "./describeActivity";
import { emptyNameBook, learnNames, type DescribableEntry, type NameBook } from "./names";

const ann = { firstName: "Ann", lastName: "Lee" };

function book(): NameBook {
  const names = emptyNameBook();
  return {
    ...names,
    bottle: new Map([
      [7, "Lagavulin 16"],
      [8, "Ardbeg 10"],
    ]),
    theme: new Map([
      [3, "Islay Night"],
      [4, "Speyside Sherry"],
    ]),
    meeting: new Map([[12, "2026-01-09"]]),
    brand: new Map([
      [1, "Lagavulin"],
      [2, "Diageo"],
    ]),
    state: new Map([[5, "Islay"]]),
  };
}

const bottleRow = {
  id: 7,
  name: "Lagavulin 16",
  brandId: 1,
  drinkTypeId: null,
  countryId: null,
  stateId: 5,
  abv: 46,
  storeLink: null,
  createdBy: 1,
  createdAt: "2026-01-01T10:00:00.000Z",
};
const instanceRow = {
  id: 30,
  bottleId: 7,
  datePurchased: "2026-01-09",
  dateFinished: null,
  purchasePriceCents: 5499,
  createdBy: 1,
  createdAt: "2026-01-09T10:00:00.000Z",
};
const meetingRow = {
  id: 12,
  date: "2026-01-09",
  hostName: "Ann Lee",
  themeId: 3,
  createdBy: 1,
  createdAt: "x",
};
const commentRow = {
  id: 40,
  bottleId: 7,
  memberId: 1,
  comment: "Peat,   smoke\nand iodine.",
  createdAt: "x",
};

function say(entry: Partial<DescribableEntry> & Pick<DescribableEntry, "action" | "entity">, names = book()) {
  return describeActivity({ entityId: "7", member: ann, before: null, after: null, ...entry }, names);
}

describe("activity sentences", () => {
  it("tells bottle attribute changes with their values", () => {
    expect(
      say({
        action: "bottles.updateAbv",
        entity: "bottle",
        before: bottleRow,
        after: { ...bottleRow, abv: 43 },
      }),
    ).toBe("Ann Lee changed the ABV of Lagavulin 16 from 46% to 43%");
    expect(
      say({
        action: "bottles.updateBrand",
        entity: "bottle",
        before: bottleRow,
        after: { ...bottleRow, brandId: 2 },
      }),
    ).toBe("Ann Lee changed the brand of Lagavulin 16 from Lagavulin to Diageo");
    expect(
      say({
        action: "bottles.updateState",
        entity: "bottle",
        before: bottleRow,
        after: { ...bottleRow, stateId: null },
      }),
    ).toBe("Ann Lee changed the state of Lagavulin 16 from Islay to N/A");
    expect(
      say({
        action: "bottles.update",
        entity: "bottle",
        before: bottleRow,
        after: { ...bottleRow, name: "Lagavulin 16 Year Old" },
      }),
    ).toBe("Ann Lee renamed Lagavulin 16 to Lagavulin 16 Year Old");
    expect(
      say({
        action: "bottles.update",
        entity: "bottle",
        before: bottleRow,
        after: { ...bottleRow, storeLink: "https://shop.example.com/lag16" },
      }),
    ).toBe("Ann Lee changed the store link of Lagavulin 16");
    expect(
      say({
        action: "bottles.update",
        entity: "bottle",
        before: bottleRow,
        after: { ...bottleRow, name: "Lagavulin", storeLink: "https://x.example" },
      }),
    ).toBe("Ann Lee changed Lagavulin 16: name from “Lagavulin 16” to “Lagavulin”, store link");
  });

  it("tells additions and deletions of bottles, photos, purchases, comments and themes", () => {
    expect(say({ action: "bottles.create", entity: "bottle", after: bottleRow })).toBe(
      "Ann Lee added the bottle Lagavulin 16",
    );
    expect(say({ action: "bottles.delete", entity: "bottle", before: { ...bottleRow, _children: {} } })).toBe(
      "Ann Lee deleted the bottle Lagavulin 16",
    );
    expect(
      say({
        action: "bottles.mergeInto",
        entity: "bottle",
        before: { ...bottleRow, name: "Lagavulin 16yo", _children: {} },
        after: { id: 8, name: "Lagavulin 16", mergedFromId: 7, aliasId: 1, moved: {} },
      }),
    ).toBe("Ann Lee merged Lagavulin 16yo into Lagavulin 16");
    expect(say({ action: "bottles.uploadImage", entity: "image", after: { bottleId: 7, hash: "ab" } })).toBe(
      "Ann Lee uploaded a photo of Lagavulin 16",
    );
    expect(
      say({
        action: "bottles.uploadImage",
        entity: "image",
        before: { bottleId: 7 },
        after: { bottleId: 7 },
      }),
    ).toBe("Ann Lee replaced the photo of Lagavulin 16");
    expect(say({ action: "instances.create", entity: "instance", entityId: "30", after: instanceRow })).toBe(
      "Ann Lee added a purchase: Lagavulin 16 bought on Jan 9, 2026 for $54.99",
    );
    expect(say({ action: "instances.delete", entity: "instance", entityId: "30", before: instanceRow })).toBe(
      "Ann Lee deleted the purchase of the Lagavulin 16 bought on Jan 9, 2026 ($54.99)",
    );
    expect(say({ action: "comments.create", entity: "comment", entityId: "40", after: commentRow })).toBe(
      "Ann Lee commented on Lagavulin 16: “Peat, smoke and iodine.”",
    );
    expect(say({ action: "comments.delete", entity: "comment", entityId: "40", before: commentRow })).toBe(
      "Ann Lee deleted the comment on Lagavulin 16: “Peat, smoke and iodine.”",
    );
    expect(
      say({
        action: "comments.update",
        entity: "comment",
        entityId: "40",
        before: commentRow,
        after: { ...commentRow, comment: "Smoky." },
      }),
    ).toBe("Ann Lee edited a comment on Lagavulin 16: “Smoky.”");
    const theme = { id: 3, description: "Islay Night", createdBy: 1, createdAt: "x" };
    expect(say({ action: "themes.create", entity: "theme", entityId: "3", after: theme })).toBe(
      "Ann Lee added the theme “Islay Night”",
    );
    expect(
      say({
        action: "themes.update",
        entity: "theme",
        entityId: "3",
        before: theme,
        after: { ...theme, description: "Islay Nights" },
      }),
    ).toBe("Ann Lee renamed the theme “Islay Night” to “Islay Nights”");
    expect(say({ action: "themes.delete", entity: "theme", entityId: "3", before: theme })).toBe(
      "Ann Lee deleted the theme “Islay Night”",
    );
  });

  it("shortens a long comment to about 80 characters", () => {
    const long = { ...commentRow, comment: "word ".repeat(40) };
    const sentence = say({ action: "comments.create", entity: "comment", entityId: "40", after: long });
    expect(sentence.endsWith("…”")).toBe(true);
    expect(sentence.length).toBeLessThan(130);
  });

  it("tells purchase corrections and finishing, dates and prices formatted", () => {
    expect(
      say({
        action: "instances.finish",
        entity: "instance",
        entityId: "30",
        before: instanceRow,
        after: { ...instanceRow, dateFinished: "2026-02-01T19:30:00.000Z" },
      }),
    ).toBe("Ann Lee marked the Lagavulin 16 bought on Jan 9, 2026 as finished");
    expect(
      say({
        action: "instances.update",
        entity: "instance",
        entityId: "30",
        before: { ...instanceRow, dateFinished: "2026-02-01" },
        after: { ...instanceRow, purchasePriceCents: 5999, dateFinished: null },
      }),
    ).toBe(
      "Ann Lee changed the purchase of the Lagavulin 16 bought on Jan 9, 2026: price from $54.99 to $59.99, finish date from Feb 1, 2026 to not finished",
    );
  });

  it("tells the cellar's changes: opening, a fill-level reading, a new size", () => {
    const opened = { ...instanceRow, openedDate: "2026-02-13", levelPct: null, levelSetOn: null };
    expect(
      say({
        action: "cellar.open",
        entity: "instance",
        entityId: "30",
        before: { ...opened, openedDate: null },
        after: opened,
      }),
    ).toBe("Ann Lee opened the Lagavulin 16 bought on Jan 9, 2026 on Feb 13, 2026");
    expect(
      say({
        action: "cellar.setLevel",
        entity: "instance",
        entityId: "30",
        before: opened,
        after: { ...opened, levelPct: 35, levelSetOn: "2026-03-01" },
      }),
    ).toBe("Ann Lee set the fill level of the Lagavulin 16 bought on Jan 9, 2026 to 35%");
    expect(
      say({
        action: "activity.undo",
        entity: "instance",
        entityId: "30",
        before: { ...opened, levelPct: 35, levelSetOn: "2026-03-01" },
        after: opened,
      }),
    ).toBe(
      "Ann Lee undid a change to the Lagavulin 16 bought on Jan 9, 2026: fill level from 35% to the estimate",
    );
  });

  it("tells meetings and their line-ups", () => {
    expect(say({ action: "meetings.create", entity: "meeting", entityId: "12", after: meetingRow })).toBe(
      "Ann Lee added the meeting of Jan 9, 2026 (host Ann Lee, theme “Islay Night”)",
    );
    expect(
      say({
        action: "meetings.update",
        entity: "meeting",
        entityId: "12",
        before: meetingRow,
        after: { ...meetingRow, hostName: "Bob Roy", themeId: 4 },
      }),
    ).toBe(
      "Ann Lee changed the meeting of Jan 9, 2026: host from “Ann Lee” to “Bob Roy”, theme from “Islay Night” to “Speyside Sherry”",
    );
    expect(say({ action: "meetings.delete", entity: "meeting", entityId: "12", before: meetingRow })).toBe(
      "Ann Lee deleted the meeting of Jan 9, 2026 (host Ann Lee)",
    );
    const line = { meetingId: 12, bottleId: 8, createdAt: "x" };
    expect(
      say({ action: "meetings.addBottle", entity: "meetingBottle", entityId: "12:8", after: line }),
    ).toBe("Ann Lee added Ardbeg 10 to the meeting of Jan 9, 2026");
    expect(
      say({ action: "meetings.removeBottle", entity: "meetingBottle", entityId: "12:8", before: line }),
    ).toBe("Ann Lee removed Ardbeg 10 from the meeting of Jan 9, 2026");
  });

  it("tells undos: a deletion restored, an addition taken back, an edit set back", () => {
    expect(say({ action: "activity.undo", entity: "comment", entityId: "40", after: commentRow })).toBe(
      "Ann Lee restored the comment on Lagavulin 16",
    );
    expect(
      say({
        action: "activity.undo",
        entity: "theme",
        entityId: "3",
        before: { id: 3, description: "Oops" },
      }),
    ).toBe("Ann Lee undid the addition of the theme “Oops”");
    expect(
      say({ action: "activity.undo", entity: "bottle", before: { ...bottleRow, abv: 43 }, after: bottleRow }),
    ).toBe("Ann Lee undid a change to Lagavulin 16: ABV from 43% to 46%");
  });

  it("tells membership and account changes", () => {
    const member = { firstName: "Bob", lastName: "Roy", role: "member", status: "pending" };
    expect(
      say({
        action: "members.approve",
        entity: "member",
        before: member,
        after: { ...member, status: "active" },
      }),
    ).toBe("Ann Lee approved the membership of Bob Roy");
    expect(
      say({
        action: "members.setRole",
        entity: "member",
        before: { ...member, status: "active" },
        after: { ...member, status: "active", role: "treasurer" },
      }),
    ).toBe("Ann Lee changed the role of Bob Roy from member to treasurer");
    expect(say({ action: "members.invite", entity: "invite", after: { email: "new@example.com" } })).toBe(
      "Ann Lee created an invite for new@example.com",
    );
    expect(
      say({ action: "backups.create", entity: "backup", after: { file: "club-2026-11-23T0300.sqlite" } }),
    ).toBe("Ann Lee made a backup (club-2026-11-23T0300.sqlite)");
    expect(say({ action: "members.invite", entity: "invite", after: { email: null } })).toBe(
      "Ann Lee created an invite link",
    );
    expect(
      say({ action: "account.changePassword", entity: "member", after: { passwordChanged: true } }),
    ).toBe("Ann Lee changed their password");
  });

  it("tells single sign-on's joins and links", () => {
    const member = { firstName: "Ann", lastName: "Lee", role: "member" };
    expect(say({ action: "auth.ssoJoin", entity: "member", after: { ...member, status: "pending" } })).toBe(
      "Ann Lee asked to join the club",
    );
    expect(say({ action: "auth.ssoJoin", entity: "member", after: { ...member, status: "active" } })).toBe(
      "Ann Lee joined the club",
    );
    expect(say({ action: "auth.ssoLink", entity: "member", after: { ssoLinked: true } })).toBe(
      "Ann Lee linked their single sign-on account",
    );
    expect(
      say({
        action: "auth.ssoRole",
        entity: "member",
        before: member,
        after: { ...member, role: "treasurer" },
      }),
    ).toBe("Ann Lee got the role treasurer from single sign-on (was member)");
  });

  it("names a member who is gone, and things whose names are unknown", () => {
    expect(
      describeActivity(
        {
          action: "comments.create",
          entity: "comment",
          entityId: "40",
          member: null,
          before: null,
          after: { ...commentRow, bottleId: 99 },
        },
        book(),
      ),
    ).toBe("A former member commented on a bottle no longer in the library: “Peat, smoke and iodine.”");
    expect(say({ action: "something.new", entity: "widget", after: { id: 1 } })).toBe(
      "Ann Lee added something",
    );
  });

  it("the meeting night, RSVPs, dues and the command line in plain words; a hidden pour is one", () => {
    const member = { firstName: "Bob", lastName: "Roy", role: "member", status: "active" };
    const pour = { meetingId: 12, bottleId: 7, position: 2, pourMl: 25, revealedAt: null };
    const hidden = { ...pour, bottleId: null };
    expect(say({ action: "night.setFlight", entity: "meetingBottle", entityId: "12:7", after: pour })).toBe(
      "Ann Lee added Lagavulin 16 to the flight of the meeting of Jan 9, 2026",
    );
    expect(
      say({ action: "night.setFlight", entity: "meetingBottle", entityId: "12:hidden", after: hidden }),
    ).toBe("Ann Lee added a hidden pour to the flight of the meeting of Jan 9, 2026");
    expect(
      say({ action: "meetings.addBottle", entity: "meetingBottle", entityId: "12:hidden", after: hidden }),
    ).toBe("Ann Lee added a hidden pour to the meeting of Jan 9, 2026");
    expect(
      say({
        action: "night.setFlight",
        entity: "meetingBottle",
        entityId: "12:7",
        before: pour,
        after: { ...pour, position: 1, pourMl: 30 },
      }),
    ).toBe(
      "Ann Lee changed Lagavulin 16 in the flight of the meeting of Jan 9, 2026: now pour 1, 30 ml a glass",
    );
    expect(
      say({
        action: "night.score",
        entity: "score",
        entityId: "12:hidden:3",
        after: { meetingId: 12, bottleId: null },
      }),
    ).toBe("Ann Lee scored a hidden pour at the meeting of Jan 9, 2026");
    expect(
      say({
        action: "night.rsvp",
        entity: "rsvp",
        entityId: "12:3",
        after: { meetingId: 12, memberId: 3, status: "going", guests: 1 },
      }),
    ).toBe("Ann Lee said they are coming to the meeting of Jan 9, 2026 with 1 guest");
    expect(
      say({
        action: "night.settings",
        entity: "meeting",
        entityId: "12",
        before: { ...meetingRow, blind: false, capacity: null, scoringOpen: true },
        after: { ...meetingRow, blind: true, capacity: 12, scoringOpen: true },
      }),
    ).toBe(
      "Ann Lee changed the night's settings of the meeting of Jan 9, 2026: blind tasting on, places from no limit to 12",
    );
    expect(
      say({
        action: "dues.pay",
        entity: "duesEntry",
        entityId: "1",
        after: { memberId: 5, kind: "payment", amountCents: -4700, method: "cash" },
      }),
    ).toBe("Ann Lee recorded a $47.00 cash payment for a member");
    expect(
      say({
        action: "dues.waive",
        entity: "duesEntry",
        entityId: "2",
        after: { memberId: 5, kind: "waiver", month: "2026-02", months: 1, amountCents: -1200 },
      }),
    ).toBe("Ann Lee granted a member a hardship waiver for February 2026");
    expect(
      say({
        action: "admin.approve",
        entity: "member",
        entityId: "5",
        before: { ...member, status: "pending" },
        after: member,
      }),
    ).toBe(
      `Ann Lee approved the membership of ${member.firstName} ${member.lastName} (from the command line)`,
    );
  });

  it("learns the names of deleted bottles, themes and meetings from the entries themselves", () => {
    const entries: DescribableEntry[] = [
      {
        action: "bottles.delete",
        entity: "bottle",
        entityId: "99",
        member: ann,
        before: { ...bottleRow, id: 99, name: "Port Ellen 1979" },
        after: null,
      },
    ];
    const names = learnNames(book(), entries);
    expect(names.bottle.get(99)).toBe("Port Ellen 1979");
    // A known name is the current one and stays.
    expect(
      learnNames(book(), [
        { ...entries[0]!, entityId: "7", before: { ...bottleRow, name: "Old" } },
      ]).bottle.get(7),
    ).toBe("Lagavulin 16");
    expect(
      describeActivity(
        {
          action: "comments.create",
          entity: "comment",
          entityId: "41",
          member: ann,
          after: { ...commentRow, bottleId: 99 },
        },
        names,
      ),
    ).toBe("Ann Lee commented on Port Ellen 1979: “Peat, smoke and iodine.”");
  });
});

describe("import and export", () => {
  it("tells a CSV import and a restore of the club in one sentence each", () => {
    expect(
      say({
        action: "bottles.import",
        entity: "import",
        after: { created: 12, skipped: 1, errors: 0, bottleIds: [] },
      }),
    ).toBe("Ann Lee imported 12 bottles from a CSV file");
    expect(say({ action: "club.import", entity: "club", after: { tables: {} } })).toBe(
      "Ann Lee restored the whole club from a JSON export",
    );
  });
});

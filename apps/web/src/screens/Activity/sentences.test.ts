import { beforeAll, describe, expect, it } from "vitest";
import type { SentenceRow } from "@club/shared";
import { loadLanguage } from "../../lib/i18n";
import { describeActivity, Describer } from "./describeActivity";
import { emptyNameBook, type DescribableEntry, type NameBook } from "./names";
import { sentenceOf } from "./sentences";

/**
 * The catalogue's English is the activity log's English: these are its sentences, word for word,
 * for every action and every shape of entry (a thing, its rows before and after the change).
 */
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

/** The things an entry can be about (its entity and id), by the names the table below uses. */
const ENTITIES: Record<string, [entity: string, entityId: string]> = {
  bottle: ["bottle", "7"],
  meeting: ["meeting", "12"],
  pour: ["meetingBottle", "12:7"],
  hiddenPour: ["meetingBottle", "12:hidden"],
  purchase: ["instance", "30"],
  wish: ["wish", "5"],
  invite: ["invite", "9"],
  rsvp: ["rsvp", "12:1"],
  score: ["score", "12:7:1"],
  guest: ["guest", "4"],
};
/** An entry's rows, before and after: "-A" adds rowA, "A-" deletes it, "AB" changes rowA to rowB. */
const ROWS: Record<string, SentenceRow | null> = { "-": null, A: rowA, B: rowB, C: rowC };
const CHANGES = ["-A", "-B", "-C", "A-", "B-", "AB", "BA", "AC", "AA"];

/**
 * The activity log's English, word for word, for every shape of entry: per action, each sentence
 * with the shapes it is said of. A shape list names the things ("pour", "hiddenPour"; "any" for
 * every thing), each with its changes (none: every change), "; " between them; "else" is every
 * shape no other sentence of the action lists. A changed English sentence in
 * src/locales/en/activity.json is changed here too, so the change is made on purpose.
 */
const ENGLISH: Record<string, Record<string, string>> = {
  "auth.confirmEmail": { "joined the club": "else" },
  "auth.ssoJoin": { "joined the club": "else" },
  "auth.ssoLink": { "linked their single sign-on account": "else" },
  "auth.ssoRole": {
    "got the role admin from single sign-on (was undefined)": "else",
    "got the role admin from single sign-on (was admin)": "any AC AA",
    "got the role member from single sign-on (was undefined)": "any -B",
    "got the role undefined from single sign-on (was admin)": "any A-",
    "got the role undefined from single sign-on (was member)": "any B-",
    "got the role member from single sign-on (was admin)": "any AB",
    "got the role admin from single sign-on (was member)": "any BA",
  },
  "auth.resetPassword": { "reset their password": "else" },
  "backups.create": {
    "made a backup (club-2026-01-09.db)": "else",
    "made a backup ()": "any A- B-",
  },
  "bottles.import": {
    "imported 3 bottles from a CSV file": "else",
    "imported 1 bottle from a CSV file": "any -B AB",
    "imported 0 bottles from a CSV file": "any A- B-",
  },
  "bottles.create": {
    "added the bottle something": "else",
    "added the bottle a hidden pour in the meeting of Jan 9, 2026": "pour -B B- AB; hiddenPour",
    "added the bottle the meeting of Jan 9, 2026": "meeting",
    "added the bottle an invite": "invite",
    "added the bottle an RSVP for the meeting of Jan 9, 2026": "rsvp",
    "added the bottle Lagavulin 16": "bottle -A -C A- BA AC AA",
    "added the bottle Lagavulin 16 in the meeting of Jan 9, 2026": "pour -A A- BA AA",
    "added the bottle the Lagavulin 16 bought on Jan 9, 2026": "purchase -A A- BA AA",
    "added the bottle a score of Lagavulin 16 at the meeting of Jan 9, 2026": "score -A A- BA AA",
    "added the bottle Ardbeg 10": "bottle -B B- AB",
    "added the bottle the a bottle no longer in the library bought on Jan 9, 2026": "purchase -B B- AB",
    "added the bottle a score of a hidden pour at the meeting of Jan 9, 2026": "score -B B- AB",
    "added the bottle Ardbeg 10 in the meeting of Jan 9, 2026": "pour -C AC",
    "added the bottle the Ardbeg 10 bought on Jan 9, 2026": "purchase -C AC",
    "added the bottle a score of Ardbeg 10 at the meeting of Jan 9, 2026": "score -C AC",
  },
  "bottles.delete": {
    "deleted the bottle something": "else",
    "deleted the bottle a hidden pour in the meeting of Jan 9, 2026": "pour -B B- AB; hiddenPour",
    "deleted the bottle the meeting of Jan 9, 2026": "meeting",
    "deleted the bottle an invite": "invite",
    "deleted the bottle an RSVP for the meeting of Jan 9, 2026": "rsvp",
    "deleted the bottle Lagavulin 16": "bottle -A -C A- BA AC AA",
    "deleted the bottle Lagavulin 16 in the meeting of Jan 9, 2026": "pour -A A- BA AA",
    "deleted the bottle the Lagavulin 16 bought on Jan 9, 2026": "purchase -A A- BA AA",
    "deleted the bottle a score of Lagavulin 16 at the meeting of Jan 9, 2026": "score -A A- BA AA",
    "deleted the bottle Ardbeg 10": "bottle -B B- AB",
    "deleted the bottle the a bottle no longer in the library bought on Jan 9, 2026": "purchase -B B- AB",
    "deleted the bottle a score of a hidden pour at the meeting of Jan 9, 2026": "score -B B- AB",
    "deleted the bottle Ardbeg 10 in the meeting of Jan 9, 2026": "pour -C AC",
    "deleted the bottle the Ardbeg 10 bought on Jan 9, 2026": "purchase -C AC",
    "deleted the bottle a score of Ardbeg 10 at the meeting of Jan 9, 2026": "score -C AC",
  },
  "bottles.mergeInto": {
    "merged Lagavulin 16 into Lagavulin 16": "else",
    "merged Lagavulin 16 into a bottle no longer in the library": "any A-",
    "merged Ardbeg 10 into a bottle no longer in the library": "any B-",
    "merged Lagavulin 16 into Ardbeg 10": "any AB",
    "merged Ardbeg 10 into Lagavulin 16": "any BA",
    "merged something into Lagavulin 16": "wish -A -C; guest -A -C",
    "merged the meeting of Jan 9, 2026 into Lagavulin 16": "meeting -A -C",
    "merged a hidden pour in the meeting of Jan 9, 2026 into Ardbeg 10": "pour -B; hiddenPour -B",
    "merged a hidden pour in the meeting of Jan 9, 2026 into Lagavulin 16": "hiddenPour -A -C",
    "merged something into Ardbeg 10": "wish -B; guest -B",
    "merged an invite into Lagavulin 16": "invite -A -C",
    "merged an RSVP for the meeting of Jan 9, 2026 into Lagavulin 16": "rsvp -A -C",
    "merged Ardbeg 10 into Ardbeg 10": "bottle -B",
    "merged the meeting of Jan 9, 2026 into Ardbeg 10": "meeting -B",
    "merged Lagavulin 16 in the meeting of Jan 9, 2026 into Lagavulin 16": "pour -A",
    "merged Ardbeg 10 in the meeting of Jan 9, 2026 into Lagavulin 16": "pour -C",
    "merged the Lagavulin 16 bought on Jan 9, 2026 into Lagavulin 16": "purchase -A",
    "merged the a bottle no longer in the library bought on Jan 9, 2026 into Ardbeg 10": "purchase -B",
    "merged the Ardbeg 10 bought on Jan 9, 2026 into Lagavulin 16": "purchase -C",
    "merged an invite into Ardbeg 10": "invite -B",
    "merged an RSVP for the meeting of Jan 9, 2026 into Ardbeg 10": "rsvp -B",
    "merged a score of Lagavulin 16 at the meeting of Jan 9, 2026 into Lagavulin 16": "score -A",
    "merged a score of a hidden pour at the meeting of Jan 9, 2026 into Ardbeg 10": "score -B",
    "merged a score of Ardbeg 10 at the meeting of Jan 9, 2026 into Lagavulin 16": "score -C",
  },
  "bottles.uploadImage": {
    "uploaded a photo of a bottle no longer in the library": "else",
    "replaced something": "wish A- B- AB BA AC AA; guest A- B- AB BA AC AA",
    "replaced a hidden pour in the meeting of Jan 9, 2026": "pour B- AB; hiddenPour A- B- AB BA AC AA",
    "replaced the meeting of Jan 9, 2026": "meeting A- B- AB BA AC AA",
    "replaced an invite": "invite A- B- AB BA AC AA",
    "replaced an RSVP for the meeting of Jan 9, 2026": "rsvp A- B- AB BA AC AA",
    "replaced Lagavulin 16": "bottle A- BA AC AA",
    "uploaded a photo of Lagavulin 16": "bottle -A -B -C",
    "replaced Lagavulin 16 in the meeting of Jan 9, 2026": "pour A- BA AA",
    "replaced the Lagavulin 16 bought on Jan 9, 2026": "purchase A- BA AA",
    "replaced a score of Lagavulin 16 at the meeting of Jan 9, 2026": "score A- BA AA",
    "replaced Ardbeg 10": "bottle B- AB",
    "replaced the a bottle no longer in the library bought on Jan 9, 2026": "purchase B- AB",
    "replaced a score of a hidden pour at the meeting of Jan 9, 2026": "score B- AB",
    "replaced Ardbeg 10 in the meeting of Jan 9, 2026": "pour AC",
    "replaced the Ardbeg 10 bought on Jan 9, 2026": "purchase AC",
    "replaced a score of Ardbeg 10 at the meeting of Jan 9, 2026": "score AC",
  },
  "bottles.update": {
    "saved Lagavulin 16 without changes": "else",
    "saved a bottle no longer in the library without changes":
      "meeting -A -B -C; pour -A -B -C; hiddenPour -A -B -C; purchase -A -B -C; wish -A -B -C; invite -A -B -C; rsvp -A -B -C; score -A -B -C; guest -A -B -C",
    "saved Ardbeg 10 without changes": "any B-",
    "changed Lagavulin 16: name from “Lagavulin 16” to “Ardbeg 10”, ABV from 46% to 43%": "any AB",
    "changed Ardbeg 10: name from “Ardbeg 10” to “Lagavulin 16”, ABV from 43% to 46%": "any BA",
  },
  "bottles.updateAbv": {
    "saved Lagavulin 16 without changes": "else",
    "saved a bottle no longer in the library without changes":
      "meeting -A -B -C; pour -A -B -C; hiddenPour -A -B -C; purchase -A -B -C; wish -A -B -C; invite -A -B -C; rsvp -A -B -C; score -A -B -C; guest -A -B -C",
    "saved Ardbeg 10 without changes": "any B-",
    "changed Lagavulin 16: name from “Lagavulin 16” to “Ardbeg 10”, ABV from 46% to 43%": "any AB",
    "changed Ardbeg 10: name from “Ardbeg 10” to “Lagavulin 16”, ABV from 43% to 46%": "any BA",
  },
  "bottles.updateBrand": {
    "saved Lagavulin 16 without changes": "else",
    "saved a bottle no longer in the library without changes":
      "meeting -A -B -C; pour -A -B -C; hiddenPour -A -B -C; purchase -A -B -C; wish -A -B -C; invite -A -B -C; rsvp -A -B -C; score -A -B -C; guest -A -B -C",
    "saved Ardbeg 10 without changes": "any B-",
    "changed Lagavulin 16: name from “Lagavulin 16” to “Ardbeg 10”, ABV from 46% to 43%": "any AB",
    "changed Ardbeg 10: name from “Ardbeg 10” to “Lagavulin 16”, ABV from 43% to 46%": "any BA",
  },
  "bottles.updateDrinkType": {
    "saved Lagavulin 16 without changes": "else",
    "saved a bottle no longer in the library without changes":
      "meeting -A -B -C; pour -A -B -C; hiddenPour -A -B -C; purchase -A -B -C; wish -A -B -C; invite -A -B -C; rsvp -A -B -C; score -A -B -C; guest -A -B -C",
    "saved Ardbeg 10 without changes": "any B-",
    "changed Lagavulin 16: name from “Lagavulin 16” to “Ardbeg 10”, ABV from 46% to 43%": "any AB",
    "changed Ardbeg 10: name from “Ardbeg 10” to “Lagavulin 16”, ABV from 43% to 46%": "any BA",
  },
  "bottles.updateCountry": {
    "saved Lagavulin 16 without changes": "else",
    "saved a bottle no longer in the library without changes":
      "meeting -A -B -C; pour -A -B -C; hiddenPour -A -B -C; purchase -A -B -C; wish -A -B -C; invite -A -B -C; rsvp -A -B -C; score -A -B -C; guest -A -B -C",
    "saved Ardbeg 10 without changes": "any B-",
    "changed Lagavulin 16: name from “Lagavulin 16” to “Ardbeg 10”, ABV from 46% to 43%": "any AB",
    "changed Ardbeg 10: name from “Ardbeg 10” to “Lagavulin 16”, ABV from 43% to 46%": "any BA",
  },
  "bottles.updateState": {
    "saved Lagavulin 16 without changes": "else",
    "saved a bottle no longer in the library without changes":
      "meeting -A -B -C; pour -A -B -C; hiddenPour -A -B -C; purchase -A -B -C; wish -A -B -C; invite -A -B -C; rsvp -A -B -C; score -A -B -C; guest -A -B -C",
    "saved Ardbeg 10 without changes": "any B-",
    "changed Lagavulin 16: name from “Lagavulin 16” to “Ardbeg 10”, ABV from 46% to 43%": "any AB",
    "changed Ardbeg 10: name from “Ardbeg 10” to “Lagavulin 16”, ABV from 43% to 46%": "any BA",
  },
  "bottles.setBarcode": {
    "attached the barcode 5000281005416 to a bottle no longer in the library": "else",
    "attached the barcode  to a bottle no longer in the library":
      "meeting A- B-; pour A- B-; hiddenPour A- B-; purchase A- B-; wish A- B-; invite A- B-; rsvp A- B-; score A- B-; guest A- B-",
    "attached the barcode 5000281005416 to Lagavulin 16": "bottle -A -B -C AB BA AC AA",
    "attached the barcode  to Lagavulin 16": "bottle A- B-",
  },
  "bottles.setFavourite": {
    "took a bottle no longer in the library off their favourites": "else",
    "marked Lagavulin 16 as a favourite": "any -A BA AA",
    "marked Ardbeg 10 as a favourite": "any -C AC",
  },
  "cellar.open": {
    "opened something on Feb 1, 2026": "else",
    "opened a hidden pour in the meeting of Jan 9, 2026 on Feb 1, 2026":
      "pour -B AB; hiddenPour -A -B -C AB BA AC AA",
    "opened the meeting of Jan 9, 2026 on Feb 1, 2026": "meeting -A -B -C AB BA AC AA",
    "opened an invite on Feb 1, 2026": "invite -A -B -C AB BA AC AA",
    "opened an RSVP for the meeting of Jan 9, 2026 on Feb 1, 2026": "rsvp -A -B -C AB BA AC AA",
    "opened Lagavulin 16 on Feb 1, 2026": "bottle -A -C BA AC AA",
    "opened something on ": "wish A- B-; guest A- B-",
    "opened Lagavulin 16 in the meeting of Jan 9, 2026 on Feb 1, 2026": "pour -A BA AA",
    "opened a hidden pour in the meeting of Jan 9, 2026 on ": "pour B-; hiddenPour A- B-",
    "opened the Lagavulin 16 bought on Jan 9, 2026 on Feb 1, 2026": "purchase -A BA AA",
    "opened a score of Lagavulin 16 at the meeting of Jan 9, 2026 on Feb 1, 2026": "score -A BA AA",
    "opened Ardbeg 10 on Feb 1, 2026": "bottle -B AB",
    "opened the meeting of Jan 9, 2026 on ": "meeting A- B-",
    "opened Ardbeg 10 in the meeting of Jan 9, 2026 on Feb 1, 2026": "pour -C AC",
    "opened the a bottle no longer in the library bought on Jan 9, 2026 on Feb 1, 2026": "purchase -B AB",
    "opened the Ardbeg 10 bought on Jan 9, 2026 on Feb 1, 2026": "purchase -C AC",
    "opened an invite on ": "invite A- B-",
    "opened an RSVP for the meeting of Jan 9, 2026 on ": "rsvp A- B-",
    "opened a score of a hidden pour at the meeting of Jan 9, 2026 on Feb 1, 2026": "score -B AB",
    "opened a score of Ardbeg 10 at the meeting of Jan 9, 2026 on Feb 1, 2026": "score -C AC",
    "opened Lagavulin 16 on ": "bottle A-",
    "opened Ardbeg 10 on ": "bottle B-",
    "opened Lagavulin 16 in the meeting of Jan 9, 2026 on ": "pour A-",
    "opened the Lagavulin 16 bought on Jan 9, 2026 on ": "purchase A-",
    "opened the a bottle no longer in the library bought on Jan 9, 2026 on ": "purchase B-",
    "opened a score of Lagavulin 16 at the meeting of Jan 9, 2026 on ": "score A-",
    "opened a score of a hidden pour at the meeting of Jan 9, 2026 on ": "score B-",
  },
  "cellar.setLevel": {
    "set the fill level of something to 40%": "else",
    "set the fill level of a hidden pour in the meeting of Jan 9, 2026 to 40%":
      "pour -B AB; hiddenPour -A -B -C AB BA AC AA",
    "set the fill level of the meeting of Jan 9, 2026 to 40%": "meeting -A -B -C AB BA AC AA",
    "set the fill level of an invite to 40%": "invite -A -B -C AB BA AC AA",
    "set the fill level of an RSVP for the meeting of Jan 9, 2026 to 40%": "rsvp -A -B -C AB BA AC AA",
    "set the fill level of Lagavulin 16 to 40%": "bottle -A -C BA AC AA",
    "set the fill level of something to 0%": "wish A- B-; guest A- B-",
    "set the fill level of Lagavulin 16 in the meeting of Jan 9, 2026 to 40%": "pour -A BA AA",
    "set the fill level of a hidden pour in the meeting of Jan 9, 2026 to 0%": "pour B-; hiddenPour A- B-",
    "set the fill level of the Lagavulin 16 bought on Jan 9, 2026 to 40%": "purchase -A BA AA",
    "set the fill level of a score of Lagavulin 16 at the meeting of Jan 9, 2026 to 40%": "score -A BA AA",
    "set the fill level of Ardbeg 10 to 40%": "bottle -B AB",
    "set the fill level of the meeting of Jan 9, 2026 to 0%": "meeting A- B-",
    "set the fill level of Ardbeg 10 in the meeting of Jan 9, 2026 to 40%": "pour -C AC",
    "set the fill level of the a bottle no longer in the library bought on Jan 9, 2026 to 40%":
      "purchase -B AB",
    "set the fill level of the Ardbeg 10 bought on Jan 9, 2026 to 40%": "purchase -C AC",
    "set the fill level of an invite to 0%": "invite A- B-",
    "set the fill level of an RSVP for the meeting of Jan 9, 2026 to 0%": "rsvp A- B-",
    "set the fill level of a score of a hidden pour at the meeting of Jan 9, 2026 to 40%": "score -B AB",
    "set the fill level of a score of Ardbeg 10 at the meeting of Jan 9, 2026 to 40%": "score -C AC",
    "set the fill level of Lagavulin 16 to 0%": "bottle A-",
    "set the fill level of Ardbeg 10 to 0%": "bottle B-",
    "set the fill level of Lagavulin 16 in the meeting of Jan 9, 2026 to 0%": "pour A-",
    "set the fill level of the Lagavulin 16 bought on Jan 9, 2026 to 0%": "purchase A-",
    "set the fill level of the a bottle no longer in the library bought on Jan 9, 2026 to 0%": "purchase B-",
    "set the fill level of a score of Lagavulin 16 at the meeting of Jan 9, 2026 to 0%": "score A-",
    "set the fill level of a score of a hidden pour at the meeting of Jan 9, 2026 to 0%": "score B-",
  },
  "club.import": { "restored the whole club from a JSON export": "else" },
  "club.updateSettings": { "changed the club's settings": "else" },
  "comments.create": {
    "commented on Lagavulin 16: “Peat and smoke”": "else",
    "commented on a bottle no longer in the library: “Peat and smoke”": "any -B B- AB",
    "commented on Ardbeg 10: “Peat and smoke”": "any -C AC",
  },
  "comments.update": {
    "edited a comment on Lagavulin 16: “Peat and smoke”": "else",
    "edited a comment on a bottle no longer in the library: “Peat and smoke”": "any -B AB",
    "edited a comment on Ardbeg 10: “Peat and smoke”": "any -C AC",
    "edited a comment on Lagavulin 16: “”": "any A-",
    "edited a comment on a bottle no longer in the library: “”": "any B-",
  },
  "comments.delete": {
    "deleted the comment on Lagavulin 16: “Peat and smoke”": "else",
    "deleted the comment on a bottle no longer in the library: “Peat and smoke”": "any B- AB",
    "deleted the comment on Lagavulin 16: “”": "any -A",
    "deleted the comment on a bottle no longer in the library: “”": "any -B",
    "deleted the comment on Ardbeg 10: “”": "any -C",
    "deleted the comment on Ardbeg 10: “Peat and smoke”": "any AC",
  },
  "guests.openCode": {
    "let guests join a meeting since deleted by code": "else",
    "let guests join the meeting of Jan 9, 2026 by code": "meeting",
  },
  "guests.closeCode": {
    "closed guests' joining at a meeting since deleted": "else",
    "closed guests' joining at the meeting of Jan 9, 2026": "meeting",
  },
  "guests.join": {
    "(Bob, guest of Ann Lee) joined the meeting of Jan 9, 2026": "else",
    "() joined the meeting of Jan 9, 2026": "any -B B- AB",
    "(Bob, guest of Ann Lee) joined a meeting since deleted": "any -C AC",
  },
  "guests.remove": {
    "removed the guest Bob from the meeting of Jan 9, 2026": "else",
    "removed the guest  from the meeting of Jan 9, 2026": "any -B B- AB",
    "removed the guest Bob from a meeting since deleted": "any -C AC",
  },
  "guests.add": {
    "added the guest Bob (guest of Ann Lee) to the meeting of Jan 9, 2026, to type in their paper sheet":
      "else",
    "added the guest  to the meeting of Jan 9, 2026, to type in their paper sheet": "any -B B- AB",
    "added the guest Bob (guest of Ann Lee) to a meeting since deleted, to type in their paper sheet":
      "any -C AC",
  },
  "guests.invite": {
    "invited the guest Bob of the meeting of Jan 9, 2026 to become a member": "else",
    "invited the guest  of the meeting of Jan 9, 2026 to become a member":
      "bottle -B B- AB; meeting -B B- AB; pour -B B- AB; hiddenPour -B B- AB; purchase -B B- AB; wish -B B- AB; rsvp -B B- AB; score -B B- AB; guest -B B- AB",
    "invited the guest Bob of a meeting since deleted to become a member":
      "bottle -C AC; meeting -C AC; pour -C AC; hiddenPour -C AC; purchase -C AC; wish -C AC; rsvp -C AC; score -C AC; guest -C AC",
    "invited a guest of the meeting of Jan 9, 2026 to become a member": "invite -A -B A- B- AB BA AA",
    "invited a guest of a meeting since deleted to become a member": "invite -C AC",
  },
  "guests.setScore": {
    "changed a guest's paper score of Lagavulin 16 at the meeting of Jan 9, 2026": "else",
    "changed a guest's paper score of a hidden pour at the meeting of Jan 9, 2026":
      "any B- AB; hiddenPour A- BA AA",
    "typed in a guest's paper score of a hidden pour at the meeting of Jan 9, 2026": "any -B; hiddenPour -A",
    "typed in a guest's paper score of Lagavulin 16 at the meeting of Jan 9, 2026":
      "bottle -A; meeting -A; pour -A; purchase -A; wish -A; invite -A; rsvp -A; score -A; guest -A",
    "typed in a guest's paper score of Ardbeg 10 at a meeting since deleted":
      "bottle -C; meeting -C; pour -C; purchase -C; wish -C; invite -C; rsvp -C; score -C; guest -C",
    "changed a guest's paper score of Ardbeg 10 at a meeting since deleted":
      "bottle AC; meeting AC; pour AC; purchase AC; wish AC; invite AC; rsvp AC; score AC; guest AC",
    "typed in a guest's paper score of a hidden pour at a meeting since deleted": "hiddenPour -C",
    "changed a guest's paper score of a hidden pour at a meeting since deleted": "hiddenPour AC",
  },
  "instances.create": {
    "added a purchase: Lagavulin 16 bought on Jan 9, 2026 for $54.99": "else",
    "added a purchase: a bottle no longer in the library bought on Jan 9, 2026 for $54.99": "any -B B- AB",
    "added a purchase: Ardbeg 10 bought on Jan 9, 2026 for $54.99": "any -C AC",
  },
  "instances.finish": {
    "marked something as finished": "else",
    "marked a hidden pour in the meeting of Jan 9, 2026 as finished": "pour -B B- AB; hiddenPour",
    "marked the meeting of Jan 9, 2026 as finished": "meeting",
    "marked an invite as finished": "invite",
    "marked an RSVP for the meeting of Jan 9, 2026 as finished": "rsvp",
    "marked Lagavulin 16 as finished": "bottle -A -C A- BA AC AA",
    "marked Lagavulin 16 in the meeting of Jan 9, 2026 as finished": "pour -A A- BA AA",
    "marked the Lagavulin 16 bought on Jan 9, 2026 as finished": "purchase -A A- BA AA",
    "marked a score of Lagavulin 16 at the meeting of Jan 9, 2026 as finished": "score -A A- BA AA",
    "marked Ardbeg 10 as finished": "bottle -B B- AB",
    "marked the a bottle no longer in the library bought on Jan 9, 2026 as finished": "purchase -B B- AB",
    "marked a score of a hidden pour at the meeting of Jan 9, 2026 as finished": "score -B B- AB",
    "marked Ardbeg 10 in the meeting of Jan 9, 2026 as finished": "pour -C AC",
    "marked the Ardbeg 10 bought on Jan 9, 2026 as finished": "purchase -C AC",
    "marked a score of Ardbeg 10 at the meeting of Jan 9, 2026 as finished": "score -C AC",
  },
  "instances.update": {
    "changed the purchase of the Lagavulin 16 bought on Jan 9, 2026": "else",
    "changed the purchase of the a bottle no longer in the library bought on ": "any -A -B -C",
    "changed the purchase of the a bottle no longer in the library bought on Jan 9, 2026": "any B- BA",
  },
  "instances.delete": {
    "deleted the purchase of something ($54.99)": "else",
    "deleted the purchase of a hidden pour in the meeting of Jan 9, 2026 ($54.99)":
      "pour -B B- AB; hiddenPour",
    "deleted the purchase of the meeting of Jan 9, 2026 ($54.99)": "meeting",
    "deleted the purchase of an invite ($54.99)": "invite",
    "deleted the purchase of an RSVP for the meeting of Jan 9, 2026 ($54.99)": "rsvp",
    "deleted the purchase of Lagavulin 16 ($54.99)": "bottle -A -C A- BA AC AA",
    "deleted the purchase of Lagavulin 16 in the meeting of Jan 9, 2026 ($54.99)": "pour -A A- BA AA",
    "deleted the purchase of the Lagavulin 16 bought on Jan 9, 2026 ($54.99)": "purchase -A A- BA AA",
    "deleted the purchase of a score of Lagavulin 16 at the meeting of Jan 9, 2026 ($54.99)":
      "score -A A- BA AA",
    "deleted the purchase of Ardbeg 10 ($54.99)": "bottle -B B- AB",
    "deleted the purchase of the a bottle no longer in the library bought on Jan 9, 2026 ($54.99)":
      "purchase -B B- AB",
    "deleted the purchase of a score of a hidden pour at the meeting of Jan 9, 2026 ($54.99)":
      "score -B B- AB",
    "deleted the purchase of Ardbeg 10 in the meeting of Jan 9, 2026 ($54.99)": "pour -C AC",
    "deleted the purchase of the Ardbeg 10 bought on Jan 9, 2026 ($54.99)": "purchase -C AC",
    "deleted the purchase of a score of Ardbeg 10 at the meeting of Jan 9, 2026 ($54.99)": "score -C AC",
  },
  "meetings.create": {
    "added the meeting of Jan 9, 2026 (host Ann Lee, theme “Islay Night”)": "else",
    "added the meeting of Jan 9, 2026 (host Ann Lee, theme another theme)": "any -B B- AB",
  },
  "meetings.update": {
    "changed the meeting of Jan 9, 2026": "else",
    "changed a meeting since deleted":
      "bottle -A -B -C; pour -A -B -C; hiddenPour -A -B -C; purchase -A -B -C; wish -A -B -C; invite -A -B -C; rsvp -A -B -C; score -A -B -C; guest -A -B -C",
    "changed the meeting of Jan 9, 2026: theme from “Islay Night” to another theme": "any AB",
    "changed the meeting of Jan 9, 2026: theme from another theme to “Islay Night”": "any BA",
  },
  "meetings.delete": {
    "deleted something (host Ann Lee)": "else",
    "deleted a hidden pour in the meeting of Jan 9, 2026 (host Ann Lee)": "pour -B B- AB; hiddenPour",
    "deleted the meeting of Jan 9, 2026 (host Ann Lee)": "meeting",
    "deleted an invite (host Ann Lee)": "invite",
    "deleted an RSVP for the meeting of Jan 9, 2026 (host Ann Lee)": "rsvp",
    "deleted Lagavulin 16 (host Ann Lee)": "bottle -A -C A- BA AC AA",
    "deleted Lagavulin 16 in the meeting of Jan 9, 2026 (host Ann Lee)": "pour -A A- BA AA",
    "deleted the Lagavulin 16 bought on Jan 9, 2026 (host Ann Lee)": "purchase -A A- BA AA",
    "deleted a score of Lagavulin 16 at the meeting of Jan 9, 2026 (host Ann Lee)": "score -A A- BA AA",
    "deleted Ardbeg 10 (host Ann Lee)": "bottle -B B- AB",
    "deleted the a bottle no longer in the library bought on Jan 9, 2026 (host Ann Lee)": "purchase -B B- AB",
    "deleted a score of a hidden pour at the meeting of Jan 9, 2026 (host Ann Lee)": "score -B B- AB",
    "deleted Ardbeg 10 in the meeting of Jan 9, 2026 (host Ann Lee)": "pour -C AC",
    "deleted the Ardbeg 10 bought on Jan 9, 2026 (host Ann Lee)": "purchase -C AC",
    "deleted a score of Ardbeg 10 at the meeting of Jan 9, 2026 (host Ann Lee)": "score -C AC",
  },
  "meetings.addBottle": {
    "added Lagavulin 16 to the meeting of Jan 9, 2026": "else",
    "added a hidden pour to the meeting of Jan 9, 2026": "any -B B- AB; hiddenPour -A A- BA AA",
    "added Ardbeg 10 to a meeting since deleted":
      "bottle -C AC; meeting -C AC; pour -C AC; purchase -C AC; wish -C AC; invite -C AC; rsvp -C AC; score -C AC; guest -C AC",
    "added a hidden pour to a meeting since deleted": "hiddenPour -C AC",
  },
  "meetings.removeBottle": {
    "removed Lagavulin 16 from the meeting of Jan 9, 2026": "else",
    "removed a hidden pour from the meeting of Jan 9, 2026": "any -B B- AB; hiddenPour -A A- BA AA",
    "removed Ardbeg 10 from a meeting since deleted":
      "bottle -C AC; meeting -C AC; pour -C AC; purchase -C AC; wish -C AC; invite -C AC; rsvp -C AC; score -C AC; guest -C AC",
    "removed a hidden pour from a meeting since deleted": "hiddenPour -C AC",
  },
  "night.setFlight": {
    "added a hidden pour to the flight of the meeting of Jan 9, 2026": "else",
    "took a hidden pour out of the flight of the meeting of Jan 9, 2026": "any B-; hiddenPour A-",
    "changed a hidden pour in the flight of the meeting of Jan 9, 2026: now pour 2, 30 ml a glass": "any AB",
    "added Lagavulin 16 to the flight of the meeting of Jan 9, 2026":
      "bottle -A; meeting -A; pour -A; purchase -A; wish -A; invite -A; rsvp -A; score -A; guest -A",
    "added Ardbeg 10 to the flight of a meeting since deleted":
      "bottle -C; meeting -C; pour -C; purchase -C; wish -C; invite -C; rsvp -C; score -C; guest -C",
    "took Lagavulin 16 out of the flight of the meeting of Jan 9, 2026":
      "bottle A-; meeting A-; pour A-; purchase A-; wish A-; invite A-; rsvp A-; score A-; guest A-",
    "changed Lagavulin 16 in the flight of the meeting of Jan 9, 2026: now pour 1, 25 ml a glass":
      "bottle BA; meeting BA; pour BA; purchase BA; wish BA; invite BA; rsvp BA; score BA; guest BA",
    "changed Ardbeg 10 in the flight of a meeting since deleted":
      "bottle AC; meeting AC; pour AC; purchase AC; wish AC; invite AC; rsvp AC; score AC; guest AC",
    "changed Lagavulin 16 in the flight of the meeting of Jan 9, 2026":
      "bottle AA; meeting AA; pour AA; purchase AA; wish AA; invite AA; rsvp AA; score AA; guest AA",
    "added a hidden pour to the flight of a meeting since deleted": "hiddenPour -C",
    "changed a hidden pour in the flight of the meeting of Jan 9, 2026: now pour 1, 25 ml a glass":
      "hiddenPour BA",
    "changed a hidden pour in the flight of a meeting since deleted": "hiddenPour AC",
    "changed a hidden pour in the flight of the meeting of Jan 9, 2026": "hiddenPour AA",
  },
  "night.copyFlight": {
    "added a hidden pour to the flight of the meeting of Jan 9, 2026 (copied from a past meeting)": "else",
    "took a hidden pour out of the flight of the meeting of Jan 9, 2026 (copied from a past meeting)":
      "any B-; hiddenPour A-",
    "changed a hidden pour in the flight of the meeting of Jan 9, 2026: now pour 2, 30 ml a glass (copied from a past meeting)":
      "any AB",
    "added Lagavulin 16 to the flight of the meeting of Jan 9, 2026 (copied from a past meeting)":
      "bottle -A; meeting -A; pour -A; purchase -A; wish -A; invite -A; rsvp -A; score -A; guest -A",
    "added Ardbeg 10 to the flight of a meeting since deleted (copied from a past meeting)":
      "bottle -C; meeting -C; pour -C; purchase -C; wish -C; invite -C; rsvp -C; score -C; guest -C",
    "took Lagavulin 16 out of the flight of the meeting of Jan 9, 2026 (copied from a past meeting)":
      "bottle A-; meeting A-; pour A-; purchase A-; wish A-; invite A-; rsvp A-; score A-; guest A-",
    "changed Lagavulin 16 in the flight of the meeting of Jan 9, 2026: now pour 1, 25 ml a glass (copied from a past meeting)":
      "bottle BA; meeting BA; pour BA; purchase BA; wish BA; invite BA; rsvp BA; score BA; guest BA",
    "changed Ardbeg 10 in the flight of a meeting since deleted (copied from a past meeting)":
      "bottle AC; meeting AC; pour AC; purchase AC; wish AC; invite AC; rsvp AC; score AC; guest AC",
    "changed Lagavulin 16 in the flight of the meeting of Jan 9, 2026 (copied from a past meeting)":
      "bottle AA; meeting AA; pour AA; purchase AA; wish AA; invite AA; rsvp AA; score AA; guest AA",
    "added a hidden pour to the flight of a meeting since deleted (copied from a past meeting)":
      "hiddenPour -C",
    "changed a hidden pour in the flight of the meeting of Jan 9, 2026: now pour 1, 25 ml a glass (copied from a past meeting)":
      "hiddenPour BA",
    "changed a hidden pour in the flight of a meeting since deleted (copied from a past meeting)":
      "hiddenPour AC",
    "changed a hidden pour in the flight of the meeting of Jan 9, 2026 (copied from a past meeting)":
      "hiddenPour AA",
  },
  "night.reveal": {
    "revealed Lagavulin 16 at the meeting of Jan 9, 2026": "else",
    "revealed a hidden pour at the meeting of Jan 9, 2026": "any -B B- AB; hiddenPour -A A- BA AA",
    "revealed Ardbeg 10 at a meeting since deleted":
      "bottle -C AC; meeting -C AC; pour -C AC; purchase -C AC; wish -C AC; invite -C AC; rsvp -C AC; score -C AC; guest -C AC",
    "revealed a hidden pour at a meeting since deleted": "hiddenPour -C AC",
  },
  "night.hide": {
    "hid Lagavulin 16 again at the meeting of Jan 9, 2026": "else",
    "hid a hidden pour again at the meeting of Jan 9, 2026": "any -B B- AB; hiddenPour -A A- BA AA",
    "hid Ardbeg 10 again at a meeting since deleted":
      "bottle -C AC; meeting -C AC; pour -C AC; purchase -C AC; wish -C AC; invite -C AC; rsvp -C AC; score -C AC; guest -C AC",
    "hid a hidden pour again at a meeting since deleted": "hiddenPour -C AC",
  },
  "night.score": {
    "changed their score of Lagavulin 16 at the meeting of Jan 9, 2026": "else",
    "changed their score of a hidden pour at the meeting of Jan 9, 2026": "any B- AB; hiddenPour A- BA AA",
    "scored a hidden pour at the meeting of Jan 9, 2026": "any -B; hiddenPour -A",
    "scored Lagavulin 16 at the meeting of Jan 9, 2026":
      "bottle -A; meeting -A; pour -A; purchase -A; wish -A; invite -A; rsvp -A; score -A; guest -A",
    "scored Ardbeg 10 at a meeting since deleted":
      "bottle -C; meeting -C; pour -C; purchase -C; wish -C; invite -C; rsvp -C; score -C; guest -C",
    "changed their score of Ardbeg 10 at a meeting since deleted":
      "bottle AC; meeting AC; pour AC; purchase AC; wish AC; invite AC; rsvp AC; score AC; guest AC",
    "scored a hidden pour at a meeting since deleted": "hiddenPour -C",
    "changed their score of a hidden pour at a meeting since deleted": "hiddenPour AC",
  },
  "night.settings": {
    "changed the night's settings of the meeting of Jan 9, 2026": "else",
    "changed the night's settings of a meeting since deleted":
      "bottle -A -B -C; pour -A -B -C; hiddenPour -A -B -C; purchase -A -B -C; wish -A -B -C; invite -A -B -C; rsvp -A -B -C; score -A -B -C; guest -A -B -C",
    "changed the night's settings of the meeting of Jan 9, 2026: theme from “Islay Night” to another theme":
      "any AB",
    "changed the night's settings of the meeting of Jan 9, 2026: theme from another theme to “Islay Night”":
      "any BA",
  },
  "night.rsvp": {
    "said they are coming to the meeting of Jan 9, 2026 with 2 guests": "else",
    "said they might come to the meeting of Jan 9, 2026 with 1 guest": "any -B AB",
    "said they cannot come to a meeting since deleted": "any -C AC",
    "took back their answer for the meeting of Jan 9, 2026": "any A- B-",
  },
  "night.phase": {
    "moved a meeting since deleted to pour 2, nose": "else",
    "moved a meeting since deleted to pour 2":
      "bottle -B AB; pour -B AB; hiddenPour -B AB; purchase -B AB; wish -B AB; invite -B AB; rsvp -B AB; score -B AB; guest -B AB",
    "turned the tasting's phases off at a meeting since deleted":
      "bottle A- B-; pour A- B-; hiddenPour A- B-; purchase A- B-; wish A- B-; invite A- B-; rsvp A- B-; score A- B-; guest A- B-",
    "moved the meeting of Jan 9, 2026 to pour 2, nose": "meeting -A -C BA AC AA",
    "moved the meeting of Jan 9, 2026 to pour 2": "meeting -B AB",
    "turned the tasting's phases off at the meeting of Jan 9, 2026": "meeting A- B-",
  },
  "notifications.read": { "read their notifications": "else" },
  "notifications.setSettings": { "changed how they are notified": "else" },
  "notifications.subscribePush": { "turned on notifications on a phone or browser": "else" },
  "notifications.unsubscribePush": { "turned off notifications on a phone or browser": "else" },
  "themes.create": {
    "added something": "else",
    "added a hidden pour in the meeting of Jan 9, 2026": "pour -B B- AB; hiddenPour",
    "added the meeting of Jan 9, 2026": "meeting",
    "added an invite": "invite",
    "added an RSVP for the meeting of Jan 9, 2026": "rsvp",
    "added Lagavulin 16": "bottle -A -C A- BA AC AA",
    "added Lagavulin 16 in the meeting of Jan 9, 2026": "pour -A A- BA AA",
    "added the Lagavulin 16 bought on Jan 9, 2026": "purchase -A A- BA AA",
    "added a score of Lagavulin 16 at the meeting of Jan 9, 2026": "score -A A- BA AA",
    "added Ardbeg 10": "bottle -B B- AB",
    "added the a bottle no longer in the library bought on Jan 9, 2026": "purchase -B B- AB",
    "added a score of a hidden pour at the meeting of Jan 9, 2026": "score -B B- AB",
    "added Ardbeg 10 in the meeting of Jan 9, 2026": "pour -C AC",
    "added the Ardbeg 10 bought on Jan 9, 2026": "purchase -C AC",
    "added a score of Ardbeg 10 at the meeting of Jan 9, 2026": "score -C AC",
  },
  "themes.update": {
    "renamed the theme “Islay Night” to “Islay Night”": "else",
    "renamed the theme “” to “Islay Night”": "any -A -B -C",
    "renamed the theme “Islay Night” to “”": "any A- B-",
  },
  "themes.delete": {
    "deleted something": "else",
    "deleted a hidden pour in the meeting of Jan 9, 2026": "pour -B B- AB; hiddenPour",
    "deleted the meeting of Jan 9, 2026": "meeting",
    "deleted an invite": "invite",
    "deleted an RSVP for the meeting of Jan 9, 2026": "rsvp",
    "deleted Lagavulin 16": "bottle -A -C A- BA AC AA",
    "deleted Lagavulin 16 in the meeting of Jan 9, 2026": "pour -A A- BA AA",
    "deleted the Lagavulin 16 bought on Jan 9, 2026": "purchase -A A- BA AA",
    "deleted a score of Lagavulin 16 at the meeting of Jan 9, 2026": "score -A A- BA AA",
    "deleted Ardbeg 10": "bottle -B B- AB",
    "deleted the a bottle no longer in the library bought on Jan 9, 2026": "purchase -B B- AB",
    "deleted a score of a hidden pour at the meeting of Jan 9, 2026": "score -B B- AB",
    "deleted Ardbeg 10 in the meeting of Jan 9, 2026": "pour -C AC",
    "deleted the Ardbeg 10 bought on Jan 9, 2026": "purchase -C AC",
    "deleted a score of Ardbeg 10 at the meeting of Jan 9, 2026": "score -C AC",
  },
  "wishlist.add": {
    "wished for Octomore 14.1": "else",
    "wished for ": "any A- B-",
  },
  "wishlist.vote": {
    "voted for buying Octomore 14.1": "else",
    "took their vote off Octomore 14.1": "any -B AB",
    "took their vote off ": "any A- B-",
  },
  "wishlist.remove": {
    "took Octomore 14.1 off the wishlist": "else",
    "took  off the wishlist": "any -A -B -C",
  },
  "wishlist.bought": {
    "added a purchase of a hidden pour in the meeting of Jan 9, 2026 from the wishlist": "else",
    "added a purchase of the meeting of Jan 9, 2026 from the wishlist": "meeting",
    "added a purchase of an invite from the wishlist": "invite",
    "added a purchase of an RSVP for the meeting of Jan 9, 2026 from the wishlist": "rsvp",
    "added a purchase of something from the wishlist": "guest",
    "added the bottle Lagavulin 16 to the library from the wishlist": "bottle -A -C A- BA AC AA",
    "bought Octomore 14.1 from the wishlist": "wish A- B- AB BA AC AA",
    "added a purchase of Lagavulin 16 in the meeting of Jan 9, 2026 from the wishlist": "pour -A A- BA AA",
    "added a purchase of the Lagavulin 16 bought on Jan 9, 2026 from the wishlist": "purchase -A A- BA AA",
    "added a purchase of a score of Lagavulin 16 at the meeting of Jan 9, 2026 from the wishlist":
      "score -A A- BA AA",
    "added the bottle Ardbeg 10 to the library from the wishlist": "bottle -B B- AB",
    "added a purchase of the a bottle no longer in the library bought on Jan 9, 2026 from the wishlist":
      "purchase -B B- AB",
    "bought  from the wishlist": "wish -A -B -C",
    "added a purchase of a score of a hidden pour at the meeting of Jan 9, 2026 from the wishlist":
      "score -B B- AB",
    "added a purchase of Ardbeg 10 in the meeting of Jan 9, 2026 from the wishlist": "pour -C AC",
    "added a purchase of the Ardbeg 10 bought on Jan 9, 2026 from the wishlist": "purchase -C AC",
    "added a purchase of a score of Ardbeg 10 at the meeting of Jan 9, 2026 from the wishlist": "score -C AC",
  },
  "tokens.create": {
    "created the API token Lagavulin 16": "else",
    "created the API token Ardbeg 10": "any -B AB",
    "created the API token ": "any A- B-",
  },
  "tokens.revoke": {
    "revoked the API token Lagavulin 16 of Bob Ray": "else",
    "revoked the API token ": "any -A -B -C",
    "revoked the API token Ardbeg 10": "any B- BA",
  },
  "webhooks.create": {
    "added a webhook to https://hooks.example.org/club": "else",
    "added a webhook to ": "any A- B-",
  },
  "webhooks.delete": {
    "removed the webhook to https://hooks.example.org/club": "else",
    "removed the webhook to ": "any -A -B -C",
  },
  "webhooks.test": {
    "sent a test event to the webhook to https://hooks.example.org/club": "else",
    "sent a test event to the webhook to ": "any A- B-",
  },
  "totp.setup": { "started setting up two-factor sign-in": "else" },
  "totp.enable": { "turned on two-factor sign-in": "else" },
  "totp.disable": { "turned off two-factor sign-in": "else" },
  "passkeys.register": {
    "added the passkey Lagavulin 16": "else",
    "added the passkey Ardbeg 10": "any -B AB",
    "added the passkey ": "any A- B-",
  },
  "passkeys.rename": {
    "renamed the passkey  to Lagavulin 16": "else",
    "renamed the passkey Lagavulin 16 to Lagavulin 16": "any AC AA",
    "renamed the passkey  to Ardbeg 10": "any -B",
    "renamed the passkey Lagavulin 16 to ": "any A-",
    "renamed the passkey Ardbeg 10 to ": "any B-",
    "renamed the passkey Lagavulin 16 to Ardbeg 10": "any AB",
    "renamed the passkey Ardbeg 10 to Lagavulin 16": "any BA",
  },
  "passkeys.remove": {
    "removed the passkey Lagavulin 16 of Bob Ray": "else",
    "removed the passkey ": "any -A -B -C",
    "removed the passkey Ardbeg 10": "any B- BA",
  },
  "planning.volunteer": {
    "volunteered to host the meeting after the meeting of Jan 9, 2026": "else",
    "volunteered to host the meeting after a meeting since deleted": "any -C AC",
  },
  "planning.withdraw": {
    "took back their offer to host the meeting after the meeting of Jan 9, 2026": "else",
    "took back their offer to host the meeting after a meeting since deleted": "any -C AC",
  },
  "planning.vote": {
    "voted for “Islay Night” as the next theme at the meeting of Jan 9, 2026": "else",
    "voted for another theme as the next theme at the meeting of Jan 9, 2026": "any -B B- AB",
    "voted for “Islay Night” as the next theme at a meeting since deleted": "any -C AC",
  },
  "planning.close": {
    "closed the vote at the meeting of Jan 9, 2026": "else",
    "closed the vote at a meeting since deleted":
      "bottle -C AC; pour -C AC; hiddenPour -C AC; purchase -C AC; wish -C AC; invite -C AC; rsvp -C AC; score -C AC; guest -C AC",
    "added the meeting of Jan 9, 2026 from the vote": "meeting",
  },
  "messages.send": {
    "wrote “Bring a glass” to everyone going to the meeting of Jan 9, 2026": "else",
    "wrote “Bring a glass” to all members about the meeting of Jan 9, 2026": "any -B B- AB",
    "wrote “Bring a glass” to everyone going to a meeting since deleted": "any -C AC",
  },
};

/** Which of an action's sentences a shape of entry ("pour AB") is listed under. */
function expectedSentence(sentences: Record<string, string>, thing: string, change: string): string {
  const listed = Object.entries(sentences).filter(([, shapes]) =>
    shapes.split("; ").some((group) => {
      const [name, ...changes] = group.split(" ");
      return (name === "any" || name === thing) && (changes.length === 0 || changes.includes(change));
    }),
  );
  expect(listed.length, `${thing} ${change} is listed under one sentence at most`).toBeLessThanOrEqual(1);
  const fallback = Object.entries(sentences).filter(([, shapes]) => shapes === "else");
  expect(fallback).toHaveLength(1);
  return (listed[0] ?? fallback[0]!)[0];
}

describe("the catalogue's English", () => {
  it.each(Object.entries(ENGLISH))("%s says its English word for word", (action, sentences) => {
    const ours = sentenceOf(action);
    expect(ours).not.toBeNull();
    for (const [thingName, [entity, entityId]] of Object.entries(ENTITIES))
      for (const change of CHANGES) {
        const d = new Describer(book(), "en");
        const before = ROWS[change[0]!]!;
        const after = ROWS[change[1]!]!;
        const row = after ?? before;
        const said = ours!({
          d,
          entry: { action, entity, entityId, member: null },
          before,
          after,
          row,
          thing: d.thing(entity, row, entityId),
        });
        expect(said, `${action}, ${thingName} ${change}`).toBe(
          expectedSentence(sentences, thingName, change),
        );
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

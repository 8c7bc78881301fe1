import type { ActivityAction } from "@club/api";
import { formatAbv, formatDate, formatPrice } from "../../lib/format";
import { describeDues, isDuesEntity } from "./describeDues";

/**
 * The activity log's entries as sentences: "Ann Lee changed the ABV of Lagavulin 16 from 46% to
 * 43%". An entry names its entity by id and carries the entity's row before and after the change
 * (camelCase columns, null before a creation and after a deletion); the names of what those rows
 * point at (a purchase's bottle, a meeting's theme, a bottle's brand) come from a NameBook.
 */

/** What an entry needs to be described (a subset of the activity log's entry). */
export interface DescribableEntry {
  action: string;
  entity: string;
  entityId: string;
  member: { firstName: string; lastName: string } | null;
  /** Who made the change (the Activity screen learns members' names from it). */
  memberId?: number | null;
  before?: unknown;
  after?: unknown;
}

export type NameKind =
  "bottle" | "theme" | "meeting" | "brand" | "drinkType" | "country" | "state" | "member";

/** Names by id: a bottle's name, a theme's description, a meeting's date, a lookup's name. */
export type NameBook = Record<NameKind, ReadonlyMap<number, string>>;

export function emptyNameBook(): NameBook {
  return {
    bottle: new Map(),
    theme: new Map(),
    meeting: new Map(),
    brand: new Map(),
    drinkType: new Map(),
    country: new Map(),
    state: new Map(),
    member: new Map(),
  };
}

type Row = Record<string, unknown>;

/** One changed column: its label, and its values when they are worth showing. */
interface Change {
  label: string;
  from?: string;
  to?: string;
}

/** "ABV from 46% to 43%", "text now “…”", "store link". */
function showChange({ label, from, to }: Change): string {
  if (from !== undefined) return `${label} from ${from} to ${to}`;
  if (to !== undefined) return label === "text" ? `text now ${to}` : `${label} to ${to}`;
  return label;
}

const rowOf = (value: unknown): Row | null =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Row) : null;
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number | null => (typeof value === "number" ? value : null);

/**
 * Adds the names the entries' own rows carry (a deleted bottle is no longer in the bottle list,
 * but its deletion's row has its name). Names already known win: they are the current ones.
 */
export function learnNames(book: NameBook, entries: readonly DescribableEntry[]): NameBook {
  const learned: Record<NameKind, Map<number, string>> = {
    bottle: new Map(book.bottle),
    theme: new Map(book.theme),
    meeting: new Map(book.meeting),
    brand: new Map(book.brand),
    drinkType: new Map(book.drinkType),
    country: new Map(book.country),
    state: new Map(book.state),
    member: new Map(book.member),
  };
  const learn = (kind: NameKind, id: unknown, name: string) => {
    if (typeof id === "number" && name && !learned[kind].has(id)) learned[kind].set(id, name);
  };
  for (const entry of entries) {
    if (entry.member) learn("member", entry.memberId, `${entry.member.firstName} ${entry.member.lastName}`);
    for (const row of [rowOf(entry.after), rowOf(entry.before)]) {
      if (!row) continue;
      if (entry.entity === "bottle") learn("bottle", row.id, text(row.name));
      if (entry.entity === "theme") learn("theme", row.id, text(row.description));
      if (entry.entity === "meeting") learn("meeting", row.id, text(row.date));
    }
  }
  return learned;
}

/** "“Peat and smoke”", shortened to about 80 characters. */
function quote(value: unknown): string {
  const flat = text(value).replace(/\s+/g, " ").trim();
  return `“${flat.length > 80 ? `${flat.slice(0, 79).trimEnd()}…` : flat}”`;
}

const fullName = (row: Row | null) => `${text(row?.firstName)} ${text(row?.lastName)}`.trim() || "a member";

/** The member who made the change, as the sentence's subject. */
export function who(entry: DescribableEntry): string {
  if (entry.member) return `${entry.member.firstName} ${entry.member.lastName}`;
  // A guest's pass (issue 26) is no member: its entries have none.
  return entry.action === ("guests.join" satisfies ActivityAction) || entry.entity === "guestScore"
    ? "A guest"
    : "A former member";
}

/** What the log's kinds of thing are called in a sentence (never the internal name). */
const ENTITY_WORDS: Record<string, string> = {
  bottle: "a bottle",
  theme: "a theme",
  meeting: "a meeting",
  meetingBottle: "a pour",
  instance: "a purchase",
  comment: "a comment",
  image: "a photo",
  member: "a member",
  invite: "an invite",
  rsvp: "an RSVP",
  score: "a score",
  duesEntry: "a dues entry",
  import: "an import",
  backup: "a backup",
};

class Describer {
  constructor(private readonly names: NameBook) {}

  bottle(id: unknown): string {
    return (typeof id === "number" && this.names.bottle.get(id)) || "a bottle no longer in the library";
  }

  meetingDate(id: unknown): string | null {
    const date = typeof id === "number" ? this.names.meeting.get(id) : undefined;
    return date ? formatDate(date) : null;
  }

  meeting(id: unknown): string {
    const date = this.meetingDate(id);
    return date ? `the meeting of ${date}` : "a meeting since deleted";
  }

  theme(id: unknown): string {
    const name = typeof id === "number" ? this.names.theme.get(id) : undefined;
    return name ? `“${name}”` : "another theme";
  }

  lookup(kind: NameKind, id: unknown): string {
    if (id === null || id === undefined) return "N/A";
    return (typeof id === "number" && this.names[kind].get(id)) || "one since removed";
  }

  /** How the thing the entry is about is named in a sentence, from one of its rows. */
  thing(entity: string, row: Row | null, entityId: string): string {
    switch (entity) {
      case "bottle":
        return text(row?.name) || this.bottle(Number(entityId));
      case "theme":
        return `the theme ${quote(row?.description)}`;
      case "meeting":
        return row ? `the meeting of ${formatDate(text(row.date))}` : this.meeting(Number(entityId));
      case "meetingBottle": {
        const [meetingId] = entityId.split(":").map(Number);
        return `${this.pour(row, entityId)} in ${this.meeting(meetingId)}`;
      }
      case "score":
        return `a score of ${this.pour(row, entityId)} at ${this.meeting(Number(entityId.split(":")[0]))}`;
      case "rsvp":
        return `an RSVP for ${this.meeting(Number(entityId.split(":")[0]))}`;
      case "instance":
        return `the ${this.bottle(row?.bottleId)} bought on ${formatDate(text(row?.datePurchased))}`;
      case "comment":
        return `the comment on ${this.bottle(row?.bottleId)}`;
      case "image":
        return `the photo of ${this.bottle(Number(entityId))}`;
      case "member":
        return fullName(row);
      case "invite":
        return "an invite";
      default:
        return ENTITY_WORDS[entity] ?? "something";
    }
  }

  /**
   * The bottle of a pour (a flight's place, a score): "a hidden pour" while a blind night keeps it
   * from the reader (the server leaves its bottle out: bottleId null, "hidden" in the entry's key).
   */
  pour(row: Row | null, entityId: string): string {
    const hidden = entityId.split(":")[1] === "hidden" || (row !== null && row.bottleId === null);
    return hidden ? "a hidden pour" : this.bottle(row?.bottleId ?? Number(entityId.split(":")[1]));
  }

  memberNameOf(id: unknown): string {
    return (typeof id === "number" && this.names.member.get(id)) || "a member";
  }

  /** The changed columns the reader cares about, with their values before and after. */
  changes(entity: string, before: Row, after: Row): Change[] {
    const found: Change[] = [];
    const changed = (key: string) => JSON.stringify(before[key]) !== JSON.stringify(after[key]);
    const fromTo = (key: string, label: string, show: (value: unknown) => string) => {
      if (changed(key)) found.push({ label, from: show(before[key]), to: show(after[key]) });
    };
    const abv = (v: unknown) => (typeof v === "number" ? formatAbv(v) : "N/A");
    const date = (v: unknown) => (v ? formatDate(text(v)) : "not finished");
    const cents = (v: unknown) => (typeof v === "number" ? formatPrice(v / 100) : "N/A");
    switch (entity) {
      case "bottle":
        fromTo("name", "name", quote);
        fromTo("abv", "ABV", abv);
        fromTo("brandId", "brand", (v) => this.lookup("brand", v));
        fromTo("drinkTypeId", "type", (v) => this.lookup("drinkType", v));
        fromTo("countryId", "country", (v) => this.lookup("country", v));
        fromTo("stateId", "state", (v) => this.lookup("state", v));
        if (changed("storeLink")) found.push({ label: "store link" });
        fromTo("sizeMl", "size", (v) => (typeof v === "number" ? `${v} ml` : "N/A"));
        break;
      case "instance":
        fromTo("datePurchased", "purchase date", date);
        fromTo("purchasePriceCents", "price", cents);
        fromTo("dateFinished", "finish date", date);
        fromTo("openedDate", "opened date", (v) => (v ? formatDate(text(v)) : "sealed"));
        fromTo("levelPct", "fill level", (v) => (typeof v === "number" ? `${v}%` : "the estimate"));
        break;
      case "meeting":
        fromTo("date", "date", date);
        fromTo("hostName", "host", quote);
        fromTo("themeId", "theme", (v) => this.theme(v));
        if (changed("blind")) found.push({ label: after.blind ? "blind tasting on" : "blind tasting off" });
        if (changed("scoringOpen"))
          found.push({ label: after.scoringOpen ? "scoring opened" : "scoring closed" });
        fromTo("capacity", "places", (v) => (typeof v === "number" ? String(v) : "no limit"));
        if (changed("hostMemberId")) found.push({ label: "the host" });
        break;
      case "comment":
        if (changed("comment")) found.push({ label: "text", to: quote(after.comment) });
        break;
      case "theme":
        fromTo("description", "name", quote);
        break;
      case "member":
        fromTo("role", "role", text);
        fromTo("status", "status", text);
        if (changed("firstName") || changed("lastName")) found.push({ label: "name", to: fullName(after) });
        break;
    }
    return found;
  }

  /** The sentence after the member's name, for a change of the club's data. */
  what(entry: DescribableEntry): string {
    // The dues ledger's entries (payments, waivers, voids, openings and their undo): describeDues.ts.
    if (isDuesEntity(entry.entity)) return describeDues(entry);
    const before = rowOf(entry.before);
    const after = rowOf(entry.after);
    const row = after ?? before;
    const said: Said = {
      d: this,
      entry,
      before,
      after,
      row,
      thing: this.thing(entry.entity, row, entry.entityId),
    };
    const sentence = sentenceOf(entry.action);
    return sentence ? sentence(said) : this.generic(entry, before, after, said.thing);
  }

  detail(entity: string, before: Row | null, after: Row | null): string {
    const found = before && after ? this.changes(entity, before, after) : [];
    return found.length === 0 ? "" : `: ${found.map(showChange).join(", ")}`;
  }

  bottleChange(before: Row | null, after: Row | null, entityId: string): string {
    const name = text(before?.name) || this.bottle(Number(entityId));
    const found = before && after ? this.changes("bottle", before, after) : [];
    const [only] = found;
    if (!only) return `saved ${name} without changes`;
    if (found.length > 1) return `changed ${name}: ${found.map(showChange).join(", ")}`;
    if (only.label === "name") return `renamed ${name} to ${text(after?.name)}`;
    if (only.from === undefined) return `changed the ${only.label} of ${name}`;
    return `changed the ${only.label} of ${name} from ${only.from} to ${only.to}`;
  }

  private generic(entry: DescribableEntry, before: Row | null, after: Row | null, thing: string): string {
    if (!before && after) return `added ${thing}`;
    if (before && !after) return `deleted ${thing}`;
    return `changed ${thing}${this.detail(entry.entity, before, after)}`;
  }
}

/** What a sentence is made from: the entry, its rows, and how the thing it is about is named. */
interface Said {
  d: Describer;
  entry: DescribableEntry;
  before: Row | null;
  after: Row | null;
  /** The row after the change, else the row before it. */
  row: Row | null;
  thing: string;
}

type Sentence = (said: Said) => string;

const nameOf = ({ after, before }: Said) => fullName(after ?? before);
/** The admin command line (npm run admin) does what the Members screen does. */
const fromCommandLine =
  (sentence: Sentence): Sentence =>
  (said) =>
    `${sentence(said)} (from the command line)`;
const bottleChange: Sentence = ({ d, before, after, entry }) => d.bottleChange(before, after, entry.entityId);
const joined: Sentence = ({ after }) =>
  after?.status === "pending" ? "asked to join the club" : "joined the club";
const rsvp: Sentence = ({ d, row, after, entry }) => {
  const meeting = d.meeting(row?.meetingId ?? Number(entry.entityId.split(":")[0]));
  if (!after) return `took back their answer for ${meeting}`;
  const guests = num(after.guests) ?? 0;
  const withGuests = guests > 0 ? ` with ${guests} ${guests === 1 ? "guest" : "guests"}` : "";
  return after.status === "going"
    ? `said they are coming to ${meeting}${withGuests}`
    : after.status === "maybe"
      ? `said they might come to ${meeting}${withGuests}`
      : `said they cannot come to ${meeting}`;
};
const approve: Sentence = (said) => `approved the membership of ${nameOf(said)}`;
const deactivate: Sentence = (said) => `deactivated the membership of ${nameOf(said)}`;
const setRole: Sentence = (said) =>
  `changed the role of ${nameOf(said)} from ${text(said.before?.role)} to ${text(said.after?.role)}`;
const invite: Sentence = ({ after }) => {
  const email = text(after?.email);
  return email ? `created an invite for ${email}` : "created an invite link";
};
/** The ledger's own entries: describeDues.ts (reached by their entity, before this table). */
const dues: Sentence = ({ entry }) => describeDues(entry);
const flightChange: Sentence = ({ d, row, before, after, entry }) => {
  const pour = d.pour(row, entry.entityId);
  const flight = `the flight of ${d.meeting(row?.meetingId)}`;
  if (!before) return `added ${pour} to ${flight}`;
  if (!after) return `took ${pour} out of ${flight}`;
  const moves: string[] = [];
  if (before.position !== after.position) moves.push(`now pour ${num(after.position) ?? "?"}`);
  if (before.pourMl !== after.pourMl) moves.push(`${num(after.pourMl) ?? "?"} ml a glass`);
  return `changed ${pour} in ${flight}${moves.length ? `: ${moves.join(", ")}` : ""}`;
};

/**
 * Every action the activity log can hold, with its sentence (issue 22), or null for a write that
 * records no entry (a login, a session's refresh). Keyed by the procedures' names as types
 * (ActivityAction: every write of the router and the few actions that are not a procedure): a new
 * write without its line here, or a misspelt one, does not compile. e2e's
 * activity-sentences.test.ts makes each write and fails on an action missing.
 */
const SENTENCES = {
  "activity.undo": ({ before, after, thing, d, entry }) => {
    if (!before && after) return `restored ${thing}`;
    if (before && !after) return `undid the addition of ${thing}`;
    return `undid a change to ${thing}${d.detail(entry.entity, before, after)}`;
  },

  // Issue 14: one entry for a whole CSV import, one for a restore of the club's JSON export.
  "bottles.import": ({ after }) => {
    const created = Number(after?.created ?? 0);
    return `imported ${created} ${created === 1 ? "bottle" : "bottles"} from a CSV file`;
  },
  "club.import": () => "restored the whole club from a JSON export",

  "meetings.create": ({ d, row }) =>
    `added the meeting of ${formatDate(text(row?.date))} (host ${text(row?.hostName)}, theme ${d.theme(row?.themeId)})`,
  "meetings.update": ({ d, before, after, entry }) =>
    `changed ${d.thing("meeting", before, entry.entityId)}${d.detail("meeting", before, after)}`,
  "meetings.delete": ({ thing, row }) => `deleted ${thing} (host ${text(row?.hostName)})`,
  "meetings.addBottle": ({ d, row, entry }) =>
    `added ${d.pour(row, entry.entityId)} to ${d.meeting(row?.meetingId)}`,
  "meetings.removeBottle": ({ d, row, entry }) =>
    `removed ${d.pour(row, entry.entityId)} from ${d.meeting(row?.meetingId)}`,

  // The meeting night (issue 12), in words (issue 22).
  "night.setFlight": flightChange,
  // Copying a past meeting's flight (issue 26) writes what the flight editor's save writes.
  "night.copyFlight": (said) => `${flightChange(said)} (copied from a past meeting)`,
  "night.reveal": ({ d, row, entry }) =>
    `revealed ${d.pour(row, entry.entityId)} at ${d.meeting(row?.meetingId)}`,
  "night.score": ({ d, row, before, entry }) =>
    `${before ? "changed their score of" : "scored"} ${d.pour(row, entry.entityId)} at ${d.meeting(row?.meetingId)}`,
  "night.settings": ({ d, before, after, entry }) =>
    `changed the night's settings of ${d.thing("meeting", before, entry.entityId)}${d.detail("meeting", before, after)}`,
  "night.rsvp": rsvp,
  "night.phase": ({ d, after, entry }) => {
    const meeting = d.meeting(Number(entry.entityId));
    if (!after) return `turned the tasting's phases off at ${meeting}`;
    return `moved ${meeting} to pour ${num(after.pour) ?? "?"}${after.phase ? `, ${text(after.phase)}` : ""}`;
  },
  // Guests at the table (issue 26).
  "guests.openCode": ({ d, entry }) => `let guests join ${d.meeting(Number(entry.entityId))} by code`,
  "guests.closeCode": ({ d, entry }) => `closed guests' joining at ${d.meeting(Number(entry.entityId))}`,
  "guests.join": ({ d, row }) =>
    `(${text(row?.firstName)}${row?.guestOf ? `, guest of ${text(row.guestOf)}` : ""}) joined ${d.meeting(row?.meetingId)}`,
  "guests.remove": ({ d, row }) =>
    `removed the guest ${text(row?.firstName)} from ${d.meeting(row?.meetingId)}`,
  "guests.add": ({ d, row }) =>
    `added the guest ${text(row?.firstName)}${row?.guestOf ? ` (guest of ${text(row.guestOf)})` : ""} to ${d.meeting(row?.meetingId)}, to type in their paper sheet`,
  "guests.setScore": ({ d, row, before, entry }) =>
    `${before ? "changed" : "typed in"} a guest's paper score of ${d.pour(row, entry.entityId)} at ${d.meeting(row?.meetingId)}`,
  "reminders.rsvpByLink": (said) => `${rsvp(said)} (from the reminder email)`,
  "reminders.setPreferences": () => "changed their email preferences",

  // Dues (issue 13), in words (issue 22).
  // One wording for every ledger line (describeDues, issue 20); the Activity screen takes it first.
  "dues.pay": dues,
  "dues.waive": dues,
  "dues.void": dues,
  "dues.setOpening": dues,
  "admin.memberSince": dues,

  "bottles.create": ({ thing }) => `added the bottle ${thing}`,
  "bottles.delete": ({ thing }) => `deleted the bottle ${thing}`,
  "bottles.mergeInto": ({ d, before, after, thing }) =>
    `merged ${text(before?.name) || thing} into ${text(after?.name) || d.bottle(after?.id)}`,
  "bottles.uploadImage": ({ d, before, thing, entry }) =>
    before ? `replaced ${thing}` : `uploaded a photo of ${d.bottle(Number(entry.entityId))}`,
  "bottles.update": bottleChange,
  "bottles.updateAbv": bottleChange,
  "bottles.updateBrand": bottleChange,
  "bottles.updateDrinkType": bottleChange,
  "bottles.updateCountry": bottleChange,
  "bottles.updateState": bottleChange,

  "instances.create": ({ d, row }) =>
    `added a purchase: ${d.bottle(row?.bottleId)} bought on ${formatDate(text(row?.datePurchased))} for ${formatPrice(
      (num(row?.purchasePriceCents) ?? 0) / 100,
    )}`,
  "instances.finish": ({ thing }) => `marked ${thing} as finished`,
  "instances.update": ({ d, before, after, entry }) =>
    `changed the purchase of ${d.thing("instance", before, entry.entityId)}${d.detail("instance", before, after)}`,
  "cellar.open": ({ thing, after }) => `opened ${thing} on ${formatDate(text(after?.openedDate))}`,
  "cellar.setLevel": ({ thing, after }) => `set the fill level of ${thing} to ${num(after?.levelPct) ?? 0}%`,
  "instances.delete": ({ thing, row }) =>
    `deleted the purchase of ${thing} (${formatPrice((num(row?.purchasePriceCents) ?? 0) / 100)})`,

  "bottles.setFavourite": ({ d, after }) =>
    after?.favourite
      ? `marked ${d.bottle(after?.bottleId)} as a favourite`
      : `took ${d.bottle(after?.bottleId)} off their favourites`,

  "comments.create": ({ d, row }) => `commented on ${d.bottle(row?.bottleId)}: ${quote(row?.comment)}`,
  "comments.update": ({ d, row, after }) =>
    `edited a comment on ${d.bottle(row?.bottleId)}: ${quote(after?.comment)}`,
  "comments.delete": ({ d, row, before }) =>
    `deleted the comment on ${d.bottle(row?.bottleId)}: ${quote(before?.comment)}`,

  "themes.create": ({ thing }) => `added ${thing}`,
  "themes.update": ({ before, after }) =>
    `renamed the theme ${quote(before?.description)} to ${quote(after?.description)}`,
  "themes.delete": ({ thing }) => `deleted ${thing}`,

  "auth.confirmEmail": joined,
  "auth.ssoJoin": joined,
  "auth.ssoLink": () => "linked their single sign-on account",
  "auth.resetPassword": () => "reset their password",
  "account.update": ({ after }) => `changed their name to ${fullName(after)}`,
  "account.changePassword": () => "changed their password",
  "account.logoutEverywhere": () => "logged out on every device",
  "members.approve": approve,
  "members.reject": (said) => `turned down the membership request of ${nameOf(said)}`,
  "members.deactivate": deactivate,
  "members.reactivate": (said) => `reactivated the membership of ${nameOf(said)}`,
  "members.setRole": setRole,
  "members.invite": invite,
  "admin.approve": fromCommandLine(approve),
  "admin.deactivate": fromCommandLine(deactivate),
  "admin.role": fromCommandLine(setRole),
  "admin.invite": fromCommandLine(invite),
  "backups.create": ({ after }) => `made a backup (${text(after?.file)})`,

  // Session calls: they change no club data and record no entry.
  "auth.login": null,
  "auth.register": null,
  "auth.refresh": null,
  "auth.logout": null,
  "auth.resendConfirmation": null,
  "auth.forgotPassword": null,
  "sso.exchange": null,
} satisfies Record<ActivityAction, Sentence | null>;

const sentences: Readonly<Record<string, Sentence | null>> = SENTENCES;
const sentenceOf = (action: string): Sentence | null =>
  Object.hasOwn(sentences, action) ? (sentences[action] ?? null) : null;

/**
 * The actions with a sentence of their own (issue 22): every kind of change the server writes is
 * here; e2e's activity-sentences.test.ts makes each write and fails on an action missing.
 */
export const DESCRIBED_ACTIONS: ReadonlySet<string> = new Set(
  Object.entries(sentences).flatMap(([action, sentence]) => (sentence ? [action] : [])),
);

/** "Ann Lee changed the ABV of Lagavulin 16 from 46% to 43%". */
export function describeActivity(entry: DescribableEntry, names: NameBook): string {
  return `${who(entry)} ${new Describer(names).what(entry)}`;
}

/** What the member did, without their name (the screen shows the name in bold). */
export function describeChange(entry: DescribableEntry, names: NameBook): string {
  return new Describer(names).what(entry);
}

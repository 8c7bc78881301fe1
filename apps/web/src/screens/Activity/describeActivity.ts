import type { ActivityAction } from "@club/api";
import {
  AUTH_SENTENCES,
  BACKUPS_SENTENCES,
  BOTTLES_SENTENCES,
  CELLAR_SENTENCES,
  CLUB_SENTENCES,
  COMMENTS_SENTENCES,
  GUESTS_SENTENCES,
  INSTANCES_SENTENCES,
  MEETINGS_SENTENCES,
  NIGHT_SENTENCES,
  NOTIFICATIONS_SENTENCES,
  rsvpSentence,
  sentenceNumber as num,
  sentenceText as text,
  SSO_SENTENCES,
  THEMES_SENTENCES,
  WISHLIST_SENTENCES,
  TOKENS_SENTENCES,
  PLANNING_SENTENCES,
  MESSAGES_SENTENCES,
  type ActivitySentence,
  type SentenceParts,
  type SentenceRow,
  type SentenceWords,
} from "@club/shared";
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

type Row = SentenceRow;

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
  // A guest's pass is no member: its entries have none.
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

class Describer implements SentenceWords {
  constructor(private readonly names: NameBook) {}

  date(value: unknown): string {
    return formatDate(text(value));
  }

  price(cents: unknown): string {
    return formatPrice((num(cents) ?? 0) / 100);
  }

  quote(value: unknown): string {
    return quote(value);
  }

  fullName(row: Row | null): string {
    return fullName(row);
  }

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
interface Said extends SentenceParts {
  d: Describer;
  entry: DescribableEntry;
}

type Sentence = ActivitySentence;

const nameOf = ({ d, after, before }: SentenceParts) => d.fullName(after ?? before);
/** The admin command line (npm run admin) does what the Members screen does. */
const fromCommandLine =
  (sentence: Sentence): Sentence =>
  (said) =>
    `${sentence(said)} (from the command line)`;
const approve: Sentence = (said) => `approved the membership of ${nameOf(said)}`;
const deactivate: Sentence = (said) => `deactivated the membership of ${nameOf(said)}`;
const setRole: Sentence = (said) =>
  `changed the role of ${nameOf(said)} from ${text(said.before?.role)} to ${text(said.after?.role)}`;
const invite: Sentence = ({ after }) => {
  const email = text(after?.email);
  return email ? `created an invite for ${email}` : "created an invite link";
};
const revokeInvite: Sentence = ({ before }) => {
  const email = text(before?.email);
  return email ? `revoked the invite for ${email}` : "revoked an invite link";
};
/** The ledger's own entries: describeDues.ts (reached by their entity, before this table). */
const dues: Sentence = ({ entry }) => describeDues(entry);

/**
 * Every action the activity log can hold, with its sentence, or null for a write that
 * records no entry (a login, a session's refresh). A namespace with its own module in
 * packages/shared/src declares its sentences there, beside its schemas (BOTTLES_SENTENCES in
 * bottles.ts, ...); the rest are here. Keyed by the procedures' names as types
 * (ActivityAction: every write of the router and the few actions that are not a procedure): a
 * new write without its sentence does not compile, nor does a misspelt or removed one
 * (UnknownActions below). e2e's activity-sentences.test.ts makes each write and fails on an
 * action missing.
 */
const SENTENCES = {
  ...BOTTLES_SENTENCES,
  ...CLUB_SENTENCES,
  ...MEETINGS_SENTENCES,
  ...NIGHT_SENTENCES,
  ...GUESTS_SENTENCES,
  ...INSTANCES_SENTENCES,
  ...CELLAR_SENTENCES,
  ...COMMENTS_SENTENCES,
  ...THEMES_SENTENCES,
  ...AUTH_SENTENCES,
  ...SSO_SENTENCES,
  ...BACKUPS_SENTENCES,
  ...WISHLIST_SENTENCES,
  ...NOTIFICATIONS_SENTENCES,
  ...TOKENS_SENTENCES,
  ...PLANNING_SENTENCES,
  ...MESSAGES_SENTENCES,

  "activity.undo": ({ before, after, thing, d, entry }) => {
    if (!before && after) return `restored ${thing}`;
    if (before && !after) return `undid the addition of ${thing}`;
    return `undid a change to ${thing}${d.detail(entry.entity, before, after)}`;
  },

  "reminders.rsvpByLink": (said) => `${rsvpSentence(said)} (from the reminder email)`,
  "reminders.setPreferences": () => "changed their email preferences",

  // Dues, in words.
  // One wording for every ledger line (describeDues); the Activity screen takes it first.
  "dues.pay": dues,
  "dues.waive": dues,
  "dues.void": dues,
  "dues.setOpening": dues,
  "admin.memberSince": dues,

  "account.update": ({ d, after }) => `changed their name to ${d.fullName(after)}`,
  "account.changePassword": () => "changed their password",
  "account.logoutEverywhere": () => "logged out on every device",
  "account.endSession": ({ before }) => `logged out ${text(before?.device) || "a device"}`,
  "members.approve": approve,
  "members.reject": (said) => `turned down the membership request of ${nameOf(said)}`,
  "members.deactivate": deactivate,
  "members.reactivate": (said) => `reactivated the membership of ${nameOf(said)}`,
  "members.setRole": setRole,
  "members.invite": invite,
  "members.revokeInvite": revokeInvite,
  "admin.approve": fromCommandLine(approve),
  "admin.deactivate": fromCommandLine(deactivate),
  "admin.role": fromCommandLine(setRole),
  "admin.invite": fromCommandLine(invite),
} satisfies Record<ActivityAction, Sentence | null>;

/** A key of SENTENCES that is no action (a misspelt or removed write in a namespace's table). */
type UnknownActions = Exclude<keyof typeof SENTENCES, ActivityAction>;
const noUnknownActions: [UnknownActions] extends [never] ? true : UnknownActions = true;
void noUnknownActions;

const sentences: Readonly<Record<string, Sentence | null>> = SENTENCES;
const sentenceOf = (action: string): Sentence | null =>
  Object.hasOwn(sentences, action) ? (sentences[action] ?? null) : null;

/**
 * The actions with a sentence of their own: every kind of change the server writes is
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

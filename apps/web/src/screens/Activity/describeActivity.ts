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
  return entry.member ? `${entry.member.firstName} ${entry.member.lastName}` : "A former member";
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

/** "Feb 2026" from "2026-02". */
function monthName(month: string): string {
  const [year, m] = month.split("-").map(Number);
  if (!year || !m) return "a month";
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString("en-US", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

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

  private memberName(id: unknown): string {
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
    const thing = this.thing(entry.entity, row, entry.entityId);

    switch (entry.action) {
      case "activity.undo":
        if (!before && after) return `restored ${thing}`;
        if (before && !after) return `undid the addition of ${thing}`;
        return `undid a change to ${thing}${this.detail(entry.entity, before, after)}`;

      // Issue 14: one entry for a whole CSV import, one for a restore of the club's JSON export.
      case "bottles.import": {
        const created = Number(after?.created ?? 0);
        return `imported ${created} ${created === 1 ? "bottle" : "bottles"} from a CSV file`;
      }
      case "club.import":
        return "restored the whole club from a JSON export";

      case "meetings.create":
        return `added the meeting of ${formatDate(text(row?.date))} (host ${text(row?.hostName)}, theme ${this.theme(row?.themeId)})`;
      case "meetings.update":
        return `changed ${this.thing("meeting", before, entry.entityId)}${this.detail("meeting", before, after)}`;
      case "meetings.delete":
        return `deleted ${thing} (host ${text(row?.hostName)})`;
      case "meetings.addBottle":
        return `added ${this.pour(row, entry.entityId)} to ${this.meeting(row?.meetingId)}`;
      case "meetings.removeBottle":
        return `removed ${this.pour(row, entry.entityId)} from ${this.meeting(row?.meetingId)}`;

      // The meeting night (issue 12), in words (issue 22).
      case "night.setFlight": {
        const pour = this.pour(row, entry.entityId);
        const flight = `the flight of ${this.meeting(row?.meetingId)}`;
        if (!before) return `added ${pour} to ${flight}`;
        if (!after) return `took ${pour} out of ${flight}`;
        const moves: string[] = [];
        if (before.position !== after.position) moves.push(`now pour ${num(after.position) ?? "?"}`);
        if (before.pourMl !== after.pourMl) moves.push(`${num(after.pourMl) ?? "?"} ml a glass`);
        return `changed ${pour} in ${flight}${moves.length ? `: ${moves.join(", ")}` : ""}`;
      }
      case "night.reveal":
        return `revealed ${this.pour(row, entry.entityId)} at ${this.meeting(row?.meetingId)}`;
      case "night.score":
        return `${before ? "changed their score of" : "scored"} ${this.pour(row, entry.entityId)} at ${this.meeting(row?.meetingId)}`;
      case "night.settings":
        return `changed the night's settings of ${this.thing("meeting", before, entry.entityId)}${this.detail("meeting", before, after)}`;
      case "night.rsvp":
      case "reminders.rsvpByLink": {
        const meeting = this.meeting(row?.meetingId ?? Number(entry.entityId.split(":")[0]));
        if (!after) return `took back their answer for ${meeting}`;
        const guests = num(after.guests) ?? 0;
        const withGuests = guests > 0 ? ` with ${guests} ${guests === 1 ? "guest" : "guests"}` : "";
        const answer =
          after.status === "going"
            ? `said they are coming to ${meeting}${withGuests}`
            : after.status === "maybe"
              ? `said they might come to ${meeting}${withGuests}`
              : `said they cannot come to ${meeting}`;
        return entry.action === "reminders.rsvpByLink" ? `${answer} (from the reminder email)` : answer;
      }
      case "reminders.setPreferences":
        return "changed their email preferences";

      // Dues (issue 13), in words (issue 22).
      case "dues.pay":
        return `recorded a payment of ${formatPrice(Math.abs(num(after?.amountCents) ?? 0) / 100)} from ${this.memberName(after?.memberId)}${
          text(after?.method) ? ` (${text(after?.method)})` : ""
        }`;
      case "dues.waive":
        return `waived the dues of ${monthName(text(after?.month))} for ${this.memberName(after?.memberId)}`;

      case "bottles.create":
        return `added the bottle ${thing}`;
      case "bottles.delete":
        return `deleted the bottle ${thing}`;
      case "bottles.mergeInto":
        return `merged ${text(before?.name) || thing} into ${text(after?.name) || this.bottle(after?.id)}`;
      case "bottles.uploadImage":
        return before ? `replaced ${thing}` : `uploaded a photo of ${this.bottle(Number(entry.entityId))}`;
      case "bottles.update":
      case "bottles.updateAbv":
      case "bottles.updateBrand":
      case "bottles.updateDrinkType":
      case "bottles.updateCountry":
      case "bottles.updateState":
        return this.bottleChange(before, after, entry.entityId);

      case "instances.create":
        return `added a purchase: ${this.bottle(row?.bottleId)} bought on ${formatDate(text(row?.datePurchased))} for ${formatPrice(
          (num(row?.purchasePriceCents) ?? 0) / 100,
        )}`;
      case "instances.finish":
        return `marked ${thing} as finished`;
      case "instances.update":
        return `changed the purchase of ${this.thing("instance", before, entry.entityId)}${this.detail("instance", before, after)}`;
      case "cellar.open":
        return `opened ${thing} on ${formatDate(text(after?.openedDate))}`;
      case "cellar.setLevel":
        return `set the fill level of ${thing} to ${num(after?.levelPct) ?? 0}%`;
      case "instances.delete":
        return `deleted the purchase of ${thing} (${formatPrice((num(row?.purchasePriceCents) ?? 0) / 100)})`;

      case "comments.create":
        return `commented on ${this.bottle(row?.bottleId)}: ${quote(row?.comment)}`;
      case "comments.update":
        return `edited a comment on ${this.bottle(row?.bottleId)}: ${quote(after?.comment)}`;
      case "comments.delete":
        return `deleted the comment on ${this.bottle(row?.bottleId)}: ${quote(before?.comment)}`;

      case "themes.create":
        return `added ${thing}`;
      case "themes.update":
        return `renamed the theme ${quote(before?.description)} to ${quote(after?.description)}`;
      case "themes.delete":
        return `deleted ${thing}`;

      default:
        return this.memberChange(entry, before, after) ?? this.generic(entry, before, after, thing);
    }
  }

  private detail(entity: string, before: Row | null, after: Row | null): string {
    const found = before && after ? this.changes(entity, before, after) : [];
    return found.length === 0 ? "" : `: ${found.map(showChange).join(", ")}`;
  }

  private bottleChange(before: Row | null, after: Row | null, entityId: string): string {
    const name = text(before?.name) || this.bottle(Number(entityId));
    const found = before && after ? this.changes("bottle", before, after) : [];
    const [only] = found;
    if (!only) return `saved ${name} without changes`;
    if (found.length > 1) return `changed ${name}: ${found.map(showChange).join(", ")}`;
    if (only.label === "name") return `renamed ${name} to ${text(after?.name)}`;
    if (only.from === undefined) return `changed the ${only.label} of ${name}`;
    return `changed the ${only.label} of ${name} from ${only.from} to ${only.to}`;
  }

  private memberChange(entry: DescribableEntry, before: Row | null, after: Row | null): string | null {
    // The admin command line (npm run admin) does what the Members screen does.
    if (entry.action.startsWith("admin.")) {
      const onScreen = this.memberChange(
        { ...entry, action: `members.${entry.action.slice(6)}` },
        before,
        after,
      );
      return onScreen ? `${onScreen} (from the command line)` : null;
    }
    const name = fullName(after ?? before);
    switch (entry.action) {
      case "auth.confirmEmail":
      case "auth.ssoJoin":
        return after?.status === "pending" ? "asked to join the club" : "joined the club";
      case "auth.ssoLink":
        return "linked their single sign-on account";
      case "auth.resetPassword":
        return "reset their password";
      case "account.update":
        return `changed their name to ${fullName(after)}`;
      case "account.changePassword":
        return "changed their password";
      case "account.logoutEverywhere":
        return "logged out on every device";
      case "members.approve":
        return `approved the membership of ${name}`;
      case "members.reject":
        return `turned down the membership request of ${name}`;
      case "members.deactivate":
        return `deactivated the membership of ${name}`;
      case "members.reactivate":
        return `reactivated the membership of ${name}`;
      case "members.setRole":
      case "members.role": // admin.role, from the command line
        return `changed the role of ${name} from ${text(before?.role)} to ${text(after?.role)}`;
      case "members.invite": {
        const email = text(after?.email);
        return email ? `created an invite for ${email}` : "created an invite link";
      }
      case "backups.create":
        return `made a backup (${text(after?.file)})`;
      default:
        return null;
    }
  }

  private generic(entry: DescribableEntry, before: Row | null, after: Row | null, thing: string): string {
    if (!before && after) return `added ${thing}`;
    if (before && !after) return `deleted ${thing}`;
    return `changed ${thing}${this.detail(entry.entity, before, after)}`;
  }
}

/**
 * The actions with a sentence of their own (issue 22): every kind of change the server writes is
 * here; e2e's activity-sentences.test.ts makes each write and fails on an action missing.
 */
export const DESCRIBED_ACTIONS: ReadonlySet<string> = new Set([
  "activity.undo",
  "bottles.import",
  "club.import",
  "meetings.create",
  "meetings.update",
  "meetings.delete",
  "meetings.addBottle",
  "meetings.removeBottle",
  "bottles.create",
  "bottles.delete",
  "bottles.mergeInto",
  "bottles.uploadImage",
  "bottles.update",
  "bottles.updateAbv",
  "bottles.updateBrand",
  "bottles.updateDrinkType",
  "bottles.updateCountry",
  "bottles.updateState",
  "instances.create",
  "instances.finish",
  "instances.update",
  "cellar.open",
  "cellar.setLevel",
  "instances.delete",
  "comments.create",
  "comments.update",
  "comments.delete",
  "themes.create",
  "themes.update",
  "themes.delete",
  "auth.confirmEmail",
  "auth.ssoJoin",
  "auth.ssoLink",
  "auth.resetPassword",
  "account.update",
  "account.changePassword",
  "account.logoutEverywhere",
  "members.approve",
  "members.reject",
  "members.deactivate",
  "members.reactivate",
  "members.setRole",
  "members.invite",
  "backups.create",
  "night.setFlight",
  "night.reveal",
  "night.score",
  "night.settings",
  "night.rsvp",
  "reminders.rsvpByLink",
  "reminders.setPreferences",
  "dues.pay",
  "dues.waive",
  "admin.approve",
  "admin.deactivate",
  "admin.role",
  "admin.invite",
]);

/** "Ann Lee changed the ABV of Lagavulin 16 from 46% to 43%". */
export function describeActivity(entry: DescribableEntry, names: NameBook): string {
  return `${who(entry)} ${new Describer(names).what(entry)}`;
}

/** What the member did, without their name (the screen shows the name in bold). */
export function describeChange(entry: DescribableEntry, names: NameBook): string {
  return new Describer(names).what(entry);
}

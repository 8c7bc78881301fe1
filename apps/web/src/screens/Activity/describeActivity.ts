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
  before?: unknown;
  after?: unknown;
}

export type NameKind = "bottle" | "theme" | "meeting" | "brand" | "drinkType" | "country" | "state";

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
  };
  const learn = (kind: NameKind, id: unknown, name: string) => {
    if (typeof id === "number" && name && !learned[kind].has(id)) learned[kind].set(id, name);
  };
  for (const entry of entries) {
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

class Describer {
  constructor(private readonly names: NameBook) {}

  bottle(id: unknown): string {
    return (typeof id === "number" && this.names.bottle.get(id)) || "a bottle that is gone";
  }

  meetingDate(id: unknown): string | null {
    const date = typeof id === "number" ? this.names.meeting.get(id) : undefined;
    return date ? formatDate(date) : null;
  }

  meeting(id: unknown): string {
    const date = this.meetingDate(id);
    return date ? `the meeting of ${date}` : "a meeting that is gone";
  }

  theme(id: unknown): string {
    const name = typeof id === "number" ? this.names.theme.get(id) : undefined;
    return name ? `“${name}”` : "another theme";
  }

  lookup(kind: NameKind, id: unknown): string {
    if (id === null || id === undefined) return "N/A";
    return (typeof id === "number" && this.names[kind].get(id)) || "one that is gone";
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
        const [meetingId, bottleId] = entityId.split(":").map(Number);
        return `${this.bottle(bottleId)} in ${this.meeting(meetingId)}`;
      }
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
        return `a ${entity}`;
    }
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
        return `added ${this.bottle(row?.bottleId)} to ${this.meeting(row?.meetingId)}`;
      case "meetings.removeBottle":
        return `removed ${this.bottle(row?.bottleId)} from ${this.meeting(row?.meetingId)}`;

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

/** "Ann Lee changed the ABV of Lagavulin 16 from 46% to 43%". */
export function describeActivity(entry: DescribableEntry, names: NameBook): string {
  return `${who(entry)} ${new Describer(names).what(entry)}`;
}

/** What the member did, without their name (the screen shows the name in bold). */
export function describeChange(entry: DescribableEntry, names: NameBook): string {
  return new Describer(names).what(entry);
}

import type { SentenceParts, SentenceRow, SentenceWords } from "@club/shared";
import { sentenceNumber as num, sentenceText as text } from "@club/shared";
import { formatAbv, formatDate, formatPrice } from "../../lib/format";
import { describeDues, isDuesEntity } from "./describeDues";
import { rowOf, who, type DescribableEntry, type NameBook, type NameKind } from "./names";
import { sentenceOf } from "./sentences";

/**
 * The activity log's entries as sentences: "Ann Lee changed the ABV of Lagavulin 16 from 46% to
 * 43%". An entry names its entity by id and carries the entity's row before and after the change
 * (camelCase columns, null before a creation and after a deletion); the names of what those rows
 * point at (a purchase's bottle, a meeting's theme, a bottle's brand) come from a NameBook.
 */

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

/** "“Peat and smoke”", shortened to about 80 characters. */
function quote(value: unknown): string {
  const flat = text(value).replace(/\s+/g, " ").trim();
  return `“${flat.length > 80 ? `${flat.slice(0, 79).trimEnd()}…` : flat}”`;
}

const fullName = (row: Row | null) => `${text(row?.firstName)} ${text(row?.lastName)}`.trim() || "a member";

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

/** "Ann Lee changed the ABV of Lagavulin 16 from 46% to 43%". */
export function describeActivity(entry: DescribableEntry, names: NameBook): string {
  return `${who(entry)} ${new Describer(names).what(entry)}`;
}

/** What the member did, without their name (the screen shows the name in bold). */
export function describeChange(entry: DescribableEntry, names: NameBook): string {
  return new Describer(names).what(entry);
}

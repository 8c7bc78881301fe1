import type { Language, SentenceRow } from "@club/shared";
import { sentenceNumber as num, sentenceText as text } from "@club/shared";
import { formatAbv, formatDate, formatPrice } from "../../lib/format";
import { activityT, detailOf, listOf, type ActivityKey, type ActivityT } from "./activityMessages";
import { describeDues, isDuesEntity } from "./describeDues";
import { rowOf, who, type DescribableEntry, type NameBook, type NameKind } from "./names";
import { sentenceOf } from "./sentences";
import type { Said, SentenceDescriber } from "./said";

/**
 * The activity log's entries as sentences: "Ann Lee changed the ABV of Lagavulin 16 from 46% to
 * 43%", in the reader's language (src/locales/<language>/activity.json). An entry names its entity
 * by id and carries the entity's row before and after the change (camelCase columns, null before a
 * creation and after a deletion); the names of what those rows point at (a purchase's bottle, a
 * meeting's theme, a bottle's brand) come from a NameBook.
 */

type Row = SentenceRow;

/** One changed column: its label, and its values when they are worth showing. */
interface Change {
  label: string;
  from?: string;
  to?: string;
  /** A comment's new text ("text now “…”"). */
  text?: boolean;
  /** Which label it is (a bottle's new name is said as a renaming). */
  key?: ActivityKey;
}

/** What the log's kinds of thing are called in a sentence (never the internal name). */
const ENTITY_WORDS: Record<string, ActivityKey> = {
  bottle: "entity.bottle",
  theme: "entity.theme",
  meeting: "entity.meeting",
  meetingBottle: "entity.meetingBottle",
  instance: "entity.instance",
  comment: "entity.comment",
  image: "entity.image",
  member: "entity.member",
  invite: "entity.invite",
  rsvp: "entity.rsvp",
  score: "entity.score",
  duesEntry: "entity.duesEntry",
  import: "entity.import",
  backup: "entity.backup",
};

export class Describer implements SentenceDescriber {
  readonly t: ActivityT;

  constructor(
    private readonly names: NameBook,
    language?: Language,
  ) {
    this.t = activityT(language);
  }

  /** "ABV from 46% to 43%", "text now “…”", "store link". */
  private showChange({ label, from, to, text: isText }: Change): string {
    if (from !== undefined) return this.t("change.fromTo", { label, from, to });
    if (to !== undefined)
      return isText ? this.t("change.textNow", { to }) : this.t("change.to", { label, to });
    return label;
  }

  date(value: unknown): string {
    return formatDate(text(value));
  }

  price(cents: unknown): string {
    return formatPrice((num(cents) ?? 0) / 100);
  }

  /** "“Peat and smoke”", shortened to about 80 characters. */
  quote(value: unknown): string {
    const flat = text(value).replace(/\s+/g, " ").trim();
    return this.t("w.quote", { text: flat.length > 80 ? `${flat.slice(0, 79).trimEnd()}…` : flat });
  }

  fullName(row: Row | null): string {
    return `${text(row?.firstName)} ${text(row?.lastName)}`.trim() || this.t("w.aMember");
  }

  bottle(id: unknown): string {
    return (typeof id === "number" && this.names.bottle.get(id)) || this.t("w.bottleGone");
  }

  meetingDate(id: unknown): string | null {
    const date = typeof id === "number" ? this.names.meeting.get(id) : undefined;
    return date ? formatDate(date) : null;
  }

  meeting(id: unknown): string {
    const date = this.meetingDate(id);
    return date ? this.t("w.meetingOf", { date }) : this.t("w.meetingGone");
  }

  theme(id: unknown): string {
    const name = typeof id === "number" ? this.names.theme.get(id) : undefined;
    return name ? this.t("w.quote", { text: name }) : this.t("w.otherTheme");
  }

  lookup(kind: NameKind, id: unknown): string {
    if (id === null || id === undefined) return this.t("w.na");
    return (typeof id === "number" && this.names[kind].get(id)) || this.t("w.lookupGone");
  }

  /** How the thing the entry is about is named in a sentence, from one of its rows. */
  thing(entity: string, row: Row | null, entityId: string): string {
    const t = this.t;
    switch (entity) {
      case "bottle":
        return text(row?.name) || this.bottle(Number(entityId));
      case "theme":
        return t("thing.theme", { quote: this.quote(row?.description) });
      case "meeting":
        return row ? t("w.meetingOf", { date: formatDate(text(row.date)) }) : this.meeting(Number(entityId));
      case "meetingBottle": {
        const [meetingId] = entityId.split(":").map(Number);
        return t("thing.pourIn", { pour: this.pour(row, entityId), meeting: this.meeting(meetingId) });
      }
      case "score":
        return t("thing.score", {
          pour: this.pour(row, entityId),
          meeting: this.meeting(Number(entityId.split(":")[0])),
        });
      case "rsvp":
        return t("thing.rsvp", { meeting: this.meeting(Number(entityId.split(":")[0])) });
      case "instance":
        return t("thing.instance", {
          bottle: this.bottle(row?.bottleId),
          date: formatDate(text(row?.datePurchased)),
        });
      case "comment":
        return t("thing.comment", { bottle: this.bottle(row?.bottleId) });
      case "image":
        return t("thing.image", { bottle: this.bottle(Number(entityId)) });
      case "member":
        return this.fullName(row);
      default: {
        const word = ENTITY_WORDS[entity];
        return word ? t(word) : t("w.something");
      }
    }
  }

  /**
   * The bottle of a pour (a flight's place, a score): "a hidden pour" while a blind night keeps it
   * from the reader (the server leaves its bottle out: bottleId null, "hidden" in the entry's key).
   */
  pour(row: Row | null, entityId: string): string {
    const hidden = entityId.split(":")[1] === "hidden" || (row !== null && row.bottleId === null);
    return hidden ? this.t("w.hiddenPour") : this.bottle(row?.bottleId ?? Number(entityId.split(":")[1]));
  }

  memberNameOf(id: unknown): string {
    return (typeof id === "number" && this.names.member.get(id)) || this.t("w.aMember");
  }

  /** The changed columns the reader cares about, with their values before and after. */
  changes(entity: string, before: Row, after: Row): Change[] {
    const t = this.t;
    const found: Change[] = [];
    const changed = (key: string) => JSON.stringify(before[key]) !== JSON.stringify(after[key]);
    const fromTo = (key: string, label: ActivityKey, show: (value: unknown) => string) => {
      if (changed(key))
        found.push({ key: label, label: t(label), from: show(before[key]), to: show(after[key]) });
    };
    const only = (label: ActivityKey) => found.push({ label: t(label) });
    const quote = (v: unknown) => this.quote(v);
    const na = t("w.na");
    const abv = (v: unknown) => (typeof v === "number" ? formatAbv(v) : na);
    const date = (v: unknown) => (v ? formatDate(text(v)) : t("value.notFinished"));
    const cents = (v: unknown) => (typeof v === "number" ? formatPrice(v / 100) : na);
    switch (entity) {
      case "bottle":
        fromTo("name", "label.name", quote);
        fromTo("abv", "label.abv", abv);
        fromTo("brandId", "label.brand", (v) => this.lookup("brand", v));
        fromTo("drinkTypeId", "label.type", (v) => this.lookup("drinkType", v));
        fromTo("countryId", "label.country", (v) => this.lookup("country", v));
        fromTo("stateId", "label.state", (v) => this.lookup("state", v));
        if (changed("storeLink")) only("label.storeLink");
        fromTo("sizeMl", "label.size", (v) => (typeof v === "number" ? t("value.ml", { ml: v }) : na));
        break;
      case "instance":
        fromTo("datePurchased", "label.purchaseDate", date);
        fromTo("purchasePriceCents", "label.price", cents);
        fromTo("dateFinished", "label.finishDate", date);
        fromTo("openedDate", "label.openedDate", (v) => (v ? formatDate(text(v)) : t("value.sealed")));
        fromTo("levelPct", "label.fillLevel", (v) =>
          typeof v === "number" ? t("value.percent", { pct: v }) : t("value.estimate"),
        );
        break;
      case "meeting":
        fromTo("date", "label.date", date);
        fromTo("hostName", "label.host", quote);
        fromTo("themeId", "label.theme", (v) => this.theme(v));
        if (changed("blind")) only(after.blind ? "label.blindOn" : "label.blindOff");
        if (changed("scoringOpen")) only(after.scoringOpen ? "label.scoringOpened" : "label.scoringClosed");
        fromTo("capacity", "label.places", (v) => (typeof v === "number" ? String(v) : t("value.noLimit")));
        if (changed("hostMemberId")) only("label.theHost");
        break;
      case "comment":
        if (changed("comment")) found.push({ label: "", to: quote(after.comment), text: true });
        break;
      case "theme":
        fromTo("description", "label.name", quote);
        break;
      case "member":
        fromTo("role", "label.role", text);
        fromTo("status", "label.status", text);
        if (changed("firstName") || changed("lastName"))
          found.push({ label: t("label.name"), to: this.fullName(after) });
        break;
    }
    return found;
  }

  /** The sentence after the member's name, for a change of the club's data. */
  what(entry: DescribableEntry): string {
    // The dues ledger's entries (payments, waivers, voids, openings and their undo): describeDues.ts.
    if (isDuesEntity(entry.entity)) return describeDues(entry, this.t);
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

  /** ": a, b" after a sentence, or "". */
  detailOf(items: readonly string[]): string {
    return detailOf(this.t, items);
  }

  detail(entity: string, before: Row | null, after: Row | null): string {
    const found = before && after ? this.changes(entity, before, after) : [];
    return detailOf(
      this.t,
      found.map((change) => this.showChange(change)),
    );
  }

  bottleChange(before: Row | null, after: Row | null, entityId: string): string {
    const t = this.t;
    const name = text(before?.name) || this.bottle(Number(entityId));
    const found = before && after ? this.changes("bottle", before, after) : [];
    const [only] = found;
    if (!only) return t("bottle.noChanges", { name });
    if (found.length > 1)
      return t("bottle.changedMany", {
        name,
        changes: listOf(
          t,
          found.map((change) => this.showChange(change)),
        ),
      });
    if (only.key === "label.name") return t("bottle.renamed", { name, to: text(after?.name) });
    if (only.from === undefined) return t("bottle.changedField", { label: only.label, name });
    return t("bottle.changedFromTo", { label: only.label, name, from: only.from, to: only.to });
  }

  private generic(entry: DescribableEntry, before: Row | null, after: Row | null, thing: string): string {
    if (!before && after) return this.t("generic.added", { thing });
    if (before && !after) return this.t("generic.deleted", { thing });
    return this.t("generic.changed", { thing, detail: this.detail(entry.entity, before, after) });
  }
}

/** What a sentence is made from: the entry, its rows, and how the thing it is about is named. */
export type { Said } from "./said";

/** "Ann Lee changed the ABV of Lagavulin 16 from 46% to 43%" (in the app's language, or `language`). */
export function describeActivity(entry: DescribableEntry, names: NameBook, language?: Language): string {
  const t = activityT(language);
  return t("card.label", { who: who(entry, t), sentence: new Describer(names, language).what(entry) });
}

/** What the member did, without their name (the screen shows the name in bold). */
export function describeChange(entry: DescribableEntry, names: NameBook, language?: Language): string {
  return new Describer(names, language).what(entry);
}

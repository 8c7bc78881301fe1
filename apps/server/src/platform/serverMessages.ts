import {
  BarcodeMessages,
  CalendarMessages,
  CellarMessages,
  CsvMessages,
  DuesMessages,
  ManifestMessages,
  MergeMessages,
  NotificationMessages,
  PasskeysMessages,
  PlanningMessages,
  ServerMessages,
  SessionsMessages,
  SettingsMessages,
  SSO_FAILURES,
  TokensMessages,
  TotpMessages,
  TransferMessages,
  WebhooksMessages,
  WishlistMessages,
} from "@club/shared";

/**
 * Every table of the server's English messages (packages/shared), by its namespace in the server's
 * catalogue (apps/server/src/locales/<language>/server.json): ServerMessages' keys are the
 * catalogue's as they are, another table's key `k` is `<namespace>.k` there.
 */
export const SERVER_TABLES = {
  server: ServerMessages,
  barcode: BarcodeMessages,
  calendar: CalendarMessages,
  cellar: CellarMessages,
  csv: CsvMessages,
  dues: DuesMessages,
  manifest: ManifestMessages,
  merge: MergeMessages,
  notifications: NotificationMessages,
  passkeys: PasskeysMessages,
  planning: PlanningMessages,
  sessions: SessionsMessages,
  settings: SettingsMessages,
  sso: SSO_FAILURES,
  tokens: TokensMessages,
  totp: TotpMessages,
  transfer: TransferMessages,
  webhooks: WebhooksMessages,
  wishlist: WishlistMessages,
} as const;

export type ServerNamespace = keyof typeof SERVER_TABLES;

/** A table's key in the catalogue. */
export const catalogueKey = (namespace: ServerNamespace, key: string): string =>
  namespace === "server" ? key : `${namespace}.${key}`;

/** A value stand-in: text no message holds, so the message's words around it stay apart. */
const mark = (name: string) => `\uE000${name}\uE001`;

/**
 * The messages a table makes from values (a function there): each as the table makes it with its
 * values' stand-ins, by its catalogue key (the ICU message {name} for each value). A function of
 * a table not here stays English (the columns to map, whose words change with their number).
 */
type Make = (v: (name: string) => string) => string;
const MADE: Record<string, Make | { of: string; make: Make }> = {
  "transfer.unknownColumn": (v) => TransferMessages.unknownColumn(v("column")),
  "transfer.unknownType": (v) => TransferMessages.unknownType(v("value")),
  "transfer.unknownCountry": (v) => TransferMessages.unknownCountry(v("value")),
  "transfer.unknownRegion": (v) => TransferMessages.unknownRegion(v("value")),
  "transfer.unreadableNumber": (v) => TransferMessages.unreadableNumber(v("column"), v("cell"), v("formats")),
  "transfer.tooManyDecimals": (v) => TransferMessages.tooManyDecimals(v("column"), v("cell")),
  "transfer.foreignCurrency": (v) => TransferMessages.foreignCurrency(v("column"), v("cell"), v("currency")),
  "transfer.unreadableDate": (v) => TransferMessages.unreadableDate(v("column"), v("cell"), v("order")),
  "transfer.futureDate": (v) => TransferMessages.futureDate(v("column"), v("cell")),
  "transfer.ignoredAndMapped": (v) => TransferMessages.ignoredAndMapped(v("column")),
  "transfer.sameAsRow": (v) => TransferMessages.sameAsRow(v("row") as unknown as number),
  "transfer.likelyDuplicate": (v) => TransferMessages.likelyDuplicate(v("name")),
  "transfer.clubBadData": (v) => TransferMessages.clubBadData(v("detail")),
  "calendar.host": (v) => CalendarMessages.host(v("name")),
  "calendar.theme": (v) => CalendarMessages.theme(v("theme")),
  "calendar.lineUp": (v) => CalendarMessages.lineUp(v("pours")),
  "calendar.dram": (v) => CalendarMessages.dram(v("pour") as unknown as number),
  "csv.dram": (v) => CsvMessages.dram(v("pour") as unknown as number),
  "csv.standingInCredit": (v) => CsvMessages.standingInCredit(v("amount")),
  "csv.standingDue": (v) => CsvMessages.standingDue(v("amount")),
  "csv.standingBehind": (v) => CsvMessages.standingBehind(v("amount")),
  "csv.standingBehindMonths": (v) =>
    CsvMessages.standingBehindMonths(v("amount"), v("months") as unknown as number),
  "csv.reportBefore": (v) => CsvMessages.reportBefore(v("month")),
  "csv.reportAtEndOf": (v) => CsvMessages.reportAtEndOf(v("month")),
  "csv.reportVoidOf": (v) => CsvMessages.reportVoidOf(v("kind"), v("date")),
  "dues.waiverMonths": (v) => DuesMessages.waiverMonths(v("max")),
  "dues.alreadyWaived": (v) => DuesMessages.alreadyWaived(v("month")),
  "dues.earlyWaiver": (v) => DuesMessages.earlyWaiver(v("span"), v("name"), v("since")),
  "webhooks.protocol": () => WebhooksMessages.protocol(false),
  "webhooks.protocolHttps": { of: "webhooks.protocol", make: () => WebhooksMessages.protocol(true) },
  "webhooks.privateAddress": (v) => WebhooksMessages.privateAddress(v("host")),
};

/** Text as an ICU message's literal words: braces quoted, a quote before one doubled. */
const literal = (text: string) => text.replace(/'(?=['{}#])/g, "''").replace(/[{}]+/g, (b) => `'${b}'`);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export interface ServerMessageEntry {
  /** Its key in the catalogue. */
  key: string;
  /** The English ICU message: what the catalogue's English (en/server.json) must say. */
  english: string;
  /** For a message made from values: the English text's pattern and its values' names in order. */
  pattern?: { regexp: RegExp; names: string[] };
}

const makerOf = (key: string): Make => {
  const made = MADE[key]!;
  return typeof made === "function" ? made : made.make;
};
const tableKeyOf = (key: string): string => {
  const made = MADE[key]!;
  return typeof made === "function" ? key : made.of;
};

function madeEntry(key: string): ServerMessageEntry {
  const make = makerOf(key);
  const made = make(mark);
  const names: string[] = [];
  let english = "";
  let regexp = "";
  for (const [i, piece] of made.split(/\uE000|\uE001/).entries()) {
    if (i % 2 === 1) {
      names.push(piece);
      english += `{${piece}}`;
      regexp += "([\\s\\S]*?)";
    } else {
      english += literal(piece);
      regexp += escapeRegExp(piece);
    }
  }
  return {
    key,
    english,
    ...(names.length ? { pattern: { regexp: new RegExp(`^${regexp}$`), names } } : {}),
  };
}

/** Every message of the tables the catalogue has: the table's words, in the catalogue's order. */
export const SERVER_MESSAGES: ServerMessageEntry[] = Object.entries(SERVER_TABLES).flatMap(
  ([namespace, table]) =>
    Object.entries(table as Record<string, unknown>).flatMap(([k, value]): ServerMessageEntry[] => {
      const key = catalogueKey(namespace as ServerNamespace, k);
      if (typeof value === "string") return [{ key, english: literal(value) }];
      return Object.keys(MADE)
        .filter((made) => tableKeyOf(made) === key)
        .map(madeEntry);
    }),
);

/** The functions of the tables no catalogue message stands for (they stay English). */
export const ENGLISH_ONLY = Object.entries(SERVER_TABLES).flatMap(([namespace, table]) =>
  Object.entries(table as Record<string, unknown>)
    .filter(([, value]) => typeof value === "function")
    .map(([k]) => catalogueKey(namespace as ServerNamespace, k))
    .filter((key) => !Object.keys(MADE).some((made) => tableKeyOf(made) === key)),
);

/** The English text of a message from its catalogue values, for the check (the table's own words). */
export const madeWith = (key: string, values: Record<string, string>): string | undefined =>
  key in MADE ? makerOf(key)((name) => values[name] ?? "") : undefined;

const BY_TEXT = new Map<string, string>();
for (const entry of SERVER_MESSAGES)
  if (!entry.pattern && !BY_TEXT.has(entry.english)) BY_TEXT.set(entry.english, entry.key);
const PATTERNS = SERVER_MESSAGES.filter((entry) => entry.pattern);

/**
 * The catalogue message an English text of the server is, with its values: a table's text word
 * for word, or a made one (`The file has no column "ABV".`: transfer.unknownColumn, column ABV).
 * null for any other text (a database rule's own words).
 */
export function messageOf(text: string): { key: string; values?: Record<string, string> } | null {
  const key = BY_TEXT.get(literal(text));
  if (key) return { key };
  for (const entry of PATTERNS) {
    const match = entry.pattern!.regexp.exec(text);
    if (match)
      return {
        key: entry.key,
        values: Object.fromEntries(entry.pattern!.names.map((name, i) => [name, match[i + 1]!])),
      };
  }
  return null;
}

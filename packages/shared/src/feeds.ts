import { IMPORT_FIELD_LABELS } from "./transfer";
import { BOTTLE_STATUS_LABELS } from "./cellar";

/**
 * The words of the files the server writes for other programs: the calendar feed's events and the
 * CSV exports' column headers and fixed cells. English here; the server's catalogue has them in
 * every language of the app (the reader's, or the one the feed's address asks for).
 */
export const CalendarMessages = {
  host: (name: string) => `Host: ${name}`,
  theme: (theme: string) => `Theme: ${theme}`,
  blind: "A blind tasting.",
  lineUp: (pours: string) => `Line-up: ${pours}`,
  dram: (pour: number) => `Dram ${pour}`,
  cancelled: "This meeting was cancelled.",
};

/**
 * The CSV exports' headers and fixed cells. The library's field columns are the import's field
 * labels (IMPORT_FIELD_LABELS), so an export in any language imports again with the guessed mapping.
 */
export const CsvMessages = {
  // The library and its purchases.
  id: "Id",
  name: IMPORT_FIELD_LABELS.name,
  brand: IMPORT_FIELD_LABELS.brand,
  type: IMPORT_FIELD_LABELS.type,
  country: IMPORT_FIELD_LABELS.country,
  region: IMPORT_FIELD_LABELS.region,
  abv: IMPORT_FIELD_LABELS.abv,
  size: IMPORT_FIELD_LABELS.size,
  storeLink: IMPORT_FIELD_LABELS.storeLink,
  price: IMPORT_FIELD_LABELS.price,
  datePurchased: IMPORT_FIELD_LABELS.datePurchased,
  status: "Status",
  statusOpen: BOTTLE_STATUS_LABELS.open,
  statusSealed: BOTTLE_STATUS_LABELS.sealed,
  statusFinished: BOTTLE_STATUS_LABELS.finished,
  statusNeverBought: BOTTLE_STATUS_LABELS.never_bought,
  purchases: "Purchases",
  totalSpent: "Total spent",
  lastPrice: "Last price",
  lastPurchased: "Last purchased",
  clubScore: "Club score",
  scores: "Scores",
  purchaseId: "Purchase id",
  bottleId: "Bottle id",
  bottle: "Bottle",
  opened: "Opened",
  finished: "Finished",
  // A night's results.
  resultsPour: "pour",
  resultsLabel: "label",
  resultsBottle: "bottle",
  resultsMember: "member",
  resultsNose: "nose",
  resultsPalate: "palate",
  resultsFinish: "finish",
  resultsBalance: "balance",
  resultsTotal: "total",
  resultsNote: "note",
  resultsTags: "tags",
  resultsGuest: "guest",
  resultsGuestOf: "guest of",
  dram: (pour: number) => `Dram ${pour}`,
  // The dues ledger.
  duesMember: "member",
  duesBalance: "balance",
  duesPaidThrough: "paid through",
  duesDate: "date",
  duesKind: "kind",
  duesMonth: "month",
  duesAmount: "amount",
  duesMethod: "method",
  duesNote: "note",
  duesStanding: "standing",
  duesEntry: "entry",
  duesVoided: "voided",
  duesVoids: "voids",
  duesReason: "reason",
  duesPending: "pending",
  // A yes cell (a guest's score, a voided or pending entry).
  yes: "yes",
  // A member's standing in the dues ledger (standingLabel's words).
  standingPaidUp: "Paid up",
  standingInCredit: (amount: string) => `${amount} in credit`,
  standingDue: (amount: string) => `${amount} due`,
  standingBehind: (amount: string) => `${amount} behind`,
  standingBehindMonths: (amount: string, months: number) =>
    `${amount} behind (${months} ${months === 1 ? "month" : "months"})`,
  // The treasurer's report: its columns, sections and items (a payment's method and an entry's
  // kind stay the ledger's own codes, as in the dues ledger's file).
  reportSection: "section",
  reportMonth: "month",
  reportMember: "member",
  reportItem: "item",
  reportAmount: "amount",
  reportNote: "note",
  reportTotals: "totals",
  reportOpeningOwed: "opening owed",
  reportCharges: "charges",
  reportPayments: "payments",
  reportWaivers: "waivers",
  reportClosingOwed: "closing owed",
  reportBefore: (month: string) => `before ${month}`,
  reportAtEndOf: (month: string) => `at the end of ${month}`,
  reportReceived: "received",
  reportTotal: "total",
  reportCharged: "charged",
  reportWaived: "waived",
  reportVoided: "voided",
  reportVoidOf: (kind: string, date: string) => `${kind} of ${date}`,
  reportOwing: "owing",
  reportBalance: "balance",
  reportInCredit: "in credit",
  reportCredit: "credit",
};

/**
 * The installed app's words (the web manifest, apps/web/vite.config.ts): its description in the
 * page's language. Its name stays the club app's own.
 */
export const ManifestMessages = {
  description: "Monthly meetings, bottle library and theme ideas of our whiskey tasting club.",
};

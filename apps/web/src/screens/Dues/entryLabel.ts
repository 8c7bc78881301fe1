import type { DuesEntry } from "@club/shared";
import { formatDate } from "../../lib/format";
import { formatMonth } from "../../lib/money";

/** What a ledger line is, in words: "Dues for March 2026", "Payment (cash)", "Void of Payment (cash)". */
export function entryLabel(entry: DuesEntry, byId?: ReadonlyMap<number, DuesEntry>): string {
  switch (entry.kind) {
    case "joining":
      return "Joining fee";
    case "monthly":
      return `Dues for ${formatMonth(entry.month)}`;
    case "payment":
      return entry.method ? `Payment (${entry.method})` : "Payment";
    case "waiver":
      return entry.month ? `Hardship waiver, ${formatMonth(entry.month)}` : "Hardship waiver";
    case "opening":
      return entry.amount >= 0 ? "Owed from before the app" : "Credit from before the app";
    case "void": {
      const original = entry.voids !== null ? byId?.get(entry.voids) : undefined;
      return original ? `Void of ${entryLabel(original)}, ${formatDate(original.date)}` : "Void";
    }
  }
}

/** The treasurer's note of a payment, waiver or opening; the ledger's own notes ("Joining fee") repeat the label. */
export const entryNote = (entry: DuesEntry): string =>
  entry.kind === "payment" || entry.kind === "waiver" || entry.kind === "opening" ? entry.note : "";

/** A line the treasurer can void from the statement: it counts, and it is not a balance brought forward. */
export const canVoid = (entry: DuesEntry): boolean =>
  !entry.voided && entry.kind !== "void" && entry.kind !== "opening";

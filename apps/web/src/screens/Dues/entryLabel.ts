import type { DuesEntry } from "@club/shared";
import { formatMonth } from "../../lib/money";

/** What a ledger line is, in words: "Dues for March 2026", "Payment (cash)". */
export function entryLabel(entry: DuesEntry): string {
  switch (entry.kind) {
    case "joining":
      return "Joining fee";
    case "monthly":
      return `Dues for ${formatMonth(entry.month)}`;
    case "payment":
      return entry.method ? `Payment (${entry.method})` : "Payment";
    case "waiver":
      return entry.month ? `Hardship waiver, ${formatMonth(entry.month)}` : "Hardship waiver";
  }
}

/** The treasurer's note of a payment or waiver; the ledger's own notes ("Joining fee") repeat the label. */
export const entryNote = (entry: DuesEntry): string =>
  entry.kind === "payment" || entry.kind === "waiver" ? entry.note : "";

import type { DuesEntry } from "@club/shared";
import { formatDate } from "../../lib/format";
import { formatMonth } from "../../lib/money";
import { duesText as t, methodText } from "./duesMessages";

/** What a ledger line is, in words: "Dues for March 2026", "Payment (cash)", "Void of Payment (cash)". */
export function entryLabel(entry: DuesEntry, byId?: ReadonlyMap<number, DuesEntry>): string {
  switch (entry.kind) {
    case "joining":
      return t("entry.joining");
    case "monthly":
      return t("entry.monthly", { month: formatMonth(entry.month) });
    case "payment":
      return entry.method ? t("entry.paymentBy", { method: methodText(entry.method) }) : t("entry.payment");
    case "waiver":
      return entry.month ? t("entry.waiverOf", { month: formatMonth(entry.month) }) : t("entry.waiver");
    case "opening":
      return entry.amount >= 0 ? t("entry.owedBefore") : t("entry.creditBefore");
    case "void": {
      const original = entry.voids !== null ? byId?.get(entry.voids) : undefined;
      return original
        ? t("entry.voidOf", { label: entryLabel(original), date: formatDate(original.date) })
        : t("entry.void");
    }
  }
}

/** The treasurer's note of a payment, waiver or opening; the ledger's own notes ("Joining fee") repeat the label. */
export const entryNote = (entry: DuesEntry): string =>
  entry.kind === "payment" || entry.kind === "waiver" || entry.kind === "opening" ? entry.note : "";

/** A line the treasurer can void from the statement: it counts, and it is not a balance brought forward. */
export const canVoid = (entry: DuesEntry): boolean =>
  !entry.voided && entry.kind !== "void" && entry.kind !== "opening";

import {
  CsvMessages,
  formatMoney,
  standingLabel,
  type BottleStatus,
  type Language,
  type MoneyFormat,
} from "@club/shared";
import { formatLocaleOf, tableText } from "./i18n";

type Word = {
  [K in keyof typeof CsvMessages]: (typeof CsvMessages)[K] extends string ? K : never;
}[keyof typeof CsvMessages];

const STATUS_WORD: Record<BottleStatus, Word> = {
  open: "statusOpen",
  sealed: "statusSealed",
  finished: "statusFinished",
  never_bought: "statusNeverBought",
};

/**
 * The CSV exports' headers and fixed cells in a language (platform/serverMessages.ts, namespace
 * csv): English word for word as the table says it.
 */
export function csvWords(language: Language) {
  const word = (key: Word) => tableText(language, "csv", key, CsvMessages[key]);
  return {
    word,
    /** A member's standing: standingLabel's words, the amount in the language's format. */
    standing: (s: Parameters<typeof standingLabel>[0], format: MoneyFormat): string => {
      if (language === "en") return standingLabel(s, format);
      const amount = (value: number) =>
        formatMoney(Math.abs(value), { ...format, locale: formatLocaleOf(language) });
      const say = (key: "standingInCredit" | "standingDue" | "standingBehind", value: number) =>
        tableText(language, "csv", key, CsvMessages[key](amount(value)), { amount: amount(value) });
      switch (s.standing) {
        case "paid-up":
          return word("standingPaidUp");
        case "in-credit":
          return say("standingInCredit", s.balance);
        case "due":
          return say("standingDue", s.amountDue);
        case "behind":
          return s.monthsBehind > 0
            ? tableText(
                language,
                "csv",
                "standingBehindMonths",
                CsvMessages.standingBehindMonths(amount(s.amountBehind), s.monthsBehind),
                { amount: amount(s.amountBehind), months: s.monthsBehind },
              )
            : say("standingBehind", s.amountBehind);
      }
    },
    status: (status: BottleStatus) => word(STATUS_WORD[status]),
    dram: (pour: number) => tableText(language, "csv", "dram", CsvMessages.dram(pour), { pour }),
    before: (month: string) =>
      tableText(language, "csv", "reportBefore", CsvMessages.reportBefore(month), { month }),
    atEndOf: (month: string) =>
      tableText(language, "csv", "reportAtEndOf", CsvMessages.reportAtEndOf(month), { month }),
    voidOf: (kind: string, date: string) =>
      tableText(language, "csv", "reportVoidOf", CsvMessages.reportVoidOf(kind, date), { kind, date }),
  };
}

export type CsvWords = ReturnType<typeof csvWords>;

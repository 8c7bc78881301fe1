import { CsvMessages, type BottleStatus, type Language } from "@club/shared";
import { tableText } from "./i18n";

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

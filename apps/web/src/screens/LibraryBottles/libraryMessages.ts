import type { BottleStatus, MessageValues } from "@club/shared";
import library from "../../locales/en/library.json";
import { defineMessages } from "../../lib/i18n";

/** The library's texts (the table, its filters and dialogs): src/locales/<language>/library.json. */
export const libraryMessages = defineMessages("library", library);
export type LibraryKey = keyof typeof library;
/** useT(libraryMessages), for helpers the screen hands it to. */
export type LibraryT = (key: LibraryKey, values?: MessageValues) => string;

/** A bottle's cellar status in words ("Never bought"): @club/shared's BOTTLE_STATUS_LABELS in English. */
export const statusKey = (status: BottleStatus): LibraryKey => `status.${status}`;

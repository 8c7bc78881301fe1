import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { childOf, extensionOf, now } from "./columns";
import { members } from "./members";
import { brands, countries, drinkTypes, states } from "./lookups";

export const bottles = sqliteTable(
  "bottles",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    brandId: integer().references(() => brands.id),
    drinkTypeId: integer().references(() => drinkTypes.id),
    countryId: integer().references(() => countries.id),
    stateId: integer().references(() => states.id),
    abv: real().notNull(),
    storeLink: text(),
    /** The bottle's size in ml (the cellar's fill level and cost per pour use it). */
    sizeMl: integer().notNull().default(700),
    /**
     * The code printed on the bottle (EAN-13, EAN-8, UPC-E, or a Code 128 text), as
     * `normaliseBarcode` writes it; one bottle per code, null when none was attached.
     */
    barcode: text(),
    createdBy: integer().references(() => members.id, { onDelete: "set null" }),
    createdAt: text().notNull().default(now),
  },
  (t) => [
    index("bottles_name_idx").on(t.name),
    index("bottles_brand_idx").on(t.brandId),
    index("bottles_drink_type_idx").on(t.drinkTypeId),
    index("bottles_country_idx").on(t.countryId),
    index("bottles_state_idx").on(t.stateId),
    uniqueIndex("bottles_barcode_idx").on(t.barcode),
  ],
);

export const bottleInstances = sqliteTable(
  "bottle_instances",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bottleId: childOf(() => bottles.id),
    datePurchased: text().notNull(),
    dateFinished: text(),
    purchasePriceCents: integer().notNull(),
    /** YYYY-MM-DD the bottle was opened; null while sealed. */
    openedDate: text(),
    /** A member's reading of the fill level (0-100 %), overriding the estimate from that day on. */
    levelPct: integer(),
    /** YYYY-MM-DD of that reading: pours at meetings after it lower the estimate from it. */
    levelSetOn: text(),
    createdBy: integer().references(() => members.id, { onDelete: "set null" }),
    createdAt: text().notNull().default(now),
  },
  (t) => [index("bottle_instances_bottle_idx").on(t.bottleId, t.datePurchased)],
);

export const bottleComments = sqliteTable(
  "bottle_comments",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bottleId: childOf(() => bottles.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    comment: text().notNull(),
    createdAt: text().notNull().default(now),
  },
  (t) => [
    index("bottle_comments_bottle_idx").on(t.bottleId, t.createdAt),
    index("bottle_comments_member_idx").on(t.memberId),
  ],
);

/** A member's favourite bottles (the worked example in docs/architecture.md): one row per member and bottle. */
export const favourites = sqliteTable(
  "favourites",
  {
    memberId: childOf(() => members.id),
    bottleId: childOf(() => bottles.id),
    createdAt: text().notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.bottleId] }), index("favourites_bottle_idx").on(t.bottleId)],
);

/** One image per bottle; the files live in DATA_DIR/images, named by content hash. */
export const bottleImages = sqliteTable("bottle_images", {
  bottleId: extensionOf(() => bottles.id),
  hash: text().notNull(),
  contentType: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  bytes: integer().notNull(),
  updatedAt: text().notNull().default(now),
});

/**
 * Other names a bottle is known by: the name of a bottle merged into it (search still finds it).
 * mergedFromId keeps the merged bottle's old id so that an undo can give it back.
 */
export const bottleAliases = sqliteTable(
  "bottle_aliases",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    bottleId: childOf(() => bottles.id),
    name: text().notNull(),
    mergedFromId: integer(),
    createdBy: integer().references(() => members.id, { onDelete: "set null" }),
    createdAt: text().notNull().default(now),
  },
  (t) => [index("bottle_aliases_bottle_idx").on(t.bottleId)],
);

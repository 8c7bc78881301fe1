import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { BottleInstance } from "@club/shared";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { bottleInstances } from "../schema";

/** Money is stored as integer cents and handed out as a number of dollars. */
const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
const centsToDollars = (cents: number): number => cents / 100;

const instanceColumns = {
  id: bottleInstances.id,
  bottleId: bottleInstances.bottleId,
  datePurchased: bottleInstances.datePurchased,
  dateFinished: bottleInstances.dateFinished,
  purchasePriceCents: bottleInstances.purchasePriceCents,
  createdBy: bottleInstances.createdBy,
  openedDate: bottleInstances.openedDate,
  levelPct: bottleInstances.levelPct,
  levelSetOn: bottleInstances.levelSetOn,
};

type InstanceRow = {
  id: number;
  bottleId: number;
  datePurchased: string;
  dateFinished: string | null;
  purchasePriceCents: number;
  createdBy: number | null;
  openedDate: string | null;
  levelPct: number | null;
  levelSetOn: string | null;
};

const toInstance = ({ purchasePriceCents, ...row }: InstanceRow): BottleInstance => ({
  ...row,
  purchasePrice: centsToDollars(purchasePriceCents),
});

const instancesForBottleQuery = preparedPerDb((db) =>
  db
    .select(instanceColumns)
    .from(bottleInstances)
    .where(eq(bottleInstances.bottleId, sql.placeholder("bottleId")))
    .orderBy(asc(bottleInstances.datePurchased), asc(bottleInstances.id))
    .prepare(),
);

/** A bottle's purchases, oldest purchase first; one query. */
export const listInstancesForBottle = (db: Db, bottleId: number): BottleInstance[] =>
  instancesForBottleQuery(db).all({ bottleId }).map(toInstance);

export function findBottleInstance(db: Db, id: number): BottleInstance | undefined {
  const row = db.select(instanceColumns).from(bottleInstances).where(eq(bottleInstances.id, id)).get();
  return row ? toInstance(row) : undefined;
}

/** Inserts an unfinished instance; the price is given in dollars. */
export const insertBottleInstance = (
  db: Db,
  values: { bottleId: number; datePurchased: string; purchasePrice: number; createdBy?: number | null },
): BottleInstance =>
  toInstance(
    db
      .insert(bottleInstances)
      .values({
        bottleId: values.bottleId,
        datePurchased: values.datePurchased,
        purchasePriceCents: dollarsToCents(values.purchasePrice),
        createdBy: values.createdBy ?? null,
      })
      .returning(instanceColumns)
      .get(),
  );

/** Sets dateFinished on an unfinished instance; undefined when it is unknown or already finished. */
export function finishBottleInstance(db: Db, id: number, finishedAt: string): BottleInstance | undefined {
  const row = db
    .update(bottleInstances)
    .set({ dateFinished: finishedAt })
    .where(and(eq(bottleInstances.id, id), isNull(bottleInstances.dateFinished)))
    .returning(instanceColumns)
    .get();
  return row ? toInstance(row) : undefined;
}

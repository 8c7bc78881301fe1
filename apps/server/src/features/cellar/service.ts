import { findBottleInstance, listShelf, loadEntity, updateEntity } from "@club/db";
import {
  CellarMessages,
  ServerMessages,
  type BottleInstance,
  type OpenInstanceInput,
  type SetLevelInput,
  type ShelfItem,
} from "@club/shared";
import type { AuthedCtx, Deps } from "../../kernel/context";
import { BadRequestError, ConflictError, NotFoundError } from "../../kernel/errors";
import { dateIn } from "../../platform/clubTime";
import { audited } from "../activity/record";

/** The club's date today (CLUB_TIMEZONE, deps.now()): fill levels count the meetings held by then. */
export const clubToday = (deps: Deps): string => dateIn(deps.config.clubTimezone, deps.now());

/** GET /api/Shelf: the open bottles, lowest fill level first. */
export const getShelf = (deps: Deps): ShelfItem[] => listShelf(deps.db, clubToday(deps));

function purchase(ctx: AuthedCtx, id: number): BottleInstance {
  const found = findBottleInstance(ctx.db, id);
  if (!found) throw new NotFoundError(ServerMessages.instanceNotFound);
  return found;
}

/** "Open it": a sealed, unfinished purchase is opened on the given date (the club's today by default). */
export function openInstance(ctx: AuthedCtx, input: OpenInstanceInput): BottleInstance {
  const found = purchase(ctx, input.id);
  if (found.dateFinished !== null)
    throw new ConflictError(CellarMessages.alreadyFinished, "ALREADY_FINISHED");
  if (found.openedDate !== null) throw new ConflictError(CellarMessages.alreadyOpen, "ALREADY_OPEN");
  const openedDate = input.openedDate ?? clubToday(ctx);
  if (openedDate < found.datePurchased) throw new BadRequestError(CellarMessages.openedBeforePurchase);
  return audited(ctx, "instance", input.id, () => {
    updateEntity(ctx.db, "instance", String(input.id), { openedDate });
    return { result: findBottleInstance(ctx.db, input.id) as BottleInstance };
  });
}

/**
 * "Set level": a member's reading of an open bottle, as of today; the estimate starts from it and
 * counts only the meetings after today. Undoing it brings the previous reading (or none) back.
 */
export function setLevel(ctx: AuthedCtx, input: SetLevelInput): BottleInstance {
  const found = purchase(ctx, input.id);
  if (found.openedDate === null || found.dateFinished !== null)
    throw new ConflictError(CellarMessages.notOpen, "NOT_OPEN");
  const today = clubToday(ctx);
  const levelSetOn = today < found.openedDate ? found.openedDate : today;
  return audited(ctx, "instance", input.id, () => {
    updateEntity(ctx.db, "instance", String(input.id), { levelPct: input.levelPct, levelSetOn });
    return { result: findBottleInstance(ctx.db, input.id) as BottleInstance };
  });
}

/**
 * The cellar's part of correcting a purchase (instances.update): the opened date. Absent keeps it,
 * null seals the purchase again and drops its level reading. Checks the dates the shared schema
 * cannot see (the stored opened date against a new purchase or finish date).
 */
export function openedDatePatch(
  ctx: AuthedCtx,
  id: number,
  input: { datePurchased: string; dateFinished: string | null; openedDate?: string | null },
): Record<string, string | null> {
  const stored = loadEntity(ctx.db, "instance", String(id))?.openedDate as string | null | undefined;
  const opened = input.openedDate === undefined ? (stored ?? null) : input.openedDate;
  if (opened !== null && opened < input.datePurchased)
    throw new BadRequestError(CellarMessages.openedBeforePurchase);
  if (opened !== null && input.dateFinished !== null && input.dateFinished.slice(0, 10) < opened)
    throw new BadRequestError(CellarMessages.finishedBeforeOpened);
  if (input.openedDate === undefined) return {};
  if (input.openedDate === null) return { openedDate: null, levelPct: null, levelSetOn: null };
  return { openedDate: input.openedDate };
}

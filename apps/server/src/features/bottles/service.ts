import {
  findBottleByBarcode,
  findBottleDetail,
  findBottleImage,
  insertBottle,
  isExistingBottle,
  isFavourite,
  listFavourites,
  listBottleOptions,
  listBottles,
  lookupIdExists,
  updateBottleAttributes,
  upsertBottleImage,
  removeEntity,
  setFavouriteRow,
  updateEntity,
  type BottleAttributes,
  type LookupKind,
  type NewBottleValues,
} from "@club/db";
import {
  ServerMessages,
  type BarcodeBottle,
  type BarcodeLookupInput,
  type BottleDetail,
  type BottleImageQuery,
  type BottleListItem,
  type BottleOption,
  type Favourite,
  type FavouriteState,
  type NewBottleInput,
  type SetBarcodeInput,
  type SetFavouriteInput,
  type UpdateAbvInput,
  type UpdateBottleInput,
} from "@club/shared";
import type { AuthedCtx, PublicCtx } from "../../kernel/context";
import { audited, auditedCreate, recordActivity } from "../activity/record";
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  UnsupportedMediaTypeError,
} from "../../kernel/errors";
import { clubToday } from "../cellar/service";

const LOOKUP_NOT_FOUND: Record<LookupKind, string> = {
  brand: ServerMessages.brandNotFound,
  drinkType: ServerMessages.drinkTypeNotFound,
  country: ServerMessages.countryNotFound,
  state: ServerMessages.stateNotFound,
};

function assertBottle(ctx: PublicCtx, id: number): void {
  if (!isExistingBottle(ctx.db, id)) throw new NotFoundError(ServerMessages.bottleNotFound);
}

function assertLookup(ctx: PublicCtx, kind: LookupKind, id: number | null | undefined): void {
  if (id != null && !lookupIdExists(ctx.db, kind, id)) throw new NotFoundError(LOOKUP_NOT_FOUND[kind]);
}

/** AllBottlesList: every bottle, sorted by name. */
export const listAllBottles = (ctx: PublicCtx): BottleListItem[] => listBottles(ctx.db);

/** GET /api/Bottles: {id, name} of every bottle, for the Add Bottle to meeting dialog. */
export const listBottleChoices = (ctx: PublicCtx): BottleOption[] => listBottleOptions(ctx.db);

export function getBottle(ctx: PublicCtx, input: { id: number }): BottleDetail {
  const bottle = findBottleDetail(ctx.db, input.id, clubToday(ctx));
  if (!bottle) throw new NotFoundError(ServerMessages.bottleNotFound);
  return bottle;
}

/**
 * NewBottle. Brand rules (docs/product.md, "Rules"): a non-empty newBrand creates or reuses that brand
 * case-insensitively (and wins over brandId); otherwise brandId is used when given; otherwise the
 * bottle's name is used as the brand. Unknown lookup ids are 404s.
 */
export function createBottle(ctx: AuthedCtx, input: NewBottleInput): { id: number } {
  const newBrand = input.newBrand?.trim() ?? "";
  let brand: NewBottleValues["brand"];
  if (newBrand !== "") brand = { name: newBrand };
  else if (input.brandId != null) {
    assertLookup(ctx, "brand", input.brandId);
    brand = { id: input.brandId };
  } else brand = { name: input.name };
  assertLookup(ctx, "drinkType", input.drinkTypeId);
  assertLookup(ctx, "country", input.countryId);
  assertLookup(ctx, "state", input.stateId);
  return auditedCreate(ctx, "bottle", () =>
    insertBottle(ctx.db, {
      name: input.name,
      storeLink: input.storeLink ? input.storeLink : null,
      brand,
      drinkTypeId: input.drinkTypeId ?? null,
      countryId: input.countryId ?? null,
      stateId: input.stateId ?? null,
      abv: input.abv,
      ...(input.sizeMl === undefined ? {} : { sizeMl: input.sizeMl }),
      createdBy: ctx.user.id,
    }),
  );
}

function updateAttributes(
  ctx: AuthedCtx,
  bottleId: number,
  patch: BottleAttributes,
  lookup?: { kind: LookupKind; id: number },
): { ok: true } {
  assertBottle(ctx, bottleId);
  if (lookup) assertLookup(ctx, lookup.kind, lookup.id);
  return audited(ctx, "bottle", bottleId, () => {
    if (!updateBottleAttributes(ctx.db, bottleId, patch))
      throw new NotFoundError(ServerMessages.bottleNotFound);
    return { result: { ok: true as const } };
  });
}

/** Sets one of a bottle's lookups (`field`: drinkTypeId...) to an entry of `kind` that exists. */
const lookupUpdate =
  <F extends "brandId" | "drinkTypeId" | "countryId" | "stateId">(kind: LookupKind, field: F) =>
  (ctx: AuthedCtx, input: { bottleId: number } & Record<F, number>) =>
    updateAttributes(ctx, input.bottleId, { [field]: input[field] }, { kind, id: input[field] });

export const updateBrand = lookupUpdate("brand", "brandId");
export const updateDrinkType = lookupUpdate("drinkType", "drinkTypeId");
export const updateCountry = lookupUpdate("country", "countryId");
export const updateState = lookupUpdate("state", "stateId");

export const updateAbv = (ctx: AuthedCtx, input: UpdateAbvInput) =>
  updateAttributes(ctx, input.bottleId, { abv: input.abv });

/**
 * UploadImage: checks the bottle first, then reads the upload (readImage maps transport problems
 * to 4xx errors), re-encodes it through the ImageStore and records it as the bottle's image.
 */
export async function uploadBottleImage(
  ctx: AuthedCtx,
  input: { bottleId: number },
  readImage: () => Promise<Buffer>,
): Promise<{ bottleId: number; imageVersion: string }> {
  assertBottle(ctx, input.bottleId);
  const data = await readImage();
  const saved = await ctx.images.save(data);
  if (!saved.ok) {
    if (saved.reason === "unsupported") throw new UnsupportedMediaTypeError(ServerMessages.imageUnsupported);
    if (saved.reason === "tooManyPixels") throw new BadRequestError(ServerMessages.imageTooManyPixels);
    throw new BadRequestError(ServerMessages.imageInvalid);
  }
  audited(ctx, "image", input.bottleId, () => {
    upsertBottleImage(ctx.db, {
      bottleId: input.bottleId,
      hash: saved.hash,
      contentType: saved.contentType,
      width: saved.width,
      height: saved.height,
      bytes: saved.bytes,
    });
    return { result: undefined };
  });
  void ctx.images.sweepSoon(); // the replaced image's files, once no undo can bring it back
  return { bottleId: input.bottleId, imageVersion: saved.hash };
}

/** Where a bottle's stored image (or a smaller variant) is, with its content type and ETag. */
export async function getBottleImage(
  ctx: PublicCtx,
  input: { id: number; size: BottleImageQuery["size"] },
): Promise<{ path: string; contentType: string; etag: string }> {
  const image = findBottleImage(ctx.db, input.id);
  if (!image) {
    assertBottle(ctx, input.id);
    throw new NotFoundError(ServerMessages.imageNotFound);
  }
  if (!(await ctx.images.ensure(image.hash, input.size)))
    throw new NotFoundError(ServerMessages.imageNotFound);
  return {
    path: ctx.images.pathFor(image.hash, input.size),
    contentType: image.contentType,
    etag: input.size === "full" ? `"${image.hash}"` : `"${image.hash}-${input.size}"`,
  };
}

/** Corrects a bottle's name and store link (any member, as its other attributes). */
export function updateBottle(ctx: AuthedCtx, input: UpdateBottleInput): { ok: true } {
  assertBottle(ctx, input.id);
  return audited(ctx, "bottle", input.id, () => {
    updateEntity(ctx.db, "bottle", String(input.id), {
      name: input.name,
      storeLink: input.storeLink || null,
      ...(input.sizeMl === undefined ? {} : { sizeMl: input.sizeMl }),
    });
    return { result: { ok: true as const } };
  });
}

/**
 * Deletes a bottle with its purchases, comments, photo and places in meetings (admins only: the
 * procedure says so); undoing it brings them all back.
 */
export function deleteBottle(ctx: AuthedCtx, input: { id: number }): { ok: true } {
  assertBottle(ctx, input.id);
  const result = audited(ctx, "bottle", input.id, () => {
    removeEntity(ctx.db, "bottle", String(input.id));
    return { result: { ok: true as const } };
  });
  void ctx.images.sweepSoon(); // its photo's files stay while an undo may restore the bottle
  return result;
}

/**
 * Attaches the code printed on a bottle (any member, as the bottle's other attributes). A code
 * belongs to one bottle: another bottle's is a 409 (the unique index holds it too); the same
 * bottle's again changes nothing and is still recorded, as it was asked. Undone from the log.
 */
export function setBarcode(ctx: AuthedCtx, input: SetBarcodeInput): void {
  assertBottle(ctx, input.id);
  audited(ctx, "bottle", input.id, () => {
    const holder = findBottleByBarcode(ctx.db, input.code);
    if (holder && holder.id !== input.id) throw new ConflictError(ServerMessages.barcodeTaken);
    updateEntity(ctx.db, "bottle", String(input.id), { barcode: input.code });
    return { result: undefined };
  });
}

/** The bottle a scanned or typed barcode belongs to. */
export function findByBarcode(ctx: PublicCtx, input: BarcodeLookupInput): BarcodeBottle {
  const bottle = findBottleByBarcode(ctx.db, input.code);
  if (!bottle) throw new NotFoundError(ServerMessages.barcodeNotFound);
  return bottle;
}

/** GET /api/Bottles/Favourites: the calling member's favourite bottles, newest first. */
export const listMyFavourites = (ctx: AuthedCtx): Favourite[] => listFavourites(ctx.db, ctx.user.id);

/**
 * PUT /api/Bottles/{id}/Favourite: marks or unmarks the bottle as the caller's favourite, and
 * records it in the activity log (marking it again changes nothing and is still recorded: it was
 * asked). Not undone from the log: the button itself takes it back. The worked example in
 * docs/architecture.md.
 */
export function setFavourite(ctx: AuthedCtx, input: SetFavouriteInput): FavouriteState {
  return ctx.db.transaction(() => {
    if (!isExistingBottle(ctx.db, input.id)) throw new NotFoundError(ServerMessages.bottleNotFound);
    const was = isFavourite(ctx.db, ctx.user.id, input.id);
    setFavouriteRow(ctx.db, ctx.user.id, input.id, input.favourite);
    const after = { bottleId: input.id, favourite: input.favourite };
    recordActivity(ctx, "favourite", input.id, { bottleId: input.id, favourite: was }, after);
    return after;
  });
}

import { listBrands, listCountries, listDrinkTypes, listStates } from "@club/db";
import type { LookupItem } from "@club/shared";
import type { Ctx } from "../../lib/deps";

export const getBrands = (ctx: Ctx): LookupItem[] =>
  ctx.reads.memo("lookups.brands", () => listBrands(ctx.db));
export const getDrinkTypes = (ctx: Ctx): LookupItem[] =>
  ctx.reads.memo("lookups.drinkTypes", () => listDrinkTypes(ctx.db));
export const getCountries = (ctx: Ctx): LookupItem[] =>
  ctx.reads.memo("lookups.countries", () => listCountries(ctx.db));
export const getStates = (ctx: Ctx): LookupItem[] =>
  ctx.reads.memo("lookups.states", () => listStates(ctx.db));

import { listBrands, listCountries, listDrinkTypes, listStates } from "@club/db";
import type { LookupItem, StateItem } from "@club/shared";
import type { PublicCtx } from "../../kernel/context";

export const getBrands = (ctx: PublicCtx): LookupItem[] => listBrands(ctx.db);
export const getDrinkTypes = (ctx: PublicCtx): LookupItem[] => listDrinkTypes(ctx.db);
export const getCountries = (ctx: PublicCtx): LookupItem[] => listCountries(ctx.db);
export const getStates = (ctx: PublicCtx): StateItem[] => listStates(ctx.db);

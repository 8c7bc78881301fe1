import { listBrands, listCountries, listDrinkTypes, listStates } from "@club/db";
import type { LookupItem } from "@club/shared";
import type { Ctx } from "../../lib/deps";

export const getBrands = (ctx: Ctx): LookupItem[] => listBrands(ctx.db);
export const getDrinkTypes = (ctx: Ctx): LookupItem[] => listDrinkTypes(ctx.db);
export const getCountries = (ctx: Ctx): LookupItem[] => listCountries(ctx.db);
export const getStates = (ctx: Ctx): LookupItem[] => listStates(ctx.db);

import type { TRPCRouterRecord } from "@trpc/server";
import byId from "./byId";
import create from "./create";
import list from "./list";
import options from "./options";
import updateAbv from "./updateAbv";
import updateBrand from "./updateBrand";
import updateCountry from "./updateCountry";
import updateDrinkType from "./updateDrinkType";
import updateState from "./updateState";

/** Image upload and image GET are REST only (multipart and binary bodies). */
export const bottlesRouter = {
  list,
  options,
  byId,
  create,
  updateBrand,
  updateDrinkType,
  updateCountry,
  updateState,
  updateAbv,
} satisfies TRPCRouterRecord;

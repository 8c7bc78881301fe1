import type { TRPCRouterRecord } from "@trpc/server";
import brands from "./brands";
import countries from "./countries";
import drinkTypes from "./drinkTypes";
import states from "./states";

export const lookupsRouter = { brands, drinkTypes, countries, states } satisfies TRPCRouterRecord;

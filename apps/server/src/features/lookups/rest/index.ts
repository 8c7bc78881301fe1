import type { FastifyPluginAsync } from "fastify";
import { getBrandsRoute } from "./getBrands";
import { getCountriesRoute } from "./getCountries";
import { getDrinkTypesRoute } from "./getDrinkTypes";
import { getStatesRoute } from "./getStates";

/** The lookup lists the bottle forms pick from: public reads. */
export const lookupsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(getBrandsRoute);
  await app.register(getDrinkTypesRoute);
  await app.register(getCountriesRoute);
  await app.register(getStatesRoute);
};

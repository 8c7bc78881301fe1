import type { FastifyPluginAsync } from "fastify";
import { allBottlesListRoute } from "./allBottlesList";
import { getBottleRoute } from "./getBottle";
import { getBottlesRoute } from "./getBottles";
import { getImageRoute } from "./getImage";
import { newBottleRoute } from "./newBottle";
import { updateAbvRoute } from "./updateAbv";
import { updateBrandRoute } from "./updateBrand";
import { updateCountryRoute } from "./updateCountry";
import { updateDrinkTypeRoute } from "./updateDrinkType";
import { updateStateRoute } from "./updateState";
import { uploadImageRoute } from "./uploadImage";

export const bottlesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(getBottlesRoute);
  await app.register(allBottlesListRoute);
  await app.register(getBottleRoute);
  await app.register(getImageRoute);
  await app.register(uploadImageRoute);
  await app.register(newBottleRoute);
  await app.register(updateBrandRoute);
  await app.register(updateDrinkTypeRoute);
  await app.register(updateCountryRoute);
  await app.register(updateStateRoute);
  await app.register(updateAbvRoute);
};

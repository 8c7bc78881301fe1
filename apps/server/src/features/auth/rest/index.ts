import type { FastifyPluginAsync } from "fastify";
import { confirmEmailRoute } from "./confirmEmail";
import { loginRoute } from "./login";
import { logoutRoute } from "./logout";
import { refreshRoute } from "./refresh";
import { registerRoute } from "./register";
import { resendConfirmationRoute } from "./resendConfirmation";
import { validateTokenRoute } from "./validateToken";

export const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(loginRoute);
  await app.register(registerRoute);
  await app.register(refreshRoute);
  await app.register(validateTokenRoute);
  await app.register(confirmEmailRoute);
  await app.register(logoutRoute);
  await app.register(resendConfirmationRoute);
};

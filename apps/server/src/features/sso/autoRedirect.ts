import fp from "fastify-plugin";
import { START_PATH } from "./provider";

/**
 * OIDC_AUTO_REDIRECT: a page load of the login screen goes straight on to the provider (the web
 * app does the same when it opens its login screen itself, components/SsoButton.tsx), keeping
 * `next`. Not with `?local=1` (a local admin's way in with a password), nor when a sign-in just
 * came back refused (`?sso=REASON`: the screen says why, instead of a loop). Only the page: POST
 * /login, the API, stays as it is.
 */
export default fp(
  async (app) => {
    app.addHook("onRequest", (req, reply, done) => {
      const oidc = app.deps.config.oidc;
      if (!oidc?.autoRedirect || (req.method !== "GET" && req.method !== "HEAD")) return done();
      const [path, search = ""] = req.url.split("?", 2);
      if (path !== "/login" || req.routeOptions.url !== undefined) return done();
      const params = new URLSearchParams(search);
      if (params.has("local") || params.has("sso")) return done();
      const next = params.get("next");
      const target = next ? `${START_PATH}?${new URLSearchParams({ next }).toString()}` : START_PATH;
      void reply.header("cache-control", "no-store").redirect(target, 302);
    });
  },
  { name: "sso-auto-redirect", dependencies: ["security"] },
);

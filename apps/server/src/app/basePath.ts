import type { IncomingMessage } from "node:http";
import fp from "fastify-plugin";
import { ServerMessages } from "@club/shared";
import { errorBody } from "../kernel/restErrors";
import { localize } from "../platform/i18n";
import { errorLanguageOf } from "../kernel/context";

/**
 * A club served under a path (APP_URL=https://host/club, `config.basePath` "/club"): a reverse
 * proxy forwards the path as it is, and the server answers under it only.
 *
 * The routes stay declared at the root: the path is taken off each request's URL before routing
 * (Fastify's `rewriteUrl`), so every route, hook and page sees the same URLs as a club at a host's
 * root. What leaves the server gets it back: a redirect's Location here, the pages' links where
 * the pages are made (app/pageHints.ts, app/prerender.ts), the web app's own calls where it starts
 * (apps/web/src/lib/basePath.ts). A request outside the path is a 404, so a monitor on
 * /club/api/Bottles sees the club and one on /api/Bottles does not.
 */

/** Whether the URL (path and query) is `basePath` itself, without its "/". */
const atBase = (basePath: string, url: string) => url === basePath || url.startsWith(`${basePath}?`);

/** Fastify's `rewriteUrl`: a URL under the path without it; any other URL as it came (answered 404 below). */
export function stripBasePath(basePath: string): ((req: IncomingMessage) => string) | undefined {
  if (!basePath) return undefined;
  return (req) => {
    const url = req.url ?? "/";
    if (!url.startsWith(`${basePath}/`)) return url;
    return url.slice(basePath.length);
  };
}

/** What an outside path is answered with when it looks like the API: JSON, as the API's own 404s. */
const looksLikeApi = (url: string) =>
  /^\/(?:api|trpc|healthz|metrics|auth|login|embed)(?:[/?.]|$)/.test(url) || url.startsWith("/docs");

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export default fp(
  async (app, opts: { basePath: string }) => {
    const { basePath } = opts;
    if (!basePath) return;
    const redirectedHere = new WeakSet<object>();
    app.addHook("onRequest", (req, reply, done) => {
      const url = req.originalUrl;
      if (url.startsWith(`${basePath}/`)) return done();
      // The path itself, without its "/": the app is at the path's folder (its service worker's
      // scope, the pages' links), so the browser goes there.
      if (atBase(basePath, url)) {
        redirectedHere.add(reply);
        return void reply
          .header("cache-control", "no-store")
          .redirect(`${basePath}/${url.slice(basePath.length)}`, 308);
      }
      if (looksLikeApi(url))
        return void reply
          .code(404)
          .send(errorBody(404, localize(errorLanguageOf(req), ServerMessages.notFound)));
      const home = escapeHtml(`${basePath}/`);
      return void reply
        .code(404)
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><title>Not found</title><p>Not found. The club is at <a href="${home}">${home}</a>.</p>\n`,
        );
    });
    // A redirect to a path of the app (the single sign-on's, the docs') goes under the path too.
    app.addHook("onSend", (_req, reply, payload, done) => {
      const location = reply.getHeader("location");
      if (
        typeof location === "string" &&
        location.startsWith("/") &&
        !location.startsWith("//") &&
        !redirectedHere.has(reply)
      )
        reply.header("location", `${basePath}${location}`);
      done(null, payload);
    });
  },
  { name: "base-path" },
);

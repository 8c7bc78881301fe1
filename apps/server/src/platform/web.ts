import { existsSync } from "node:fs";
import { join } from "node:path";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { findBottleImage } from "@club/db";
import { ServerMessages } from "@club/shared";
import { createPageRenderer } from "./pageHints";
import { errorBody } from "../api/restErrors";
import { serverRoot } from "./serverRoot";

export const webDistDir = join(serverRoot, "../web/dist");

// Not "/login?...": POST /login is the API, but a page load of /login?next=...&email=... is the
// web app's login screen (issue 11), so it falls back to index.html like any other route.
const isApiPath = (url: string) =>
  url.startsWith("/api/") || url === "/api" || url.startsWith("/trpc") || url === "/healthz";

/**
 * Serves the built web app on the API's origin. Hashed assets are immutable; every other GET that
 * accepts HTML falls back to index.html (client-side routes). API paths stay JSON 404s.
 */
export default fp(
  async (app, opts: { distDir?: string }) => {
    const root = opts.distDir ?? webDistDir;
    const hasWeb = existsSync(`${root}/index.html`);
    let renderPage: ((path: string) => string) | null = null;
    if (hasWeb) {
      const { db } = app.deps;
      renderPage = createPageRenderer(root, (bottleId) => findBottleImage(db, bottleId)?.hash ?? null);
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders(res, path) {
          if (path.includes("/assets/")) res.header("Cache-Control", "public, max-age=31536000, immutable");
          else res.header("Cache-Control", "no-cache");
          // The service worker is checked for a new version on every visit (no-cache above; browsers
          // cap a worker's HTTP caching at 24 h anyway); it controls the whole site from the root.
          if (path.endsWith("/sw.js")) res.header("Service-Worker-Allowed", "/");
          if (path.endsWith(".webmanifest")) res.header("Content-Type", "application/manifest+json");
        },
      });
    } else {
      app.log.warn({ root }, "web build not found: only the API is served (run npm run build)");
    }
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split("?")[0] ?? "/";
      const wantsHtml = (req.headers.accept ?? "").includes("text/html");
      if (
        renderPage &&
        (req.method === "GET" || req.method === "HEAD") &&
        !isApiPath(req.url) &&
        wantsHtml &&
        !path.startsWith("/assets/")
      ) {
        return reply
          .header("Cache-Control", "no-cache")
          .type("text/html; charset=utf-8")
          .send(renderPage(path));
      }
      return reply.code(404).send(errorBody(404, ServerMessages.notFound));
    });
  },
  { name: "web" },
);

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { ManifestMessages, MEMBER_HINT_COOKIE, ServerMessages, type Language } from "@club/shared";
import { createPageRenderer, type PageRenderer, type PageRoute } from "./pageHints";
import { sendRepresentation, type Representation } from "../platform/httpCache";
import { createFirstPagePrerender } from "./prerender";
import { errorBody } from "../kernel/restErrors";
import { callerCtx, errorLanguageOf } from "../kernel/context";
import { endpoints } from "./endpoints";
import type { QueryPath } from "./contract";
import { serverRoot } from "../platform/serverRoot";
import { localize, pageLanguage, tableText } from "../platform/i18n";
import { clubOf } from "../features/club/service";

export const webDistDir = join(serverRoot, "../web/dist");

/**
 * The files of the build outside assets/, as paths relative to it (`icons/icon-192.png`): what
 * @fastify/static's `wildcard: false` listed with glob (`**` without dotfiles, symbolic links
 * followed), so the build's own `.vite/` stays unserved.
 */
export function rootFiles(root: string, dir = ""): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const file = dir ? `${dir}/${name}` : name;
    if (name.startsWith(".") || file === "assets") return [];
    const stat = statSync(join(root, file), { throwIfNoEntry: false });
    return stat?.isDirectory() ? rootFiles(root, file) : stat?.isFile() ? [file] : [];
  });
}

const MANIFEST = "manifest.webmanifest";

/**
 * The built web manifest with its app at the club's path: its id, start_url, scope and icons are
 * paths from the root ("/", "/icons/..."), which a club under APP_URL's path has under it (the
 * same at a host's root). In a language: its `lang`, and its description (the build's own, when it
 * is the app's: ManifestMessages) in that language's words; the name stays the app's. Null when
 * the build has none or it cannot be read.
 */
export function manifestAtBase(root: string, basePath: string): ((language: Language) => Buffer) | null {
  const file = join(root, MANIFEST);
  if (!existsSync(file)) return null;
  let manifest: Record<string, unknown> & { icons?: { src?: unknown }[] };
  try {
    manifest = JSON.parse(readFileSync(file, "utf8")) as typeof manifest;
    const at = (value: unknown) =>
      typeof value === "string" && value.startsWith("/") && !value.startsWith("//")
        ? `${basePath}${value}`
        : value;
    for (const key of ["id", "start_url", "scope"]) if (key in manifest) manifest[key] = at(manifest[key]);
    for (const icon of manifest.icons ?? []) icon.src = at(icon.src);
  } catch {
    return null;
  }
  const made = new Map<Language, Buffer>();
  return (language) => {
    let bytes = made.get(language);
    if (!bytes) {
      const own: Record<string, unknown> = { ...manifest, lang: language };
      if (manifest.description === ManifestMessages.description)
        own.description = tableText(language, "manifest", "description", ManifestMessages.description);
      // Bytes: sent with the manifest's own content type, no charset added.
      made.set(language, (bytes = Buffer.from(JSON.stringify(own))));
    }
    return bytes;
  };
}

/** A built asset: a file's name, no folder, not a dotfile. */
const ASSET_PATH = /^\/assets\/(?!\.)[\w.-]+$/;
const memberHint = new RegExp(`(?:^|;\\s*)${MEMBER_HINT_COOKIE}=1(?:;|$)`);

// Not "/login?...": POST /login is the API, but a page load of /login?next=...&email=... is the
// web app's login screen, so it falls back to index.html like any other route.
const isApiPath = (url: string) =>
  url.startsWith("/api/") || url === "/api" || url.startsWith("/trpc") || url === "/healthz";

/**
 * Serves the built web app on the API's origin. Hashed assets are immutable; every other GET that
 * accepts HTML falls back to index.html (client-side routes). API paths stay JSON 404s.
 */
export default fp(
  async (app, opts: { distDir?: string; prerenderDir?: string }) => {
    const root = opts.distDir ?? webDistDir;
    const { basePath } = app.deps.config;
    const hasWeb = existsSync(`${root}/index.html`);
    let pages: PageRenderer | null = null;
    let prerender:
      ((url: string, at: PageRoute, language?: Language) => Promise<Representation | null>) | null = null;
    if (hasWeb) {
      pages = createPageRenderer(root, basePath);
      // A query of the router, as a visitor: the access rules of the procedure apply as over HTTP.
      const queries = new Map(endpoints().flatMap((e) => (e.type === "query" ? [[e.path, e]] : [])));
      const readAsVisitor = async (procedure: QueryPath, input: unknown) => {
        const query = queries.get(procedure);
        if (!query) throw new Error(`${procedure} is not a query`);
        return query.call(callerCtx(app.deps, null), input);
      };
      // The web build's prerender of the first pages (`vite build --ssr`), beside dist/.
      prerender = createFirstPagePrerender(
        opts.prerenderDir ?? join(root, "..", "dist-ssr"),
        readAsVisitor,
        app.log,
        basePath,
      );
      const sendOptions = {
        index: false as const,
        // The build writes .br and .gz beside each file (apps/web/vite.precompress.ts): sent as they are.
        preCompressed: true,
        setHeaders(res: FastifyReply, path: string) {
          if (path.includes("/assets/")) res.header("Cache-Control", "public, max-age=31536000, immutable");
          else res.header("Cache-Control", "no-cache");
          // The service worker is checked for a new version on every visit (no-cache above; browsers
          // cap a worker's HTTP caching at 24 h anyway); it controls the whole club from its path.
          if (/\/sw\.js(?:\.br|\.gz)?$/.test(path)) res.header("Service-Worker-Allowed", `${basePath}/`);
          if (path.endsWith(".webmanifest")) res.header("Content-Type", "application/manifest+json");
        },
      };
      // One registration sends every file of the build (reply.sendFile, no route of its own): the
      // hashed assets from the one route below, the dozen files beside index.html from a route
      // each, so every other path (/, a client-side route, a path with "//") still reaches the
      // not-found handler and gets the page. Listed here: @fastify/static's own listing
      // (`wildcard: false`) needs glob, which the server build leaves out (build.mjs; it cost the
      // start ~30 ms).
      await app.register(fastifyStatic, { ...sendOptions, root, serve: false });
      const sendErrors = (error: { code?: string }, req: FastifyRequest, reply: FastifyReply) => {
        // As @fastify/static's own routes: a visitor gone mid-file is no server error.
        if (error.code === "ERR_STREAM_PREMATURE_CLOSE") return void req.raw.destroy();
        return app.errorHandler(error as FastifyError, req, reply);
      };
      // The hashed assets (some 500 files with their .br and .gz) behind one route that looks the
      // file up when asked, not a route each: a route per file cost the start ~350 ms of CPU and
      // 12 MB (docs/benchmarks.md, "Footprint"). Only a file's name after /assets/ is
      // looked up ("/assets/", "/assets//x", "/assets/.x" are 404s too); a missing one falls to
      // the not-found handler below (a JSON 404, as for any path under /assets/). Not
      // @fastify/static's wildcard route: for every request it read the ~1,500 names in assets/ to
      // check the name's spelling (an alias on a case-insensitive disk), which guards a route that
      // protects a path, and every file here is public: 2,000 requests cost the server 1.5 s of
      // CPU against 2.4-2.8 s (docs/benchmarks.md).
      app.route({
        method: ["HEAD", "GET"],
        url: "/assets/*",
        handler: (req, reply) => {
          const path = req.url.split("?")[0] ?? "";
          return ASSET_PATH.test(path) ? reply.sendFile(path) : reply.callNotFound();
        },
        errorHandler: sendErrors,
      });
      const shell = pages.shell;
      const manifest = manifestAtBase(root, basePath);
      for (const file of rootFiles(root))
        app.route({
          method: ["HEAD", "GET"],
          url: `/${file}`,
          // The app shell and the web manifest link the club's path: sent as the server wrote them.
          handler: (req, reply) =>
            file === "index.html"
              ? sendRepresentation(req, reply, shell, "text/html; charset=utf-8")
              : file === MANIFEST && manifest
                ? reply
                    .header("cache-control", "no-cache")
                    .header("content-type", "application/manifest+json")
                    // In the page's language: the browser's choice, its languages, the club's.
                    .header("vary", "cookie, accept-language")
                    .send(manifest(pageLanguage(req.headers, clubOf(app.deps).language)))
                : reply.sendFile(`/${file}`),
          errorHandler: sendErrors,
        });
    } else {
      app.log.warn({ root }, "web build not found: only the API is served (run npm run build)");
    }
    app.setNotFoundHandler(async (req, reply) => {
      const path = req.url.split("?")[0] ?? "/";
      // A browser asks for text/html; curl and uptime monitors send */* (or nothing) and get the page
      // too, except for a path that names a file (a missing image or script stays a 404).
      const accept = req.headers.accept ?? "*/*";
      const wantsHtml = accept.includes("text/html") || (accept.includes("*/*") && !/\.[^/]*$/.test(path));
      if (
        pages &&
        (req.method === "GET" || req.method === "HEAD") &&
        !isApiPath(req.url) &&
        wantsHtml &&
        !path.startsWith("/assets/")
      ) {
        const at = pages(path);
        // The page's language: the browser's choice, its languages, the club's (platform/i18n.ts).
        const language = pageLanguage(req.headers, clubOf(app.deps).language);
        const prerendered = prerender ? await prerender(req.url, at, language) : null;
        // A visitor's public page holds nothing of theirs: it goes without opener isolation, whose
        // new renderer process was a cold load's largest cost (docs/decisions.md). A
        // member's browser (MEMBER_HINT_COOKIE) and every other answer keep it. (Origin-Agent-Cluster
        // stays: without it the same loads painted 30-60 ms later.)
        if (prerendered && !memberHint.test(req.headers.cookie ?? ""))
          reply.removeHeader("cross-origin-opener-policy");
        // Compressed once, here (the compression plugin serves routes; this is the not-found
        // handler), with an ETag, so a page opened again with nothing changed is a 304.
        // A page's language follows the browser's languages and its language cookie.
        return sendRepresentation(
          req,
          reply,
          prerendered ?? at.pageIn(language),
          "text/html; charset=utf-8",
          "accept-language, cookie",
        );
      }
      return reply.code(404).send(errorBody(404, localize(errorLanguageOf(req), ServerMessages.notFound)));
    });
  },
  { name: "web" },
);

// The server as plain JavaScript: `npm run build` (turbo) bundles src/start.ts (dist/server.js:
// a heap setting, then src/server.ts) and src/admin/cli.ts (dist/admin/cli.js), with the workspace
// packages they use (@club/db, @club/shared), into dist/. npm packages stay external (installed
// with `npm ci --omit=dev`): native ones must, and some read files beside themselves
// (@fastify/swagger-ui's assets). The migrations are copied next to the bundle, where
// packages/db/src/migrate.ts looks for them.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL(".", import.meta.url));
const outdir = `${root}dist`;

/**
 * Installed, not bundled: native addons (better-sqlite3, argon2, sharp) and packages that read
 * files beside themselves (@fastify/swagger-ui's assets).
 */
const EXTERNAL = ["better-sqlite3", "argon2", "sharp", "@fastify/swagger-ui"];

/**
 * zod's 60-odd message translations (`z.locales`): the server never sets one (its messages are
 * English, zod's default, which zod imports on its own), so the namespace is built empty instead of
 * compiling ~0.5 MB of them at every start.
 */
const withoutZodLocales = {
  name: "without-zod-locales",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/](?:classic|core|mini)[\\/]/.test(args.importer)
        ? { path: "zod-locales", namespace: "without-zod-locales" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "without-zod-locales" }, () => ({ contents: "export {};" }));
  },
};

/**
 * @fastify/static requires `glob` (~0.1 MB of it and minimatch, compiled and run at every start)
 * for one thing: listing the files of a registration with `wildcard: false`. The server has none
 * (app/web.ts serves the assets from one wildcard route and lists the few root files itself),
 * so `glob` is left out: a registration that would call it fails the start with this message.
 */
const withoutStaticGlob = {
  name: "without-static-glob",
  setup(build) {
    build.onResolve({ filter: /^glob$/ }, (args) =>
      /[\\/]node_modules[\\/]@fastify[\\/]static[\\/]/.test(args.importer)
        ? { path: "glob", namespace: "without-static-glob" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "without-static-glob" }, () => ({
      contents:
        'exports.glob = async () => { throw new Error("@fastify/static with wildcard: false lists files with glob, which the server build leaves out (apps/server/build.mjs): list them in app/web.ts"); };',
      loader: "js",
    }));
  },
};

/**
 * @fastify/compress asks each answer `payload instanceof Response` (and `instanceof ReadableStream`),
 * and reading those globals loads Node's fetch implementation (undici, ~40 ms of a start on the
 * first answer; the server's own answers are never fetch objects: only tRPC's adapter, inside, uses
 * them). The same question by the object's tag, as Fastify's reply.send asks it, loads nothing. The
 * build fails if the text is no longer there (an upgrade changed it: look again).
 */
const PATCHES = [
  {
    file: /[\\/]node_modules[\\/]@fastify[\\/]compress[\\/]lib[\\/]utils\.js$/,
    replace: [
      [
        "return obj instanceof ReadableStream",
        'return Object.prototype.toString.call(obj) === "[object ReadableStream]"',
      ],
      [
        "return obj instanceof Response",
        'return Object.prototype.toString.call(obj) === "[object Response]"',
      ],
    ],
  },
];
const withPatches = {
  name: "patches",
  setup(build) {
    for (const { file, replace } of PATCHES)
      build.onLoad({ filter: file }, (args) => {
        let contents = readFileSync(args.path, "utf8");
        for (const [from, to] of replace) {
          if (!contents.includes(from)) throw new Error(`build.mjs: "${from}" is no longer in ${args.path}`);
          contents = contents.split(from).join(to);
        }
        return { contents, loader: "js" };
      });
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // Worker threads' entries (platform/workers.ts) are bundled beside the chunks, in dist/workers.
  entryPoints: {
    server: "src/start.ts",
    "admin/cli": "src/admin/cli.ts",
    "workers/clubRestore": "src/features/transfer/clubRestoreWorker.ts",
  },
  outdir,
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: "linked",
  chunkNames: "chunks/[name]-[hash]",
  external: EXTERNAL,
  // Bundled CommonJS packages call require() (node: built-ins, optional peers): give them one.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  logLevel: "warning",
  // Minified (names kept, for stack traces and error names): V8 parses and keeps every byte of
  // the bundle's source at start, so a smaller one starts sooner and idles smaller (about 5 MB;
  // docs/benchmarks.md, "Footprint"). The linked source maps still lead back to src/.
  minify: true,
  keepNames: true,
  plugins: [withoutZodLocales, withoutStaticGlob, withPatches],
});
cpSync(fileURLToPath(new URL("../../packages/db/migrations", import.meta.url)), `${outdir}/migrations`, {
  recursive: true,
});

/**
 * Which way imports point (npm run lint:imports; docs/architecture.md, "Layers"). Type-only imports
 * count too. From the bottom up:
 *   packages/shared (plain data, a leaf) <- packages/db <- the server's kernel (kernel/, platform/,
 *   policy/, config.ts) <- its features (features/) <- its top layer (app/, admin/, the files at
 *   src/'s root), which walks the router and calls the features.
 * The web app never imports the server's or the database's sources; the browser tests reach the
 * packages by their entries (package.json exports), never by a relative path into their sources.
 * A test may import from any layer (it drives the whole app); circles are refused everywhere.
 */
const notTests = "(^|/)(test|bench|scripts)/|\\.test\\.tsx?$|/examples\\.ts$";
const server = "^apps/server/src/";
const kernel = `${server}(kernel|platform|policy)/|${server}config\\.ts$`;
const features = `${server}features/`;
const top = `${server}(app|admin)/|${server}(?!config\\.ts$)[^/]+\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A circle, type-only edges included: a module must not reach itself again.",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-is-a-leaf",
      severity: "error",
      comment: "packages/shared is plain data: it imports no other workspace, not even types.",
      from: { path: "^packages/shared/" },
      to: { path: "^(apps/|packages/(?!shared/))" },
    },
    {
      name: "db-below-the-apps",
      severity: "error",
      comment: "packages/db knows the schema and the queries, nothing of the apps or the API.",
      from: { path: "^packages/db/" },
      to: { path: "^(apps/|packages/(api|testing)/)" },
    },
    {
      name: "kernel-below-features",
      severity: "error",
      comment: "The kernel, platform and policies are below the features and the top layer.",
      from: { path: kernel, pathNot: notTests },
      to: { path: `${features}|${top}` },
    },
    {
      name: "features-below-the-top-layer",
      severity: "error",
      comment:
        "A feature never imports what walks the router or calls the features (app/, admin/, the root), types included: use kernel/ (e.g. kernel/actions.ts).",
      from: { path: features, pathNot: notTests },
      to: { path: top },
    },
    {
      name: "server-src-not-in-its-tests-helpers",
      severity: "error",
      comment: "Production code never imports the test suites' helpers.",
      from: { path: server, pathNot: notTests },
      to: { path: "^apps/server/(test|bench)/" },
    },
    {
      name: "web-never-imports-the-server",
      severity: "error",
      comment: "The web app knows the server through @club/api (types) and @club/shared only.",
      from: { path: "^apps/web/" },
      to: { path: "^(apps/server/|packages/db/)" },
    },
    {
      name: "e2e-uses-package-entries",
      severity: "error",
      comment: "The browser tests import the server and the web app by their package entries, not by path.",
      from: { path: "^apps/e2e/" },
      to: { path: "^apps/(server|web)/", dependencyTypes: ["local"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|dist-ssr|\\.turbo)/|^packages/db/migrations/" },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    moduleSystems: ["es6", "cjs"],
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["module", "main", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

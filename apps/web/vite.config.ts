import { defineConfig, type Plugin, type ProxyOptions, type UserConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { VitePWA } from "vite-plugin-pwa";
import { readFileSync } from "node:fs";
import { precompress } from "./vite.precompress";

/** Installable app: the web manifest and the service worker (sw/sw.ts, registered by src/pwa/register.ts). */
const pwa = VitePWA({
  strategies: "injectManifest",
  srcDir: "sw",
  filename: "sw.ts",
  injectRegister: false,
  manifestFilename: "manifest.webmanifest",
  includeAssets: ["favicon.svg", "theme-init.js", "icons/apple-touch-icon.png"],
  manifest: {
    id: "/",
    name: "Whiskey Tasting Club",
    short_name: "Whiskey Club",
    description: "Monthly meetings, bottle library and theme ideas of our whiskey tasting club.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#1a1512",
    background_color: "#1a1512",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  injectManifest: {
    // The app shell: every screen's code, so any screen opens offline; not the build's .vite/ notes.
    globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
    globIgnores: [".vite/**"],
  },
});

/**
 * A screen's chunk is fetched with its stylesheets but without a list of the chunks it imports:
 * the browser fetches those as it reads the screen's chunk. The lists of every screen would be
 * in the first screen's code (a file name per chunk of the app), while a screen's code is rarely
 * fetched on a tap: the server preloads the opened page's chunks (apps/server/src/app/pageHints.ts),
 * the app fetches the screens its links lead to once it is idle (src/routes.tsx), and the service
 * worker keeps every chunk. Chunks loaded on a tap (a dialog, a catalogue) keep their lists.
 */
function screenChunks(): { plugin: Plugin; isScreen: (file: string) => boolean } {
  const screens = new Set<string>();
  const plugin: Plugin = {
    name: "club-screen-chunks",
    apply: "build",
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        screens.clear();
        for (const chunk of Object.values(bundle))
          if (
            chunk.type === "chunk" &&
            chunk.isDynamicEntry &&
            /\/src\/screens\/[^/]+\/[^/]+Page\.tsx$/.test(chunk.facadeModuleId ?? "")
          )
            screens.add(chunk.fileName);
      },
    },
  };
  return { plugin, isScreen: (file) => screens.has(file) };
}
const screens = screenChunks();

const api = "http://localhost:3000";

/** POST /login is the API; every other /login request is the SPA's login screen. */
const loginProxy: ProxyOptions = {
  target: api,
  bypass: (req) => (req.method === "POST" ? undefined : req.url),
};

const root = fileURLToPath(new URL(".", import.meta.url));

/** For the server's prerender: the session module without window and localStorage (src/ssr/appSession.ts). */
function serverSession(): Plugin {
  const browserModule = `${root}src/lib/appSession.ts`;
  const serverModule = `${root}src/ssr/appSession.ts`;
  return {
    name: "club-server-session",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith("appSession") || importer === serverModule) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved?.id === browserModule ? serverModule : null;
    },
  };
}

/**
 * The one script a page runs before its first paint, public/theme-init.js (the stored display theme),
 * put inline in the built index.html as it is but for its line comments, so the first paint waits for
 * no request; the server's Content-Security-Policy allows it by its sha256 (app/pageHints.ts).
 * The app itself is the page's module script, which hydrates the server's markup (src/main.tsx).
 */
function inlineThemeScript(): Plugin {
  return {
    name: "club-theme-script",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const script = readFileSync(`${root}public/theme-init.js`, "utf8")
          .replace(/^\s*\/\/.*\n/gm, "")
          .trim();
        if (/<\/script|<!--/i.test(script)) throw new Error("public/theme-init.js cannot be inlined");
        // The page's own reference to it, as the relative base writes it.
        return html.replace('<script src="./theme-init.js"></script>', () => `<script>${script}</script>`);
      },
    },
  };
}

/**
 * `vite build --ssr`: the library's prerender for the server (src/ssr/prerender.tsx) into dist-ssr/,
 * one self-contained module (the server's production image has none of the web app's packages).
 * CSS modules get the same class names as in the browser's build; the CSS itself is the browser's.
 */
/**
 * CSS modules' class names: a short hash of the file and the class (the same in both builds), not
 * `_name_hash_line`: the first screen's JS carries every class map it uses.
 */
const css: UserConfig["css"] = { modules: { generateScopedName: "_[hash:base64:6]" } };

const prerenderBuild: UserConfig = {
  css,
  plugins: [react(), serverSession()],
  ssr: { noExternal: true, target: "node" },
  build: {
    ssr: "src/ssr/prerender.tsx",
    outDir: "dist-ssr",
    emptyOutDir: true,
    copyPublicDir: false,
    minify: true,
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? prerenderBuild
    : {
        // Relative: one build serves a club at any path (APP_URL's, chosen when it runs). The chunks
        // load one another relative to themselves; the server writes the path into the pages'
        // links (apps/server/src/app/pageHints.ts) and the web manifest, and the app reads it from
        // its own script's URL (src/lib/basePath.ts).
        base: "./",
        css,
        plugins: [screens.plugin, react(), inlineThemeScript(), pwa, precompress()],
        server: {
          proxy: {
            "/api": api,
            "/trpc": api,
            "/healthz": api,
            "^/login(\\?.*)?$": loginProxy,
          },
        },
        build: {
          manifest: true,
          modulePreload: { resolveDependencies: (file, deps) => (screens.isScreen(file) ? [] : deps) },
          rolldownOptions: {
            treeshake: {
              // @club/shared is plain declarations (zod schemas, messages, constants): a screen that imports
              // only Messages must not pull zod into the first screen's bundle.
              moduleSideEffects: (id) => (id.includes("/packages/shared/src/") ? false : undefined),
            },
            output: {
              codeSplitting: {
                // Popover positioning is needed only by selects in dialogs, never by the first screen.
                includeDependenciesRecursively: false,
                groups: [
                  { name: "floating-ui", test: /node_modules[\\/]@floating-ui[\\/]/ },
                  // The small components nearly every screen shows, the first one too: one chunk, not
                  // ten (each chunk costs its own imports and exports).
                  {
                    name: "mantine-basics",
                    test: /node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/]components[\\/](Anchor|Button|Card|Group|Loader|Paper|Stack|Title|Transition|UnstyledButton)[\\/]|core[\\/]esm[\\/]core[\\/]utils[\\/]create-safe-context|hooks[\\/]esm[\\/]use-(reduced-motion|did-update))/,
                  },
                ],
              },
            },
          },
        },
      },
);

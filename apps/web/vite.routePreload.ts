import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { ROUTE_TABLE, routePattern } from "./src/routeTable";

// By path, not "@club/shared": Node runs this file when Vite loads its config, and the package is
// TypeScript sources; the file has no imports, so the config's bundle takes it whole.
import {
  APP_SCRIPTS_ELEMENT_ID,
  MEMBER_HINT_COOKIE,
  ROUTE_HINTS_FILE,
  type RouteHints,
} from "../../packages/shared/src/pageContract";

/** The name the boot script shares with the server (packages/shared pageContract.ts). */
export { APP_SCRIPTS_ELEMENT_ID };

/**
 * Route preloading: each screen is a lazy chunk. Without help, a first visit loads in steps:
 * index.html -> the entry script -> (run it) the screen's chunk -> its data. On a phone every step
 * costs a round trip or more. The pages a visitor can open come with their first screen and its
 * data rendered by the server (routeTable.ts `firstPage`); for the others, which a member opens
 * signed in, the server lists the screen's chunks and stylesheets as preloads in the page's head.
 *
 * At build time this plugin writes, for the server, the route hints (every route's pattern, chunks
 * and stylesheets: ROUTE_HINTS_FILE), and puts the boot script inline in the built index.html in
 * place of public/theme-init.js (the server's Content-Security-Policy names its hash). It applies
 * the display theme as before and, in a page the server rendered, starts the app's scripts (below).
 */

export interface PreloadRoute {
  /** Matched against location.pathname; group 1 is the id, when there is one. */
  pattern: string;
  /** The screen's module, as the router loads it. */
  screen: string;
  /** The server renders this page's first screen (routeTable.ts `firstPage`). */
  firstPage: boolean;
}

/** Every route of the route table (src/routeTable.ts), as the server matches it. */
export const PRELOAD_ROUTES: PreloadRoute[] = ROUTE_TABLE.map((route) => ({
  pattern: routePattern(route.path),
  screen: `src/screens/${route.screen}.tsx`,
  firstPage: route.firstPage === true,
}));

/**
 * The boot script: the theme first (before the first paint). In a page the server prerendered, it loads the app's scripts once the first frame is painted for a member; for a
 * visitor, when they first use the page (a touch, a pointer over it, a key, a focus; or the tab shown
 * again): the page is complete as the server sent it, its links work, and a phone's main thread stays
 * free while it loads (decisions.md, issue 25). A click or submit that needs the app meanwhile is
 * held and done again on the same place of the app's markup once the app is in charge, and a field
 * typed into keeps its text and focus. The generated part carries no comments: the script is in
 * every page, and counts against the first screen's budget.
 */
export function bootScript(themeInit: string): string {
  // theme-init.js without its line comments, which stay in the source.
  const theme = themeInit.replace(/^\s*\/\/.*\n/gm, "").trim();
  // In the script: the app's module scripts and Vite's CSS links are CORS with same-origin
  // credentials (crossorigin=""), and a preload is used only by a request of the same mode.
  return `${theme}
(function () {
  var signedIn = false;
  try {
    signedIn = !!window.localStorage.getItem("accessToken");
  } catch (e) {}
  document.cookie = "${MEMBER_HINT_COOKIE}=" + (signedIn ? "1; max-age=31536000" : "; max-age=0") + "; path=/; samesite=lax";
  function preload(href) {
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    link.crossOrigin = "anonymous";
    document.head.appendChild(link);
  }
  function startApp() {
    var element = document.getElementById("${APP_SCRIPTS_ELEMENT_ID}");
    if (!element || startApp.done) return;
    startApp.done = true;
    document.querySelectorAll("link[rel=stylesheet][disabled]").forEach(function (link) { link.disabled = false; });
    var scripts = JSON.parse(element.textContent);
    scripts.preload.forEach(preload);
    var entry = document.createElement("script");
    entry.type = "module";
    entry.crossOrigin = "anonymous";
    entry.src = scripts.entry;
    document.head.appendChild(entry);
  }
  function pathIn(root, node) {
    var path = [];
    for (; node && node !== root; node = node.parentElement) {
      if (!node.parentElement) return null;
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return node === root ? path : null;
  }
  function nodeAt(root, path) {
    for (var i = 0; root && path && i < path.length; i++) root = root.children[path[i]];
    return path ? root : null;
  }
  function startWhenUsed(root) {
    var intents = ["pointerdown", "pointerover", "touchstart", "keydown", "focusin"];
    var asked = null;
    var field = null;
    function use() {
      intents.forEach(function (name) { window.removeEventListener(name, use, true); });
      startApp();
    }
    function hold(event) {
      if (!root.hasAttribute("data-prerendered") || !root.contains(event.target)) return;
      if (event.type === "click" && event.target.closest("a[href]")) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      asked = { kind: event.type, path: pathIn(root, event.target) };
      use();
    }
    function focused(event) {
      var target = event.target;
      if (root.contains(target) && "value" in target) field = { node: target, path: pathIn(root, target) };
    }
    intents.forEach(function (name) { window.addEventListener(name, use, { capture: true, passive: true }); });
    window.addEventListener("click", hold, true);
    window.addEventListener("submit", hold, true);
    window.addEventListener("focusin", focused, true);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) use(); });
    new MutationObserver(function (records, observer) {
      if (root.hasAttribute("data-prerendered")) return;
      observer.disconnect();
      window.removeEventListener("click", hold, true);
      window.removeEventListener("submit", hold, true);
      window.removeEventListener("focusin", focused, true);
      var now = field && nodeAt(root, field.path);
      if (now && now !== field.node && "value" in now && now.tagName === field.node.tagName) {
        if (now.value !== field.node.value) {
          Object.getOwnPropertyDescriptor(Object.getPrototypeOf(now), "value").set.call(now, field.node.value);
          now.dispatchEvent(new Event("input", { bubbles: true }));
        }
        now.focus();
      }
      var target = asked && nodeAt(root, asked.path);
      if (target && asked.kind === "click") target.click();
      if (target && asked.kind === "submit" && target.requestSubmit) target.requestSubmit();
    }).observe(root, { attributes: true, attributeFilter: ["data-prerendered"] });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var root = document.getElementById("root");
    if (!signedIn && root && root.hasAttribute("data-prerendered")) return startWhenUsed(root);
    if (window.requestAnimationFrame) window.requestAnimationFrame(function () { setTimeout(startApp, 0); });
    setTimeout(startApp, 1000);
  });
})();
`;
}

interface ChunkLike {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export function routePreload(root: string): Plugin {
  let boot: string | null = null;
  return {
    name: "club-route-preload",
    apply: "build",
    enforce: "pre",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === "chunk") as unknown as ChunkLike[];
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[], seen = new Set<string>()) => {
        for (const file of start) {
          if (seen.has(file)) continue;
          seen.add(file);
          closure(byFile.get(file)?.imports ?? [], seen);
        }
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error("route preload: no entry chunk");
      const loadedByEntry = closure([entry.fileName]);
      const paths = (files: Iterable<string>) => [...new Set(files)].map((file) => `/${file}`);
      const cssOf = (files: Iterable<string>) =>
        paths([...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
      const hints: RouteHints = {
        entry: {
          script: `/${entry.fileName}`,
          imports: paths([...loadedByEntry].filter((file) => file !== entry.fileName)),
          css: cssOf(loadedByEntry),
        },
        routes: PRELOAD_ROUTES.map((route) => {
          const chunk = chunks.find((c) => c.facadeModuleId === join(root, route.screen));
          if (!chunk) throw new Error(`route preload: no chunk for ${route.screen}`);
          const files = [...closure([chunk.fileName])].filter((file) => !loadedByEntry.has(file));
          // The server's render of a first page includes the parts the screen loads lazily (e.g. the
          // meeting's night on its page): their stylesheets too.
          const lazy = route.firstPage ? [...closure(chunk.dynamicImports)] : [];
          return {
            pattern: route.pattern,
            firstPage: route.firstPage,
            preload: paths(files),
            css: cssOf([...files, ...lazy]),
          };
        }),
      };
      this.emitFile({ type: "asset", fileName: ROUTE_HINTS_FILE, source: JSON.stringify(hints) });
      boot = bootScript(readFileSync(join(root, "public", "theme-init.js"), "utf8"));
      if (/<\/script|<!--/i.test(boot)) throw new Error("route preload: the boot script cannot be inlined");
    },
    transformIndexHtml: {
      order: "post",
      handler(html) {
        if (!boot) throw new Error("route preload: the boot script was not generated before index.html");
        return html.replace('<script src="/theme-init.js"></script>', `<script>${boot}</script>`);
      },
    },
  };
}

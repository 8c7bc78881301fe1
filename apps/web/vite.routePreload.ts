import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

// By path, not "@club/shared": Node runs this file when Vite loads its config, and the package is
// TypeScript sources; the file has no imports, so the config's bundle takes it whole.
import { APP_SCRIPTS_ELEMENT_ID, MEMBER_HINT_COOKIE } from "../../packages/shared/src/pageContract";

/** The name the boot script shares with the server (packages/shared pageContract.ts). */
export { APP_SCRIPTS_ELEMENT_ID };

/**
 * Route preloading: each screen is a lazy chunk. Without help, a first visit loads in steps:
 * index.html -> the entry script -> (run it) the screen's chunk -> its data. On a phone every step
 * costs a round trip or more. The pages a visitor can open come with their first screen and its
 * data rendered by the server (routeTable.ts `firstPage`); for the others, which a member opens
 * signed in, the server lists the screen's chunks and stylesheets as preloads in the page's head,
 * from Vite's build manifest (dist/.vite/manifest.json, `build.manifest`; the server reads it with
 * the route table: apps/server/src/platform/pageHints.ts).
 *
 * This plugin puts the boot script inline in the built index.html in place of
 * public/theme-init.js (the server's Content-Security-Policy names its hash). It applies the display
 * theme as before and, in a page the server rendered, starts the app's scripts (below).
 */

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
  function add(tag, props) {
    document.head.appendChild(Object.assign(document.createElement(tag), props));
  }
  function startApp() {
    var element = document.getElementById("${APP_SCRIPTS_ELEMENT_ID}");
    if (!element || startApp.done) return;
    startApp.done = true;
    document.querySelectorAll("link[rel=stylesheet][disabled]").forEach(function (link) { link.disabled = false; });
    var scripts = JSON.parse(element.textContent);
    scripts.preload.forEach(function (href) { add("link", { rel: "modulepreload", href: href, crossOrigin: "anonymous" }); });
    add("script", { type: "module", crossOrigin: "anonymous", src: scripts.entry });
  }
  function pathIn(root, node) {
    for (var path = []; node !== root; node = node.parentElement) path.unshift([].indexOf.call(node.parentElement.children, node));
    return path;
  }
  function nodeAt(root, path) {
    return path.reduce(function (node, i) { return node && node.children[i]; }, root);
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
    var held = [["click", hold], ["submit", hold], ["focusin", focused]];
    intents.forEach(function (name) { window.addEventListener(name, use, { capture: true, passive: true }); });
    held.forEach(function (h) { window.addEventListener(h[0], h[1], true); });
    document.addEventListener("visibilitychange", function () { if (!document.hidden) use(); });
    new MutationObserver(function (records, observer) {
      if (root.hasAttribute("data-prerendered")) return;
      observer.disconnect();
      held.forEach(function (h) { window.removeEventListener(h[0], h[1], true); });
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

export function routePreload(root: string): Plugin {
  return {
    name: "club-boot-script",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const boot = bootScript(readFileSync(join(root, "public", "theme-init.js"), "utf8"));
        if (/<\/script|<!--/i.test(boot)) throw new Error("route preload: the boot script cannot be inlined");
        return html.replace('<script src="/theme-init.js"></script>', `<script>${boot}</script>`);
      },
    },
  };
}

import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import "./lib/zodConfig";
import "./styles";
import { App } from "./App";
import { preloadScreen } from "./routes";
import { withoutBase } from "./lib/basePath";
import { loadLanguage, pageLanguage } from "./lib/i18n";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A page the server rendered inlines only the rules of the stylesheets that its markup uses and lists
// the stylesheets disabled (apps/server/src/app/pageHints.ts): enabled as the app starts, for
// what the app renders that the markup did not have (menus, dialogs).
function stylesheetsLoaded(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet,
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise((done) => {
          link.addEventListener("load", done, { once: true });
          link.addEventListener("error", done, { once: true });
          link.disabled = false;
        }),
    ),
  );
}

/** Runs `task` once the page's first frame is painted (a task after the next frame's). */
function afterFirstPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}

if (root.hasAttribute("data-prerendered")) {
  // The server's first screen (a public page): the app hydrates it. Its first render is the
  // server's (a visitor's view, the page's data: lib/pageData.ts), so React keeps the markup and
  // attaches to it; a tap that comes while it hydrates is handled once the part tapped is hydrated
  // (React replays it). The screen's chunk first (preloaded with the entry), so nothing suspends;
  // then hydration as a transition, in slices of a few milliseconds that a tap or a frame can come
  // between, instead of one long task.
  // All of it after the first paint: the markup and its inline rules are painted first, not after
  // the stylesheets' parse and the first slices of hydration.
  const hydrate = () => startTransition(() => void hydrateRoot(root, app));
  afterFirstPaint(() => {
    void stylesheetsLoaded();
    // The page's language too (the server rendered it in that language; English needs nothing).
    Promise.all([preloadScreen(withoutBase(window.location.pathname)), loadLanguage(pageLanguage())]).then(
      hydrate,
      hydrate,
    );
  });
} else {
  // The first paint shows the screen, not the app shell with a spinner: wait (briefly: its chunk
  // is preloaded with the entry) for the screen's chunk and the stylesheets.
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    startTransition(() => createRoot(root).render(app));
  };
  Promise.all([
    preloadScreen(withoutBase(window.location.pathname)),
    stylesheetsLoaded(),
    loadLanguage(pageLanguage()),
  ]).then(start, start);
  setTimeout(start, 1_000);
}

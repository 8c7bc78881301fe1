import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./lib/zodConfig";
import "./styles";
import { App } from "./App";
import { preloadScreen } from "./routes";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The first render as a transition: React renders it in slices of a few milliseconds, yielding to
// the browser in between, instead of one long task (a phone's main thread stays responsive, and
// Lighthouse's Total Blocking Time counts no blocking task for it).
function render(container: HTMLElement) {
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// A page the server rendered inlines only the rules of the stylesheets that its markup uses and lists
// the stylesheets disabled (apps/server/src/platform/pageHints.ts); the boot script enables them when
// it starts the app. The app renders what the markup did not have (menus, dialogs) once they are in.
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

// The first paint shows the screen, not the app shell with a spinner: wait (briefly: its chunk is
// normally in the cache already, preloaded by the boot script) for the screen's chunk.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  render(root);
};
Promise.all([preloadScreen(window.location.pathname), stylesheetsLoaded()]).then(start, start);
setTimeout(start, 1_000);

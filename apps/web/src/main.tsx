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

// The first paint shows the screen, not the app shell with a spinner: wait (briefly: its chunk is
// normally in the cache already, preloaded by the boot script) for the screen's chunk.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  render(root);
};
preloadScreen(window.location.pathname).then(start, start);
setTimeout(start, 1_000);

import { useEffect } from "react";

type IdleWindow = Window & {
  requestIdleCallback?: (task: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/** Runs `task` when the browser is next idle (at the latest after `timeoutMs`); returns its cancel. */
export function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(task, { timeout: timeoutMs });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

/**
 * Loads a part's code once the app is idle after the render that mounted the caller (on a first
 * page, after hydration): a part that loads on first use (a dialog) then opens on its first tap
 * without waiting for the network, and the first screen's own code stays within its budget.
 * `preload` is a module-level function (a lazyRoute's preload).
 */
export function useIdlePreload(preload: () => Promise<unknown>): void {
  useEffect(() => whenIdle(() => void preload().catch(() => undefined)), [preload]);
}

import { httpStatusOf } from "../../lib/errors";

/**
 * unsaved: a change waits for the pause in typing; saving: on its way; saved: the server has the
 * latest; retrying: the connection failed, it tries again by itself; failed: the server refused
 * it (scoring closed, say): no retry.
 */
export type SaveState = "idle" | "unsaved" | "saving" | "saved" | "retrying" | "failed";

export interface AutosaveOptions<T> {
  save: (value: T) => Promise<unknown>;
  onState: (state: SaveState, error?: unknown) => void;
  /** The pause after the last change before it is saved. */
  delayMs?: number;
  /** The wait before the n-th retry (1, 2...). */
  retryDelayMs?: (attempt: number) => number;
}

export interface Autosave<T> {
  /** A new value: saved after the pause (the latest value wins). */
  change: (value: T) => void;
  /** Saves a waiting change now (leaving the screen, back online). */
  flush: () => void;
  /** The value not yet confirmed by the server, if any. */
  pending: () => T | undefined;
  state: () => SaveState;
  setOnState: (onState: AutosaveOptions<T>["onState"]) => void;
}

/** Network trouble or a server error may pass; a 4xx answer will not change on retry. */
export const isRetryable = (error: unknown) => {
  const status = httpStatusOf(error);
  return status === undefined || status >= 500 || status === 429;
};

const backoff = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 15_000);

/**
 * Saves as you go: one request at a time, the latest value only, retried with backoff after a lost
 * connection. Safe to retry because the save is idempotent (a PUT of the member's score of one pour).
 */
export function createAutosave<T>(options: AutosaveOptions<T>): Autosave<T> {
  const { save, delayMs = 600, retryDelayMs = backoff } = options;
  let onState = options.onState;
  let state: SaveState = "idle";
  let latest: T | undefined;
  let dirty = false;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const set = (next: SaveState, error?: unknown) => {
    state = next;
    onState(next, error);
  };
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };

  function run() {
    timer = undefined;
    if (inFlight || !dirty) return;
    const value = latest as T;
    dirty = false;
    inFlight = true;
    if (state !== "retrying") set("saving");
    save(value).then(
      () => {
        inFlight = false;
        attempt = 0;
        if (dirty) run();
        else set("saved");
      },
      (error: unknown) => {
        inFlight = false;
        if (!isRetryable(error)) {
          dirty = false;
          set("failed", error);
          return;
        }
        dirty = true;
        attempt += 1;
        set("retrying", error);
        schedule(retryDelayMs(attempt));
      },
    );
  }

  return {
    change(value) {
      latest = value;
      dirty = true;
      if (state !== "retrying") set("unsaved");
      if (!inFlight) schedule(state === "retrying" ? retryDelayMs(Math.max(attempt, 1)) : delayMs);
    },
    flush() {
      if (dirty && !inFlight) {
        clearTimeout(timer);
        run();
      }
    },
    pending: () => (dirty || inFlight ? latest : undefined),
    state: () => state,
    setOnState(next) {
      onState = next;
    },
  };
}

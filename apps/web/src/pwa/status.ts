/** The app's connection and update state, shown by PwaStatus.tsx; set by register.ts. */
export interface PwaState {
  /** The browser says it is offline, or the service worker answered from what was seen last. */
  offline: boolean;
  /** A new service worker is installed and waiting: reloading switches to the new version. */
  updateReady: boolean;
}

type Listener = () => void;

let state: PwaState = { offline: typeof navigator !== "undefined" && !navigator.onLine, updateReady: false };
const listeners = new Set<Listener>();
let applyUpdate: () => void = () => window.location.reload();

export const pwaState = {
  get: (): PwaState => state,
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set: (change: Partial<PwaState>): void => {
    const next = { ...state, ...change };
    if (next.offline === state.offline && next.updateReady === state.updateReady) return;
    state = next;
    for (const listener of listeners) listener();
  },
  /** Switches to the waiting version and reloads the page. */
  reload: () => applyUpdate(),
  onReload: (apply: () => void): void => {
    applyUpdate = apply;
  },
};

import { useCallback, useRef } from "react";

/**
 * One write at a time from one control (session 11): a second tap or Enter while the first write
 * is still under way is dropped. A button's `loading` cannot do this alone: two taps in one turn
 * of the event loop (a phone's double tap) both land before React draws the disabled button, and
 * a mutation's isPending reaches the screen later still. The guard is a ref, set synchronously.
 */
export function useSingleFlight(): (task: () => Promise<unknown>) => void {
  const busy = useRef(false);
  return useCallback((task) => {
    if (busy.current) return;
    busy.current = true;
    void task()
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
      });
  }, []);
}

import { useCallback, useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";

/**
 * One write at a time from one control: a second tap or Enter while the first write
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

/**
 * The same guard for a form whose save is a mutation (SubmitForm: every add and edit form), whose
 * isPending reaches the screen a turn or more after the submit. A submit that started a mutation
 * (the query client's count of running ones grew) holds the form until that count is back; one
 * that started none (the form's own rule refused it) holds nothing.
 */
export function useSubmitOnce(): (submit: () => void) => void {
  const client = useQueryClient();
  const held = useRef<number | null>(null);
  useEffect(
    () =>
      client.getMutationCache().subscribe(() => {
        if (held.current !== null && client.isMutating() <= held.current) held.current = null;
      }),
    [client],
  );
  return useCallback(
    (submit) => {
      if (held.current !== null) return;
      const running = client.isMutating();
      submit();
      if (client.isMutating() > running) held.current = running;
    },
    [client],
  );
}

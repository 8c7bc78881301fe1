import { trpc } from "../../lib/trpc";
import { readsFor, type NightRead } from "./nightEvents";

/**
 * Keeps a meeting's screens current: listens to the meeting's live stream (tRPC subscription over
 * server-sent events) and refetches what each event changed. The stream reconnects by itself;
 * the answer says whether it is up right now.
 */
export function useMeetingEvents(id: number): { live: boolean } {
  const utils = trpc.useUtils();
  const refetch: Record<NightRead, () => Promise<unknown>> = {
    night: () => utils.night.get.invalidate({ id }),
    rsvps: () => utils.night.rsvps.invalidate({ id }),
    myRsvp: () => utils.night.myRsvp.invalidate({ id }),
    flight: () => utils.night.flight.invalidate({ id }),
    myScores: () => utils.night.myScores.invalidate({ id }),
    results: () => utils.night.results.invalidate({ id }),
    meeting: () => utils.meetings.byId.invalidate({ id }),
    guests: () => utils.guests.list.invalidate({ id }),
  };
  const subscription = trpc.night.events.useSubscription(
    { id },
    {
      onData: (event) => {
        for (const read of readsFor(event.kind)) void refetch[read]();
      },
    },
  );
  return { live: subscription.status === "pending" };
}

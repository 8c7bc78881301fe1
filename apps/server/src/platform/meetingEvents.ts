import type { MeetingEvent } from "@club/shared";

export const SCORES_EVERY_MS = 1000;

/** Called with each event of a meeting; kept in a Set, so a stream costs one closure. */
export type MeetingListener = (event: MeetingEvent) => void;

/**
 * What happens during a meeting night (an RSVP, the flight, a score, a reveal), told to every
 * member who has the meeting open: the live stream (night.events, served by
 * app/liveStreams.ts) relays these, and clients fetch what changed. In memory: one server
 * process serves the club.
 */
export class MeetingEvents {
  private readonly listenersOf = new Map<number, Set<MeetingListener>>();
  /** Meetings with a "scores" event waiting to go out. */
  private readonly pendingScores = new Map<number, NodeJS.Timeout>();

  emit(meetingId: number, event: MeetingEvent): void {
    if (event.kind === "scores") return this.emitScoresSoon(meetingId);
    this.deliver(meetingId, event);
  }

  private deliver(meetingId: number, event: MeetingEvent): void {
    const listeners = this.listenersOf.get(meetingId);
    if (!listeners) return;
    for (const listener of [...listeners]) listener(event);
  }

  /**
   * Scores arrive all evening, dozens a minute: the pages hear of them at most every
   * SCORES_EVERY_MS (they only refresh the results), so a busy night does not turn every save into
   * one write per open page.
   */
  private emitScoresSoon(meetingId: number): void {
    if (this.pendingScores.has(meetingId)) return;
    const timer = setTimeout(() => {
      this.pendingScores.delete(meetingId);
      this.deliver(meetingId, { kind: "scores" });
    }, SCORES_EVERY_MS);
    timer.unref();
    this.pendingScores.set(meetingId, timer);
  }

  /** Calls `listener` with the meeting's events until the returned function is called. */
  subscribe(meetingId: number, listener: MeetingListener): () => void {
    let listeners = this.listenersOf.get(meetingId);
    if (!listeners) this.listenersOf.set(meetingId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.listenersOf.get(meetingId) === listeners)
        this.listenersOf.delete(meetingId);
    };
  }

  /** The meeting's events from now on, until the signal aborts (in-process callers of night.events). */
  async *listen(meetingId: number, signal: AbortSignal | undefined): AsyncGenerator<MeetingEvent> {
    const queue: MeetingEvent[] = [];
    let wake: (() => void) | undefined;
    const unsubscribe = this.subscribe(meetingId, (event) => {
      queue.push(event);
      wake?.();
    });
    const onAbort = () => wake?.();
    signal?.addEventListener("abort", onAbort);
    try {
      while (!signal?.aborted) {
        const event = queue.shift();
        if (event) {
          yield event;
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    } finally {
      signal?.removeEventListener("abort", onAbort);
      unsubscribe();
    }
  }

  /** How many streams are open (for tests and the benchmark). */
  listeners(meetingId: number): number {
    return this.listenersOf.get(meetingId)?.size ?? 0;
  }
}

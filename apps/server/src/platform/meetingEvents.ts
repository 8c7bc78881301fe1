import { EventEmitter, on } from "node:events";
import type { MeetingEvent } from "@club/shared";

export const SCORES_EVERY_MS = 1000;

/**
 * What happens during a meeting night (an RSVP, the flight, a score, a reveal), told to every
 * member who has the meeting open: the live stream (night.events) relays these, and clients fetch
 * what changed. In memory: one server process serves the club.
 */
export class MeetingEvents {
  private readonly emitter = new EventEmitter();
  /** Meetings with a "scores" event waiting to go out. */
  private readonly pendingScores = new Map<number, NodeJS.Timeout>();

  constructor() {
    // One listener per open page: a busy night has many.
    this.emitter.setMaxListeners(0);
  }

  emit(meetingId: number, event: MeetingEvent): void {
    if (event.kind === "scores") return this.emitScoresSoon(meetingId);
    this.emitter.emit(`meeting:${meetingId}`, event);
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
      this.emitter.emit(`meeting:${meetingId}`, { kind: "scores" } satisfies MeetingEvent);
    }, SCORES_EVERY_MS);
    timer.unref();
    this.pendingScores.set(meetingId, timer);
  }

  /** The meeting's events from now on, until the signal aborts (the client went away). */
  async *listen(meetingId: number, signal: AbortSignal | undefined): AsyncGenerator<MeetingEvent> {
    for await (const [event] of on(this.emitter, `meeting:${meetingId}`, { signal }))
      yield event as MeetingEvent;
  }

  /** How many streams are open (for tests and the benchmark). */
  listeners(meetingId: number): number {
    return this.emitter.listenerCount(`meeting:${meetingId}`);
  }
}

import type { MeetingEvent } from "@club/shared";
import type { RequestCtx } from "../../kernel/context";
import { viewerAt } from "../../policy/viewer";
import { meetingOrThrow } from "./access";

/**
 * A meeting's events for an in-process caller of `night.events`: what changed, not the data.
 * The meeting must exist (404) and the caller be a viewer of it (a guest pass of another meeting:
 * 403). The first event asks the screen to read everything. Over HTTP the stream is served by
 * app/liveStreams.ts.
 */
export async function* nightEvents(
  ctx: RequestCtx,
  meetingId: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<MeetingEvent> {
  meetingOrThrow(ctx, meetingId);
  await viewerAt(ctx, meetingId);
  yield { kind: "settings" };
  yield* ctx.events.listen(meetingId, signal);
}

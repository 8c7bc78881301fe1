import fp from "fastify-plugin";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerResponse } from "node:http";
import { findMeetingNight } from "@club/db";
import { MeetingIdSchema, ServerMessages, type MeetingEvent } from "@club/shared";
import { guestFromAuthorization, memberFromAuthorization } from "../kernel/context";
import { trpcErrorReply } from "./security";
import { clientNetworks } from "../platform/clientAddress";

/** The live stream's path: tRPC's subscription `night.events`, served here (see below). */
export const LIVE_STREAM_PATH = "/trpc/night.events";

/** A comment line every so often: proxies keep the connection, and a dead peer is noticed. */
export const HEARTBEAT_MS = 30_000;

/** Seconds a refused client is told to wait: one of its own streams must close first. */
export const RETRY_AFTER_SECONDS = 30;

export interface StreamCaps {
  /**
   * Open streams of visitors (no valid token) from one client address (an IPv6 /64; its /56 and
   * /48 hold 4 and 8 times as many: platform/clientAddress.ts).
   */
  perAddress: number;
  /** Open streams of one member (or one guest pass), from any address. */
  perMember: number;
  /** Open streams in all. */
  total: number;
}

export type StreamRefusal = "address" | "member" | "total";

/**
 * Visitors' streams together hold at most this share of the total cap: the rest is kept for
 * members and guest passes, so that strangers from many addresses cannot fill the cap and leave
 * a member's live page with a 429.
 */
export const VISITOR_SHARE = 0.75;

/**
 * Counts the open live streams: per client address (visitors), per member and in total. A member's
 * streams count against the member, not the address: a club's phones behind one router (the
 * venue's Wi-Fi) share an address, and each member is known anyway.
 */
export class StreamLimits {
  private readonly byAddress = new Map<string, number>();
  private readonly byMember = new Map<number | string, number>();
  private open = 0;
  private visitors = 0;
  private readonly visitorCap: number;

  constructor(private readonly caps: StreamCaps) {
    this.visitorCap = Math.max(1, Math.floor(caps.total * VISITOR_SHARE));
  }

  /**
   * Takes a place for a stream, or says which cap it would pass. `release` gives the place back
   * (once). `ip` counts as its client and the networks around it (an IPv6 address as its /64,
   * /56 and /48: platform/clientAddress.ts).
   */
  take(ip: string, memberId: number | string | null): { release: () => void } | { refused: StreamRefusal } {
    const networks = memberId === null ? clientNetworks(ip) : [];
    if (this.open >= this.caps.total) return { refused: "total" };
    if (memberId === null && this.visitors >= this.visitorCap) return { refused: "total" };
    if (networks.some(({ key, share }) => (this.byAddress.get(key) ?? 0) >= this.caps.perAddress * share))
      return { refused: "address" };
    if (memberId !== null && (this.byMember.get(memberId) ?? 0) >= this.caps.perMember)
      return { refused: "member" };
    this.open++;
    if (memberId === null) this.visitors++;
    for (const { key } of networks) bump(this.byAddress, key, 1);
    if (memberId !== null) bump(this.byMember, memberId, 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open--;
        if (memberId === null) this.visitors--;
        for (const { key } of networks) bump(this.byAddress, key, -1);
        if (memberId !== null) bump(this.byMember, memberId, -1);
      },
    };
  }

  /** Streams open now (tests and the benchmark). */
  get size(): number {
    return this.open;
  }
}

function bump<K>(counts: Map<K, number>, key: K, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n <= 0) counts.delete(key);
  else counts.set(key, n);
}

const REFUSAL_MESSAGE: Record<StreamRefusal, string> = {
  address: ServerMessages.liveStreamsAddress,
  member: ServerMessages.liveStreamsMember,
  total: ServerMessages.liveStreamsTotal,
};

/** An SSE event as tRPC's httpSubscriptionLink reads it (no transformer: plain JSON). */
const sse = (event: MeetingEvent) => `data: ${JSON.stringify(event)}\n\n`;

/**
 * The query of a tRPC subscription over SSE: `input` (JSON) and, from the web app,
 * `connectionParams` (JSON, `{ token }`: an EventSource cannot send an Authorization header).
 */
function readQuery(req: FastifyRequest): { input: unknown; token: string | undefined } | null {
  const query = req.query as Record<string, unknown>;
  const json = (value: unknown): unknown => {
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw new SyntaxError("not a string");
    return JSON.parse(value) as unknown;
  };
  try {
    const input = json(query.input);
    const params = json(query.connectionParams) as { token?: unknown } | null | undefined;
    const token = typeof params?.token === "string" ? params.token : undefined;
    return { input, token };
  } catch {
    return null;
  }
}

/**
 * The live stream of a meeting night (`GET /trpc/night.events?input={"id":N}`), in the wire format
 * of tRPC's server-sent events (a `connected` event, then one `data:` line per event), written
 * straight to the socket: tRPC's own SSE pipeline (web streams, generators, timers) cost about
 * 100 KB per open stream, this one a listener in a Set and the socket. Everything that can be
 * refused is refused BEFORE the stream starts, with a status and tRPC's JSON error: a bad input
 * (400), a meeting that does not exist (404), and a caller past a cap (429 with Retry-After).
 * The `night.events` procedure stays in the router: it is the endpoint's declaration (and the web
 * app's type) and serves in-process callers; HTTP requests for it end here.
 */
export default fp(
  async (app, opts: { caps: StreamCaps }) => {
    const limits = new StreamLimits(opts.caps);
    app.decorate("liveStreams", limits);
    /** Every open stream's socket, for the heartbeat and the shutdown. */
    const open = new Set<ServerResponse>();

    const heartbeat = setInterval(() => {
      for (const res of open) res.write(": ping\n\n");
    }, HEARTBEAT_MS);
    heartbeat.unref();
    app.addHook("preClose", async () => {
      clearInterval(heartbeat);
      for (const res of open) res.end();
    });

    app.get(LIVE_STREAM_PATH, async (req: FastifyRequest, reply: FastifyReply) => {
      const query = readQuery(req);
      const parsed = query && MeetingIdSchema.safeParse(query.input);
      if (!query || !parsed?.success) return trpcErrorReply(req, reply, 400, ServerMessages.validation);
      const meetingId = parsed.data.id;
      const deps = app.deps;
      if (!findMeetingNight(deps.db, meetingId))
        return trpcErrorReply(req, reply, 404, ServerMessages.meetingNotFound);
      const authorization = req.headers.authorization ?? (query.token ? `Bearer ${query.token}` : undefined);
      const member = authorization ? await memberFromAuthorization(deps, authorization) : null;
      // A guest pass follows its own meeting only, and counts like a member: per pass.
      const guest = !member && authorization ? await guestFromAuthorization(deps, authorization) : null;
      if (guest && guest.meetingId !== meetingId)
        return trpcErrorReply(req, reply, 403, ServerMessages.guestPassOnly);
      const place = limits.take(req.ip, member?.id ?? (guest ? `guest:${guest.id}` : null));
      if ("refused" in place) {
        req.log.warn({ ip: req.ip, cap: place.refused }, "live stream refused");
        reply.header("retry-after", String(RETRY_AFTER_SECONDS));
        return trpcErrorReply(req, reply, 429, REFUSAL_MESSAGE[place.refused]);
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        // A proxy (nginx) must pass each event on at once.
        "x-accel-buffering": "no",
      });
      res.write(`event: connected\ndata: {}\n\n${sse({ kind: "settings" })}`);
      open.add(res);
      const unsubscribe = deps.events.subscribe(meetingId, (event) => res.write(sse(event)));
      res.on("close", () => {
        open.delete(res);
        unsubscribe();
        place.release();
      });
    });
  },
  { name: "live-streams", dependencies: ["security"] },
);

declare module "fastify" {
  interface FastifyInstance {
    liveStreams: StreamLimits;
  }
}

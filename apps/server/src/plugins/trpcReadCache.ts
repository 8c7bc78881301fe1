import fp from "fastify-plugin";
import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import {
  jsonOf,
  representationOf,
  type Representation,
  sendRepresentation,
  TRPC_JSON,
  trpcResultJson,
  uncachedRepresentation,
} from "../lib/httpCache";
import { createContextInner } from "../trpc/context";
import { appRouter } from "../trpc/router";
import { createCallerFactory } from "../trpc/trpc";

const callerFactory = createCallerFactory(appRouter);
type Caller = ReturnType<typeof callerFactory>;
type Read = (caller: Caller, input: unknown) => Promise<unknown>;

/**
 * The public reads whose result depends only on the database (never on who asks): the same
 * procedures, called through a server-side caller, so input validation and the service's
 * ReadCache apply exactly as in tRPC's own handler.
 */
const CACHEABLE_READS: Record<string, Read> = {
  "bottles.list": (c) => c.bottles.list(),
  "bottles.options": (c) => c.bottles.options(),
  "bottles.byId": (c, input) => c.bottles.byId(input as Parameters<Caller["bottles"]["byId"]>[0]),
  "meetings.list": (c) => c.meetings.list(),
  "meetings.byId": (c, input) => c.meetings.byId(input as Parameters<Caller["meetings"]["byId"]>[0]),
  "themes.list": (c) => c.themes.list(),
  "comments.byBottle": (c, input) =>
    c.comments.byBottle(input as Parameters<Caller["comments"]["byBottle"]>[0]),
  "lookups.brands": (c) => c.lookups.brands(),
  "lookups.drinkTypes": (c) => c.lookups.drinkTypes(),
  "lookups.countries": (c) => c.lookups.countries(),
  "lookups.states": (c) => c.lookups.states(),
};

export const TRPC_VARY = "trpc-accept, accept";
const TRPC_ROUTE = "/trpc/:path";

/** The calls of a tRPC GET (`/trpc/a.b?input=...`, or `/trpc/a,b?batch=1&input={"0":...}`), or null. */
function parseCalls(
  req: FastifyRequest,
): { batch: boolean; calls: { path: string; input: unknown }[] } | null {
  const path = (req.params as { path?: unknown }).path;
  if (typeof path !== "string" || path === "") return null;
  const query = req.query as Record<string, unknown>;
  for (const key in query) if (key !== "batch" && key !== "input") return null;
  const batch = query.batch === "1";
  if (query.batch !== undefined && !batch) return null;
  let input: unknown;
  if (query.input !== undefined) {
    if (typeof query.input !== "string") return null;
    try {
      input = JSON.parse(query.input);
    } catch {
      return null;
    }
  }
  const paths = path.split(",");
  if (!batch) return paths.length === 1 ? { batch, calls: [{ path, input }] } : null;
  if (input !== undefined && (typeof input !== "object" || input === null || Array.isArray(input)))
    return null;
  const inputs = (input ?? {}) as Record<string, unknown>;
  return { batch, calls: paths.map((p, i) => ({ path: p, input: inputs[String(i)] })) };
}

/**
 * A fast path in front of tRPC's handler for GET queries of public reads: answers from the
 * ReadCache with the bytes tRPC would write (its `{"result":{"data":...}}` envelope, an array for
 * batches), serialized and compressed once per database state, with an ETag (304 when the client's
 * copy is current). Anything else, including every error, falls through to tRPC unchanged.
 */
const trpcReadCacheHook: onRequestAsyncHookHandler = async function (req, reply) {
  if (req.method !== "GET" || req.headers["trpc-accept"] !== undefined) return;
  // The answer depends only on the URL and the database: a repeated URL skips parsing and tRPC.
  const cache = req.server.deps.reads;
  const key = `GET ${req.url}`;
  const hit = cache.peek(key)?.value as Representation | undefined;
  if (hit) return sendRepresentation(req, reply, hit, TRPC_JSON, TRPC_VARY);
  const generation = cache.generation;
  const parsed = parseCalls(req);
  if (!parsed) return;
  const reads: Read[] = [];
  for (const call of parsed.calls) {
    const read = CACHEABLE_READS[call.path];
    if (!read) return;
    reads.push(read);
  }
  const caller = callerFactory(createContextInner(req.server.deps, null));
  let results: unknown[];
  try {
    results = await Promise.all(parsed.calls.map((call, i) => (reads[i] as Read)(caller, call.input)));
  } catch {
    return; // tRPC's handler answers with its own error envelope
  }
  const form = representationOfResults(parsed.batch, results);
  cache.put(key, form, generation);
  return sendRepresentation(req, reply, form, TRPC_JSON, TRPC_VARY);
};

function representationOfResults(batch: boolean, results: unknown[]): Representation {
  if (results.length === 1) return representationOf(results[0], batch ? "trpcBatch" : "trpc");
  return uncachedRepresentation(`[${results.map((r) => trpcResultJson(jsonOf(r))).join(",")}]`);
}

/** Adds the fast path to tRPC's route; register it before the tRPC plugin. */
export default fp(
  async (app, opts: { enabled: boolean }) => {
    if (!opts.enabled) return;
    app.addHook("onRoute", (route) => {
      if (route.url !== TRPC_ROUTE) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.includes("GET")) return;
      const existing = route.onRequest;
      route.onRequest = [
        ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
        trpcReadCacheHook,
      ];
    });
  },
  { name: "trpc-read-cache" },
);

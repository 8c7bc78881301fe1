import fp from "fastify-plugin";
import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { trpcEndpoint, type Endpoint } from "./endpoints";
import { visitorCtx } from "./rest";
import {
  batchRepresentation,
  representationOf,
  sendRepresentation,
  TRPC_JSON,
  type CachedAnswer,
} from "../platform/httpCache";
import { readKey } from "../platform/readCache";
import { MAX_BATCH_CALLS } from "./security";

export const TRPC_VARY = "trpc-accept, accept";
const TRPC_ROUTE = "/trpc/:path";

interface Call {
  endpoint: Endpoint;
  raw: unknown;
  key: string;
}

/**
 * The calls of a tRPC GET (`/trpc/a.b?input=...`, or `/trpc/a,b?batch=1&input={"0":...}`) when
 * every one is a cached public read with a valid input, or null (tRPC's own handler answers).
 */
function parseCalls(req: FastifyRequest): { batch: boolean; calls: Call[] } | null {
  const path = (req.params as { path?: unknown }).path;
  if (typeof path !== "string" || path === "") return null;
  const query = req.query as Record<string, unknown>;
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
  if (paths.length > MAX_BATCH_CALLS || (!batch && paths.length !== 1)) return null;
  if (batch && input !== undefined && (typeof input !== "object" || input === null || Array.isArray(input)))
    return null;
  const calls: Call[] = [];
  for (let i = 0; i < paths.length; i++) {
    const endpoint = trpcEndpoint(paths[i] as string);
    if (!endpoint?.meta.cache) return null;
    const raw = batch ? (input as Record<string, unknown> | undefined)?.[String(i)] : input;
    let value: unknown;
    if (endpoint.input) {
      const parsed = endpoint.input.safeParse(raw);
      if (!parsed.success) return null;
      value = parsed.data;
    }
    calls.push({ endpoint, raw, key: readKey(endpoint.path, value) });
  }
  return { batch, calls };
}

/**
 * A fast path in front of tRPC's handler for GET queries of cached public reads: answers from the
 * read cache (keyed by procedure and validated input, like the REST twins) with the bytes tRPC
 * would write (its `{"result":{"data":...}}` envelope, an array for batches), with an ETag (304
 * when the client's copy is current). A batch of several calls is assembled from each call's
 * answer, never kept whole. Anything else, including every error, falls through to tRPC unchanged.
 */
const trpcFastPathHook: onRequestAsyncHookHandler = async function (req, reply) {
  if (req.method !== "GET" || req.headers["trpc-accept"] !== undefined) return;
  const parsed = parseCalls(req);
  if (!parsed) return;
  const reads = req.server.deps.reads;
  const answers: CachedAnswer[] = [];
  for (const [index, call] of parsed.calls.entries()) {
    let answer = reads.get(call.key);
    if (!answer) {
      const generation = reads.generation;
      let value: unknown;
      try {
        value = await call.endpoint.call(visitorCtx(req.server.deps), call.raw, index);
      } catch {
        return; // tRPC's handler answers with its own error envelope
      }
      answer = reads.put(call.key, value, generation);
    }
    answers.push(answer);
  }
  const form =
    answers.length === 1
      ? representationOf(answers[0] as CachedAnswer, parsed.batch ? "trpcBatch" : "trpc")
      : batchRepresentation(answers);
  return sendRepresentation(req, reply, form, TRPC_JSON, TRPC_VARY);
};

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
        trpcFastPathHook,
      ];
    });
  },
  { name: "trpc-fast-path" },
);

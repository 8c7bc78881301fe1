import type { AnyProcedure, AnyRouter } from "@trpc/server";
import type { ZodType } from "zod";
import type { RequestCtx } from "../kernel/context";
import type { EndpointMeta, RestMeta } from "../kernel/meta";
import { apiRouter, appRouter } from "./router";

/** One procedure of the router, with what the rest of the server derives from it. */
export interface Endpoint {
  /** The procedure's dotted path, e.g. "bottles.byId". */
  path: string;
  type: "query" | "mutation" | "subscription";
  meta: EndpointMeta;
  /** The procedure's input schema; undefined when it takes none. */
  input: ZodType | undefined;
  /** Served at /trpc (the REST-only session calls are not). */
  trpc: boolean;
  /** A member-only mutation: a change to the club's data. */
  write: boolean;
  /**
   * Runs the procedure (its middlewares, input validation and resolver) as tRPC would; `batchIndex`
   * is its place in a tRPC batch (0 alone).
   */
  call: (ctx: RequestCtx, input: unknown, batchIndex?: number) => Promise<unknown>;
}

export interface RestEndpoint extends Endpoint {
  rest: RestMeta & { from: NonNullable<RestMeta["from"]> };
}

type ProcedureRecord = Record<string, AnyProcedure>;
const proceduresOf = (router: AnyRouter) => router._def.procedures as ProcedureRecord;

function describe(path: string, procedure: AnyProcedure, trpcPaths: Set<string>): Endpoint {
  const def = procedure._def as unknown as {
    type: Endpoint["type"];
    meta?: EndpointMeta;
    inputs: ZodType[];
  };
  const meta = def.meta ?? {};
  if (def.inputs.length > 1) throw new Error(`${path}: one .input() per procedure`);
  return {
    path,
    type: def.type,
    meta,
    input: def.inputs[0],
    trpc: trpcPaths.has(path),
    write: def.type === "mutation" && meta.access !== "public",
    call: (ctx, input, batchIndex = 0) =>
      procedure({
        path,
        ctx,
        type: def.type,
        getRawInput: () => Promise.resolve(input),
        signal: undefined,
        batchIndex,
      }),
  };
}

let cached: Endpoint[] | undefined;

/** Every procedure of the API, in the router's order. */
export function endpoints(): Endpoint[] {
  if (cached) return cached;
  const trpcPaths = new Set(Object.keys(proceduresOf(appRouter)));
  cached = Object.entries(proceduresOf(apiRouter)).map(([path, p]) => describe(path, p, trpcPaths));
  return cached;
}

/**
 * Where a REST twin's input comes from besides its path parameters: meta.rest.from, else the query
 * string for a GET, the JSON body when the input has fields beyond the path's, and nothing at all
 * otherwise (a DELETE /api/X/{id} takes no body: one sent is ignored, whatever its type).
 */
function inputFrom(rest: RestMeta, input: ZodType | undefined): "query" | "body" | "none" {
  if (rest.from) return rest.from;
  if (rest.method === "GET") return "query";
  if (!input) return "none";
  const shape = (input as { shape?: Record<string, unknown> }).shape;
  if (!shape) return "body";
  const inPath = new Set([...rest.path.matchAll(/:(\w+)/g)].map((m) => m[1]));
  return Object.keys(shape).some((key) => !inPath.has(key)) ? "body" : "none";
}

/** The procedures with a REST twin; `rest.from` always set (inputFrom). */
export const restEndpoints = (): RestEndpoint[] =>
  endpoints().flatMap((e) =>
    e.meta.rest ? [{ ...e, rest: { ...e.meta.rest, from: inputFrom(e.meta.rest, e.input) } }] : [],
  );

/** The endpoint of a tRPC path served at /trpc, if any. */
export function trpcEndpoint(path: string): Endpoint | undefined {
  return trpcIndex().get(path);
}

let index: Map<string, Endpoint> | undefined;
const trpcIndex = () =>
  (index ??= new Map(
    endpoints()
      .filter((e) => e.trpc)
      .map((e) => [e.path, e]),
  ));

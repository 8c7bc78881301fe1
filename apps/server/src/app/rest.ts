import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import { readKey } from "../platform/readCache";
import { REST_JSON, representationOf, sendRepresentation } from "../platform/httpCache";
import { requestCtx, requestCtxOf, type Deps, type RequestCtx } from "../kernel/context";
import { restEndpoints, type Endpoint, type RestEndpoint } from "./endpoints";
import { BadRequestError, validationMessage } from "../kernel/errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The procedure a REST route adapts (app/rest.ts); the security plugin reads its rate limit. */
    endpoint?: Endpoint;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A REST route's input for its procedure: the path parameters over the query string (GET) or
 * the JSON body (other methods), as the procedure's meta says. A body that is not an object is
 * passed as it is, so the procedure's schema refuses it with a 400.
 */
function inputReader(e: RestEndpoint): (req: FastifyRequest) => unknown {
  if (!e.input) return () => undefined;
  const { from } = e.rest;
  const hasParams = e.rest.path.includes(":");
  return (req) => {
    const source = from === "query" ? req.query : from === "body" ? req.body : undefined;
    if (!hasParams) return source;
    if (source !== undefined && !isPlainObject(source)) return source;
    return { ...source, ...(req.params as Record<string, string>) };
  };
}

/** One visitor context per app: it holds nothing request-specific. */
const visitors = new WeakMap<Deps, RequestCtx>();
export function visitorCtx(deps: Deps): RequestCtx {
  let ctx = visitors.get(deps);
  if (!ctx) visitors.set(deps, (ctx = requestCtx(deps, undefined)));
  return ctx;
}

/**
 * A cached public read: the answer is kept in the read cache under the procedure and its validated
 * input, serialized and compressed once per database state, revalidated by ETag. A hit runs no
 * promise at all.
 */
function cachedReadHandler(e: RestEndpoint, readInput: (req: FastifyRequest) => unknown): RouteHandlerMethod {
  const schema = e.input;
  return function (req, reply) {
    const raw = readInput(req);
    let input: unknown;
    if (schema) {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw new BadRequestError(validationMessage(parsed.error), parsed.error);
      input = parsed.data;
    }
    const reads = req.server.deps.reads;
    const key = readKey(e.path, input);
    const hit = reads.get(key);
    if (hit) return send(req, reply, representationOf(hit, "json"));
    const generation = reads.generation;
    return e.call(visitorCtx(req.server.deps), raw).then((value) => {
      const answer = reads.put(key, value, generation);
      return sendRepresentation(req, reply, representationOf(answer, "json"), REST_JSON);
    });
  };
}

function send(req: FastifyRequest, reply: FastifyReply, form: ReturnType<typeof representationOf>) {
  const sent = sendRepresentation(req, reply, form, REST_JSON);
  // A synchronous handler must not return the reply: Fastify would try to send it again.
  return sent instanceof Promise ? sent : undefined;
}

function procedureHandler(e: RestEndpoint, readInput: (req: FastifyRequest) => unknown): RouteHandlerMethod {
  const status = e.rest.status ?? 200;
  return async (req, reply) => {
    const result = await e.call(requestCtxOf(req), readInput(req));
    if (status === 204) return reply.code(204).send();
    return reply.code(status).send(result);
  };
}

/** Every procedure with a REST twin (meta.rest) becomes a Fastify route calling that procedure. */
export const restRoutes: FastifyPluginAsync = async (app) => {
  const route = (scope: typeof app, e: RestEndpoint) => {
    const readInput = inputReader(e);
    scope.route({
      method: e.rest.method,
      url: e.rest.path,
      config: { endpoint: e },
      handler: e.meta.cache ? cachedReadHandler(e, readInput) : procedureHandler(e, readInput),
    });
  };
  const readsNoBody = (e: RestEndpoint) => e.rest.method !== "GET" && e.rest.from === "none";
  for (const e of restEndpoints()) if (!readsNoBody(e)) route(app, e);
  await app.register(async (scope) => {
    // The floor's client sends these without a body, often still with Content-Type:
    // application/json, which Fastify's JSON parser rejects (FST_ERR_CTP_EMPTY_JSON_BODY). They
    // read no body, so in this scope every body is read (within bodyLimit) and ignored.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_req, _body, done) => done(null, undefined));
    for (const e of restEndpoints()) if (readsNoBody(e)) route(scope, e);
  });
};

import fp from "fastify-plugin";
import cors, { type FastifyCorsOptions } from "@fastify/cors";
import type { FastifyRequest } from "fastify";
import { trpcEndpoint, type Endpoint } from "./endpoints";

/** The methods a listed origin may use: the public reads, and every call with a bearer token. */
const READ_METHODS = ["GET", "HEAD"];
const TOKEN_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
/** What a club's website may send: its token, a JSON body, a revalidation of a cached read. */
const ALLOWED_HEADERS = ["Authorization", "Content-Type", "If-None-Match"];
/** What it may read beyond the simple headers: the cached reads' tag, the limits' answers. */
const EXPOSED_HEADERS = ["ETag", "Retry-After", "RateLimit", "RateLimit-Policy"];
/** How long a browser keeps a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = 600;

const TRPC_ROUTE = "/trpc/:path";
const isBearer = (value: string | undefined) => value !== undefined && /^Bearer\s+\S/i.test(value);
const isPublicQuery = (e: Endpoint | undefined) => e?.type === "query" && e.meta.access === "public";
const isApiPath = (path: string) => path.startsWith("/api/") || path.startsWith("/trpc/");

/** A read every visitor may make (a public query over REST or tRPC, each call of a batch). */
function isPublicRead(req: FastifyRequest): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.routeOptions.url === TRPC_ROUTE) {
    const path = (req.params as { path?: unknown }).path;
    return typeof path === "string" && path.split(",").every((name) => isPublicQuery(trpcEndpoint(name)));
  }
  return isPublicQuery(req.routeOptions.config.endpoint);
}

/**
 * What a request from `origin` may do across origins, or null for nothing (no CORS header at all).
 * A preflight is answered from what it announces (the method, whether an Authorization header
 * follows); the answer itself is checked again, so a preflight for a GET opens only public reads.
 */
function grantFor(req: FastifyRequest): { methods: string[] } | null {
  const preflightMethod = req.headers["access-control-request-method"];
  if (req.method === "OPTIONS" && typeof preflightMethod === "string") {
    const path = req.url.split("?")[0] ?? "";
    const announced = String(req.headers["access-control-request-headers"] ?? "").toLowerCase();
    if (isApiPath(path) && /(^|,)\s*authorization\s*(,|$)/.test(announced)) return { methods: TOKEN_METHODS };
    if (isApiPath(path) && READ_METHODS.includes(preflightMethod.toUpperCase()))
      return { methods: READ_METHODS };
    return null;
  }
  if (isBearer(req.headers.authorization)) return { methods: TOKEN_METHODS };
  if (isPublicRead(req)) return { methods: READ_METHODS };
  return null;
}

/**
 * CORS for the club's website (CORS_ORIGINS), with the maintained @fastify/cors and a per-request
 * decision: a listed origin may make the public reads and calls carrying `Authorization: Bearer`;
 * no answer allows credentials, so the browser never sends cookies across origins; an unlisted
 * origin, or anything else, gets no CORS header (its preflight is a 404, as without CORS). Not
 * registered when CORS_ORIGINS is empty: nothing changes on any request.
 */
export default fp(
  async (app, opts: { origins: readonly string[] }) => {
    if (opts.origins.length === 0) return;
    const listed = new Set(opts.origins);
    const options = (req: FastifyRequest): FastifyCorsOptions => {
      const origin = req.headers.origin;
      const grant = origin !== undefined && listed.has(origin) ? grantFor(req) : null;
      if (!grant || origin === undefined) return { origin: false };
      return {
        origin,
        methods: grant.methods,
        allowedHeaders: ALLOWED_HEADERS,
        exposedHeaders: EXPOSED_HEADERS,
        maxAge: PREFLIGHT_MAX_AGE,
        credentials: false,
        strictPreflight: true,
      };
    };
    await app.register(cors, { delegator: (req, done) => done(null, options(req)) });
  },
  { name: "cors", dependencies: ["security"] },
);

import fp from "fastify-plugin";
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import { BlockList, isIPv6 } from "node:net";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { ServerMessages, TRPC_BATCH_MAX_CALLS } from "@club/shared";
import type { Config } from "../config";
import { trpcEndpoint } from "./endpoints";
import { IPV6_NETWORKS } from "../platform/clientAddress";
import type { RateLimitGroup } from "../kernel/meta";
import { errorBody } from "../kernel/restErrors";
import { localize } from "../platform/i18n";
import { errorLanguageOf } from "../kernel/context";

/** Largest JSON (or other non-multipart) body: the biggest legitimate one is a few KB. */
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * A request must arrive whole within this time (Fastify's default is no limit): a client that
 * trickles its body (slowloris) cannot hold a connection, or a shutdown, forever. Long enough
 * for a 10 MB image over a slow uplink (about 0.7 Mbit/s).
 */
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * The web app's Content-Security-Policy: no inline or foreign scripts. Mantine injects <style>
 * tags and style attributes, hence 'unsafe-inline' for styles only. 'wasm-unsafe-eval' lets the
 * barcode scanner compile its WebAssembly reader (served from the site itself) where the browser
 * has no BarcodeDetector; it allows no eval of JavaScript. No upgrade-insecure-requests: home
 * servers often run on plain http in a LAN.
 */
export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  // The installable app: its service worker and web manifest come from the site itself.
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Interactive API docs (swagger-ui) under /docs: the hook for the docs plugin. Routes whose URL
 * is /docs or starts with /docs/ get this policy instead of APP_CSP_DIRECTIVES (swagger-ui loads
 * only its own scripts, checked in Chromium; it may show images from https, e.g. the validator
 * badge). Relax it here, for /docs only, if the docs ever need more.
 */
export const DOCS_CSP_DIRECTIVES = {
  ...APP_CSP_DIRECTIVES,
  scriptSrc: ["'self'"],
  imgSrc: ["'self'", "data:", "blob:", "https:"],
};

export const isDocsPath = (url: string) =>
  url === "/docs" || url.startsWith("/docs/") || url.startsWith("/docs?");

/** Loopback, private (RFC 1918, unique local) and link-local ranges: where a proxy on the same host or LAN connects from. */
const NEARBY = new BlockList();
for (const [net, bits] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
] as const)
  NEARBY.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  NEARBY.addSubnet(net, bits, "ipv6");

const isNearby = (address: string | undefined) =>
  address !== undefined && NEARBY.check(address, isIPv6(address) ? "ipv6" : "ipv4");

/**
 * Fastify's trustProxy for TRUST_PROXY (config.ts parseTrustProxy). A list of addresses is passed
 * on: X-Forwarded-For counts only on connections from them. A hop count n trusts the last n hops
 * of X-Forwarded-For, but only when the connection itself comes from a loopback or private
 * address (a proxy on the same host, in Docker, or on the LAN): a client reaching the server
 * directly from the internet is never a hop, so what it writes in X-Forwarded-For is ignored.
 * (Fastify 5 ignores a bare hop count for that reason.)
 */
export function trustProxyOption(
  setting: false | number | string,
): false | string | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  const hops = setting;
  return (address, hop) => hop < hops && (hop > 0 || isNearby(address));
}

/** The most calls one tRPC request may batch; more is a 400 before anything runs. */
export const MAX_BATCH_CALLS = TRPC_BATCH_MAX_CALLS;

const TRPC_ROUTE = "/trpc/:path";

/** A login's outcome in the log, by its answer's status. */
const LOGIN_OUTCOMES: Record<number, string> = {
  200: "success",
  401: "failure",
  403: "refused",
  429: "limited",
  503: "busy",
};

/** Which rate-limit groups a request counts against (one entry per counted call), from the procedures' meta. */
export function rateLimitGroupsOf(req: FastifyRequest): RateLimitGroup[] {
  const route = req.routeOptions.url;
  if (route === TRPC_ROUTE) {
    const path = (req.params as { path?: unknown }).path;
    if (typeof path !== "string") return [];
    return path.split(",").flatMap((name) => {
      const group = trpcEndpoint(name.trim())?.meta.rateLimit;
      return group ? [group] : [];
    });
  }
  const group = req.routeOptions.config.endpoint?.meta.rateLimit;
  return group ? [group] : [];
}

/** tRPC's error envelope (one per call when batched), for answers given before tRPC runs. */
const TRPC_KEY = {
  400: "BAD_REQUEST",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
} as const;

export function trpcErrorReply(
  req: FastifyRequest,
  reply: FastifyReply,
  status: keyof typeof TRPC_KEY,
  message: string,
  reason?: string,
) {
  const key = TRPC_KEY[status];
  // In the request's language (kernel/context.ts), but a flood's 429: refused as cheaply as ever.
  if (status !== 429) message = localize(errorLanguageOf(req), message);
  const path = (req.params as { path?: unknown }).path ?? req.routeOptions.url?.slice("/trpc/".length);
  const names = (typeof path === "string" ? path : "").split(",");
  const envelope = (path: string) => ({
    error: {
      message,
      code: TRPC_ERROR_CODES_BY_KEY[key],
      data: { code: key, httpStatus: status, path, zodError: null, reason: reason ?? null },
    },
  });
  const isBatch = (req.query as Record<string, unknown> | undefined)?.batch !== undefined;
  return reply.code(status).send(isBatch ? names.map(envelope) : envelope(names[0] ?? ""));
}

function tooManyRequests(req: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number) {
  reply.header("retry-after", String(retryAfterSeconds));
  if (req.routeOptions.url === TRPC_ROUTE)
    return trpcErrorReply(req, reply, 429, ServerMessages.tooManyRequests);
  return reply.code(429).send(errorBody(429, ServerMessages.tooManyRequests));
}

/**
 * Procedure paths are plain names (auth.login, or a comma-separated batch). tRPC decodes the
 * already-decoded path a second time, so a '%' in it (/trpc/%25zz) made it throw: a 500.
 */
const TRPC_PATH = /^[A-Za-z0-9_.,]*$/;

/** Headers every Fastify answer has anyway: not helmet's. */
const NOT_HELMET = new Set([
  "content-type",
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

/**
 * The headers @fastify/helmet sets with these options, computed once at start on a throwaway
 * instance. Registered as a plugin it would rebuild helmet's middleware (parsing the CSP) on every
 * request, which cost more than half of the server's throughput on small answers.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, { ...options, global: true });
  probe.get("/", async () => "");
  try {
    const res = await probe.inject("/");
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers))
      if (!NOT_HELMET.has(name) && value !== undefined) headers[name] = String(value);
    return headers;
  } finally {
    await probe.close();
  }
}

/**
 * Security headers (helmet's, with the CSP above; HSTS only when configured) and per-IP rate limits
 * on login, registration, email confirmation (and resend) and token refresh, over REST and tRPC
 * alike. A refused request is a 429 with Retry-After, before its body is parsed.
 */
export default fp(
  async (app, opts: { config: Config; inlineScripts?: string[] }) => {
    const { config } = opts;
    // The web app's pages carry one inline script (the boot script, app/pageHints.ts): its hash.
    const appDirectives = {
      ...APP_CSP_DIRECTIVES,
      scriptSrc: [...APP_CSP_DIRECTIVES.scriptSrc, ...(opts.inlineScripts ?? [])],
    };

    const helmetOptions: FastifyHelmetOptions = {
      contentSecurityPolicy: { useDefaults: false, directives: appDirectives },
      strictTransportSecurity: config.hsts ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
      xFrameOptions: { action: "deny" },
      referrerPolicy: { policy: "no-referrer" },
    };
    const appHeaders = await helmetHeaders(helmetOptions);
    // Routes under /docs get the docs policy.
    const docsHeaders = await helmetHeaders({
      ...helmetOptions,
      contentSecurityPolicy: { useDefaults: false, directives: DOCS_CSP_DIRECTIVES },
    });

    // Synchronous hooks: an async one costs a promise and a microtask turn on every request.
    app.addHook("onRequest", (req, reply, done) => {
      const route = req.routeOptions.url;
      reply.headers(route !== undefined && isDocsPath(route) ? docsHeaders : appHeaders);
      if (route === TRPC_ROUTE) {
        const path = (req.params as { path?: unknown }).path;
        if (typeof path !== "string" || !TRPC_PATH.test(path)) {
          void trpcErrorReply(req, reply, 404, "No procedure found on this path.");
          return; // answered: the request goes no further
        }
        if (path.split(",").length > MAX_BATCH_CALLS) {
          void trpcErrorReply(req, reply, 400, ServerMessages.batchTooLarge);
          return;
        }
        // Procedures take JSON only: a form or text body (what a cross-site form can send without
        // asking) is refused before anything runs, even for a procedure without input.
        const type = req.headers["content-type"];
        if (req.method === "POST" && type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
          void trpcErrorReply(req, reply, 415, ServerMessages.jsonOnly);
          return;
        }
      }
      done();
    });

    // JSON answers that are not the cached public reads (those are the same for everyone and say
    // `no-cache` with their ETag) are the caller's own or depend on who asks (an account, the
    // activity log, a statement, the treasurer's lists, a blind night's host view): no cache, the
    // browser's included, keeps them.
    app.addHook("onSend", (_req, reply, payload, done) => {
      if (
        !reply.hasHeader("cache-control") &&
        /^application\/json/.test(String(reply.getHeader("content-type")))
      )
        reply.header("cache-control", "no-store");
      done(null, payload);
    });

    // One line per login, for fail2ban and the like: the address, the account and the outcome
    // (`"msg":"login failure"` with `"address":"203.0.113.7"`; docs/reliability.md has a filter).
    app.addHook("onResponse", (req, reply, done) => {
      if (req.routeOptions.config.endpoint?.meta.rateLimit === "login") {
        const outcome = LOGIN_OUTCOMES[reply.statusCode] ?? "error";
        const email = (req.body as { email?: unknown } | undefined)?.email;
        const account = typeof email === "string" ? email.trim().toLowerCase().slice(0, 254) : null;
        const line = { address: req.ip, account, outcome };
        if (outcome === "success") req.log.info(line, `login ${outcome}`);
        else req.log.warn(line, `login ${outcome}`);
      }
      done();
    });

    if (!config.rateLimit.enabled) return;
    await app.register(rateLimit, { global: false });
    const { authMax, refreshMax, windowMs } = config.rateLimit;
    // Per client (an IPv4 address, an IPv6 /64) and per wider IPv6 network with its share of
    // clients' budgets (a /56: 4, a /48: 8; platform/clientAddress.ts): a /48 is not 65,536 clients.
    const perNetwork = (max: number) =>
      IPV6_NETWORKS.map(({ bits, share }) =>
        app.createRateLimit({ max: max * share, timeWindow: windowMs, ipv6Subnet: bits }),
      );
    const limiters: Record<RateLimitGroup, ReturnType<typeof app.createRateLimit>[]> = {
      login: perNetwork(authMax),
      register: perNetwork(authMax),
      confirmation: perNetwork(authMax),
      refresh: perNetwork(refreshMax),
    };

    const windowSeconds = Math.ceil(windowMs / 1000);
    const limit = async (req: FastifyRequest, reply: FastifyReply, groups: RateLimitGroup[]) => {
      let retryAfter = 0;
      // The IETF RateLimit fields, on every answer of a limited action (not only the 429): per
      // group, the budget of the client's tightest network and what is left of it.
      const policies: string[] = [];
      const states: string[] = [];
      for (const group of new Set(groups)) {
        let tightest: { max: number; remaining: number; ttl: number } | undefined;
        for (const limiter of limiters[group]) {
          const result = await limiter(req);
          if (result.isAllowed) continue;
          if (result.isExceeded) retryAfter = Math.max(retryAfter, result.ttlInSeconds, 1);
          if (!tightest || result.remaining < tightest.remaining)
            tightest = { max: result.max, remaining: result.remaining, ttl: result.ttlInSeconds };
        }
        if (!tightest) continue;
        policies.push(`"${group}";q=${tightest.max};w=${windowSeconds}`);
        states.push(`"${group}";r=${tightest.remaining};t=${Math.max(tightest.ttl, 0)}`);
      }
      if (policies.length > 0)
        reply.header("ratelimit-policy", policies.join(", ")).header("ratelimit", states.join(", "));
      if (retryAfter === 0) return false;
      req.log.warn({ groups, ip: req.ip }, "rate limit exceeded");
      await tooManyRequests(req, reply, retryAfter);
      return true;
    };
    // Synchronous for the requests that are not limited (almost all of them).
    app.addHook("onRequest", (req, reply, done) => {
      const groups = rateLimitGroupsOf(req);
      if (groups.length === 0) return done();
      limit(req, reply, groups).then((refused) => {
        if (!refused) done();
      }, done);
    });
  },
  { name: "security", dependencies: ["errors"] },
);

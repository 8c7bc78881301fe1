import { readdirSync } from "node:fs";
import type { InjectOptions } from "fastify";
import type { ApiPath } from "../../src/app/contract";
import { endpoints, restEndpoints as procedureRoutes } from "../../src/app/endpoints";
import { appRouter } from "../../src/app/router";
import { restOnlyRoutes } from "../../src/app/restOnly";
import type { TestApp } from "../helpers";
import {
  multipartBody,
  type EndpointCtx,
  type ExampleCaller,
  type Examples,
  type ProcedureExample,
  type RestCall,
  type StatedAccess,
} from "./fixtures";

export * from "./fixtures";

/**
 * Every REST route and tRPC procedure of the server, with a well-formed call that succeeds. The
 * tables are walked from the router (each procedure's meta) and the REST-only routes; the calls
 * come from each feature's examples.ts. A procedure or route without an example fails here, so
 * new endpoints cannot slip past the permission, fuzz and OpenAPI tests.
 */

const exampleFiles = import.meta.glob<Examples>("../../src/features/*/examples.ts", {
  eager: true,
  import: "examples",
});
const procedureExamples: NonNullable<Examples["procedures"]> = {};
const restExamples: NonNullable<Examples["rest"]> = {
  "GET /api/openapi.json": { access: "public", call: () => ({}) },
  "GET /healthz": { access: "public", call: () => ({}) },
};
for (const examples of Object.values(exampleFiles)) {
  Object.assign(procedureExamples, examples.procedures);
  Object.assign(restExamples, examples.rest);
}

function exampleOf(path: string): ProcedureExample {
  const example = procedureExamples[path as ApiPath];
  if (!example) throw new Error(`no example call for procedure ${path}: add it to its feature's examples.ts`);
  return example;
}

/** The token of the well-formed call's caller. */
export async function callerToken(c: EndpointCtx, as: ExampleCaller = "member"): Promise<string> {
  if (as === "fresh") return (await c.t.member()).token;
  return c.f[as].token;
}

export type Access = "public" | "member" | "treasurer" | "admin";

export interface RestEndpoint {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Fastify route pattern, e.g. /api/Bottles/:id */
  route: string;
  /** member: a valid bearer token is required (401 otherwise). */
  access: Access;
  /** A change to the club's data (members only), as opposed to reads and session actions. */
  write: boolean;
  body: "json" | "none" | "multipart";
  /** Query keys the route reads. */
  query?: readonly string[];
  /** Status of the well-formed call. */
  ok: number;
  valid: (c: EndpointCtx) => Promise<RestCall> | RestCall;
  /** Who makes the well-formed call (see ProcedureExample). */
  as: ExampleCaller;
  /** The call names something the fixture member created: other members get a 403. */
  owned: boolean;
  /** Who may call it, as its example states (never read from the route's access code). */
  stated: StatedAccess;
  /** A guest pass may call it, at its own meeting; any other endpoint answers one 403. */
  guest?: boolean;
}

const paramNames = (route: string) => [...route.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
const keysOf = (schema: unknown): string[] =>
  schema && typeof schema === "object" && "shape" in schema ? Object.keys(schema.shape as object) : [];

/** A procedure's input as a REST call: path parameters, then the query string or the JSON body. */
function restCallOf(route: string, from: "query" | "body" | "none", input: unknown): RestCall {
  const names = paramNames(route);
  const values = (input ?? {}) as Record<string, unknown>;
  const params = Object.fromEntries(names.map((n) => [n, String(values[n])]));
  const others = Object.fromEntries(Object.entries(values).filter(([k]) => !names.includes(k)));
  if (from === "query")
    return { params, query: Object.fromEntries(Object.entries(others).map(([k, v]) => [k, String(v)])) };
  if (from === "body") return { params, body: names.length > 0 ? others : input };
  return { params };
}

export const restEndpoints: RestEndpoint[] = [
  ...procedureRoutes().map((e): RestEndpoint => {
    const { from } = e.rest;
    const example = exampleOf(e.path);
    const names = paramNames(e.rest.path);
    return {
      method: e.rest.method,
      route: e.rest.path,
      access: e.meta.access ?? "public",
      write: e.write,
      body: from === "body" && e.input ? "json" : "none",
      ...(from === "query" ? { query: keysOf(e.input).filter((k) => !names.includes(k)) } : {}),
      ok: e.rest.status ?? 200,
      valid: async (c) => restCallOf(e.rest.path, from, await example.input(c)),
      as:
        example.as ??
        (e.meta.access === "admin" ? "admin" : e.meta.access === "treasurer" ? "treasurer" : "member"),
      owned: example.access === "author",
      stated: example.access,
      guest: e.meta.guest === true,
    };
  }),
  ...restOnlyRoutes.map(({ doc }): RestEndpoint => {
    const name = `${doc.method} ${doc.path}`;
    const example = restExamples[name];
    if (!example) throw new Error(`no example call for ${name}: add it to its feature's examples.ts`);
    return {
      method: doc.method,
      route: doc.path,
      access: doc.access ?? (doc.auth ? "member" : "public"),
      write: Boolean(doc.auth || doc.access) && doc.method !== "GET",
      body: doc.fileField ? "multipart" : doc.body ? "json" : "none",
      ...(doc.query ? { query: Object.keys(doc.query.shape) } : {}),
      ok: doc.response.status,
      valid: example.call,
      as: doc.access ?? "member",
      owned: example.access === "author",
      stated: example.access,
    };
  }),
  // The document itself (its Swagger UI under /docs is static files, not listed).
  {
    method: "GET",
    route: "/api/openapi.json",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: () => ({}),
    as: "member",
    owned: false,
    stated: "public",
  },
];

export const restName = (e: RestEndpoint) => `${e.method} ${e.route}`;

/** The URL of a route with its params filled in (already URL-encoded by the caller when needed). */
export function fillRoute(route: string, params: Record<string, string> = {}): string {
  return route.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? "1");
}

export function restInject(
  e: RestEndpoint,
  call: RestCall,
  token?: string,
): InjectOptions & { token?: string } {
  const params = Object.fromEntries(
    Object.entries(call.params ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]),
  );
  const qs = call.query ? `?${new URLSearchParams(call.query).toString()}` : "";
  const opts: InjectOptions & { token?: string } = {
    method: e.method,
    url: fillRoute(e.route, params) + qs,
    token,
  };
  if (call.multipart) {
    const mp = multipartBody(call.multipart);
    opts.payload = mp.payload;
    opts.headers = { "content-type": mp.contentType };
  } else if (call.body !== undefined) {
    opts.payload = JSON.stringify(call.body);
    opts.headers = { "content-type": "application/json" };
  }
  return opts;
}

// ---------------------------------------------------------------------------------------------
// tRPC

export interface TrpcEndpoint {
  path: string;
  type: "query" | "mutation";
  access: Access;
  write: boolean;
  /** The procedure's input (undefined for none). */
  valid: (c: EndpointCtx) => unknown;
  as: ExampleCaller;
  owned: boolean;
  /** Who may call it, as its example states (never read from the procedure's access code). */
  stated: StatedAccess;
  /** A guest pass may call it, at its own meeting. */
  guest?: boolean;
}

/** The procedures served at /trpc (the session's calls are REST-only). */
export const trpcEndpoints: TrpcEndpoint[] = endpoints()
  // Subscriptions (the live stream) are streams, not calls: tested on their own.
  .filter((e) => e.trpc && e.type !== "subscription")
  .map((e) => {
    const example = exampleOf(e.path);
    return {
      path: e.path,
      type: e.type === "mutation" ? "mutation" : "query",
      access: e.meta.access ?? "public",
      write: e.write,
      valid: example.input,
      as:
        example.as ??
        (e.meta.access === "admin" ? "admin" : e.meta.access === "treasurer" ? "treasurer" : "member"),
      owned: example.access === "author",
      stated: example.access,
      guest: e.meta.guest === true,
    };
  });

/** An HTTP call of a procedure, the way @trpc/client's httpLink sends it (no transformer). */
export function trpcInject(
  path: string,
  type: "query" | "mutation",
  input: unknown,
  token?: string,
): InjectOptions & { token?: string } {
  if (type === "query") {
    const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return { method: "GET", url: `/trpc/${path}${qs}`, token };
  }
  return {
    method: "POST",
    url: `/trpc/${path}`,
    token,
    headers: { "content-type": "application/json" },
    payload: input === undefined ? "" : JSON.stringify(input),
  };
}

/** Every procedure of the app's router with its type. */
export function routerProcedures(): { path: string; type: string }[] {
  const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: { type: string } }> })
    .procedures;
  return Object.entries(procedures)
    .map(([path, p]) => ({ path, type: p._def.type }))
    .filter((p) => p.type !== "subscription");
}

// ---------------------------------------------------------------------------------------------
// Database snapshots

const counted = new WeakSet<object>();

/**
 * Counts every row written (inserted, updated or deleted) through the app's connection, in every
 * table except the outboxes (their workers update them in the background): temporary triggers on
 * the app's own SQLite connection bump a counter in a temporary table. Rolled-back writes roll
 * their count back too.
 */
function installChangeCounter(t: TestApp): void {
  const sqlite = t.app.deps.db.$client;
  if (counted.has(sqlite)) return;
  const tables = sqlite
    .prepare(
      // Not the search index (a virtual table and its shadow tables): the triggers that feed it
      // write to the tables it indexes. Not the outboxes: their workers mark attempts whenever due.
      "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT IN ('outbox', 'push_outbox', 'webhook_deliveries') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'bottle_search%'",
    )
    .pluck()
    .all() as string[];
  sqlite.exec(
    "CREATE TEMP TABLE IF NOT EXISTS fuzz_changes (n INTEGER NOT NULL); INSERT INTO fuzz_changes VALUES (0);",
  );
  for (const table of tables)
    for (const event of ["INSERT", "UPDATE", "DELETE"])
      sqlite.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS "fuzz_${table}_${event}" AFTER ${event} ON main."${table}" BEGIN UPDATE fuzz_changes SET n = n + 1; END;`,
      );
  counted.add(sqlite);
}

/**
 * A fingerprint of everything a request could change: the number of rows ever written to any
 * table but the outboxes, the commits of other connections, and the image files. Equal fingerprints before and after a request mean
 * it changed nothing.
 */
export function snapshot(t: TestApp): string {
  installChangeCounter(t);
  const n = t.app.deps.db.$client.prepare("SELECT n FROM temp.fuzz_changes").pluck().get() as number;
  // What another connection commits (the club restore's worker thread) moves data_version.
  const foreign = t.app.deps.db.$client.pragma("data_version", { simple: true }) as number;
  return `${n}|${foreign}|${readdirSync(t.app.deps.config.imagesDir).length}`;
}

/** Every (method, URL pattern) the app serves, read from Fastify's route tree. */
export function appRoutes(app: TestApp["app"]): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? "").length / 4;
    stack.length = depth;
    const url = (depth > 0 ? (stack[depth - 1] ?? "") : "") + (m[2] ?? "");
    stack[depth] = url;
    for (const method of (m[3] ?? "").split(", ").filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

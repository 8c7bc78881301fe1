import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { insertConfirmationToken, insertMember } from "@club/db";
import { randomToken, sha256 } from "../../src/lib/tokens";
import { appRouter } from "../../src/trpc/router";
import type { TestApp } from "../helpers";

/**
 * Every REST route and tRPC procedure of the server, with a well-formed call that succeeds.
 * The permission test and the fuzz tests are driven by these tables; a coverage test fails when
 * the app has a route or procedure that is missing here, so new endpoints cannot slip past them.
 */

export const PASSWORD = "correct horse battery";

export interface Fixtures {
  member: Awaited<ReturnType<TestApp["member"]>>;
  memberEmail: string;
  themeId: number;
  meetingId: number;
  bottleId: number;
  /** A bottle that has an uploaded image. */
  imageBottleId: number;
  instanceId: number;
  brandId: number;
  drinkTypeId: number;
  countryId: number;
  stateId: number;
}

export interface EndpointCtx {
  t: TestApp;
  f: Fixtures;
  /** A number that is new at every call (unique names and emails). */
  n: () => number;
}

let counter = 0;
export const makeCtx = (t: TestApp, f: Fixtures): EndpointCtx => ({ t, f, n: () => ++counter });

/** A small real PNG. */
export const tinyPng = () =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: "#8a5a2b" } })
    .png()
    .toBuffer();

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, so tests control every byte. */
export function multipartBody(
  parts: MultipartPart[],
  boundary = `----clubtest${randomBytes(8).toString("hex")}`,
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += "\r\n";
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function seedFixtures(t: TestApp): Promise<Fixtures> {
  const member = await t.member();
  const caller = t.caller(member.user);
  const theme = await caller.themes.create({ id: 0, description: "Fixture theme" });
  const meeting = await caller.meetings.create({
    date: "2024-05-10",
    hostName: "Fixture host",
    themeId: theme.id,
  });
  const bottle = await caller.bottles.create({
    name: "Fixture bottle",
    newBrand: "Fixture brand",
    drinkTypeId: 1,
    countryId: 1,
    stateId: 1,
    abv: 45,
    storeLink: "https://example.com/bottle",
  });
  const imageBottle = await caller.bottles.create({ name: "Pictured bottle", abv: 40 });
  const upload = multipartBody([
    { name: "image", filename: "b.png", contentType: "image/png", data: await tinyPng() },
  ]);
  const res = await t.request({
    method: "POST",
    url: `/api/Bottles/UploadImage?bottleId=${imageBottle.id}`,
    payload: upload.payload,
    headers: { "content-type": upload.contentType },
    token: member.token,
  });
  if (res.statusCode !== 200) throw new Error(`fixture upload failed: ${res.statusCode} ${res.body}`);
  const instance = await caller.instances.create({
    bottleId: bottle.id,
    datePurchased: "2024-05-01",
    purchasePrice: 39.99,
  });
  await caller.comments.create({ bottleId: bottle.id, comment: "Fixture comment" });
  const detail = await caller.bottles.byId({ id: bottle.id });
  return {
    member,
    memberEmail: member.user.email,
    themeId: theme.id,
    meetingId: meeting.id,
    bottleId: bottle.id,
    imageBottleId: imageBottle.id,
    instanceId: instance.id,
    brandId: detail.brandId ?? 1,
    drinkTypeId: 1,
    countryId: 1,
    stateId: 1,
  };
}

// ---------------------------------------------------------------------------------------------
// REST

export type Access = "public" | "member";

export interface RestCall {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  multipart?: MultipartPart[];
}

export interface RestEndpoint {
  method: "GET" | "POST" | "PUT";
  /** Fastify route pattern, e.g. /api/Bottles/:id */
  route: string;
  /** member: a valid bearer token is required (401 otherwise). */
  access: Access;
  /** A capability of SPEC.md section 6 (members only), as opposed to reads and session actions. */
  write: boolean;
  body: "json" | "none" | "multipart";
  /** Query keys the route reads. */
  query?: readonly string[];
  /** Status of the well-formed call. */
  ok: number;
  valid: (c: EndpointCtx) => Promise<RestCall> | RestCall;
}

async function freshRefreshToken(c: EndpointCtx) {
  return (await c.t.app.deps.tokens.issuePair(c.f.member.user)).refreshToken;
}

/** An unconfirmed member with a confirmation token we know. */
function pendingConfirmation(c: EndpointCtx) {
  const email = `pending${c.n()}@example.com`;
  const row = insertMember(c.t.app.deps.db, { email, passwordHash: "x", firstName: "P", lastName: "M" });
  const token = randomToken();
  insertConfirmationToken(c.t.app.deps.db, {
    memberId: row.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  return { token, email };
}

async function newBottleId(c: EndpointCtx) {
  return (await c.t.caller(c.f.member.user).bottles.create({ name: `Bottle ${c.n()}`, abv: 43 })).id;
}

async function newInstanceId(c: EndpointCtx) {
  const instance = await c.t
    .caller(c.f.member.user)
    .instances.create({ bottleId: c.f.bottleId, datePurchased: "2024-06-01", purchasePrice: 25 });
  return instance.id;
}

export const restEndpoints: RestEndpoint[] = [
  // Session actions: public by nature.
  {
    method: "POST",
    route: "/login",
    access: "public",
    write: false,
    body: "json",
    ok: 200,
    valid: (c) => ({ body: { email: c.f.memberEmail, password: PASSWORD } }),
  },
  {
    method: "POST",
    route: "/api/Register/register",
    access: "public",
    write: false,
    body: "json",
    ok: 201,
    valid: (c) => ({
      body: {
        email: `new${c.n()}@example.com`,
        password: "long-enough-pw",
        firstName: "New",
        lastName: "Member",
      },
    }),
  },
  {
    method: "POST",
    route: "/api/Register/refresh",
    access: "public",
    write: false,
    body: "json",
    ok: 200,
    valid: async (c) => ({ body: { refreshToken: await freshRefreshToken(c) } }),
  },
  {
    method: "POST",
    route: "/api/Register/validateToken",
    access: "member",
    write: false,
    body: "none",
    ok: 200,
    valid: () => ({}),
  },
  {
    method: "GET",
    route: "/api/Register/confirmemail",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    query: ["token", "email"],
    valid: (c) => ({ query: pendingConfirmation(c) }),
  },
  {
    method: "POST",
    route: "/api/Register/logout",
    access: "public",
    write: false,
    body: "json",
    ok: 200,
    valid: async (c) => ({ body: { refreshToken: await freshRefreshToken(c) } }),
  },
  {
    method: "POST",
    route: "/api/Register/resendConfirmation",
    access: "public",
    write: false,
    body: "json",
    ok: 200,
    valid: (c) => ({ body: { email: `someone${c.n()}@example.com` } }),
  },

  // Meetings
  {
    method: "GET",
    route: "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: () => ({}),
  },
  {
    method: "GET",
    route: "/api/MonthlyMeetings/:id",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: (c) => ({ params: { id: String(c.f.meetingId) } }),
  },
  {
    method: "POST",
    route: "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
    access: "member",
    write: true,
    body: "json",
    ok: 201,
    valid: (c) => ({ body: { date: "2024-07-12", hostName: `Host ${c.n()}`, themeId: c.f.themeId } }),
  },
  {
    method: "POST",
    route: "/api/MonthlyMeetings/AddBottleToMeeting",
    access: "member",
    write: true,
    body: "json",
    ok: 200,
    valid: async (c) => ({ body: { meetingId: c.f.meetingId, bottleId: await newBottleId(c) } }),
  },

  // Themes
  {
    method: "GET",
    route: "/api/MonthlyThemes/WithLastDate",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: () => ({}),
  },
  {
    method: "POST",
    route: "/api/MonthlyThemes",
    access: "member",
    write: true,
    body: "json",
    ok: 201,
    valid: (c) => ({ body: { id: 0, description: `Theme ${c.n()}` } }),
  },

  // Bottles
  {
    method: "GET",
    route: "/api/Bottles",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: () => ({}),
  },
  {
    method: "GET",
    route: "/api/Bottles/AllBottlesList",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: () => ({}),
  },
  {
    method: "GET",
    route: "/api/Bottles/:id",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: (c) => ({ params: { id: String(c.f.bottleId) } }),
  },
  {
    method: "GET",
    route: "/api/Bottles/:id/Image",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    query: ["size"],
    valid: (c) => ({ params: { id: String(c.f.imageBottleId) }, query: { size: "thumb" } }),
  },
  {
    method: "POST",
    route: "/api/Bottles/UploadImage",
    access: "member",
    write: true,
    body: "multipart",
    ok: 200,
    query: ["bottleId"],
    valid: async (c) => ({
      query: { bottleId: String(c.f.imageBottleId) },
      multipart: [{ name: "image", filename: "bottle.png", contentType: "image/png", data: await tinyPng() }],
    }),
  },
  {
    method: "POST",
    route: "/api/Bottles/NewBottle",
    access: "member",
    write: true,
    body: "json",
    ok: 201,
    valid: (c) => ({
      body: {
        name: `New bottle ${c.n()}`,
        storeLink: "https://shop.example/x",
        brandId: null,
        newBrand: "",
        drinkTypeId: c.f.drinkTypeId,
        countryId: c.f.countryId,
        stateId: c.f.stateId,
        abv: 46.3,
      },
    }),
  },
  {
    method: "POST",
    route: "/api/Bottles/UpdateBrand",
    access: "member",
    write: true,
    body: "json",
    ok: 200,
    valid: (c) => ({ body: { bottleId: c.f.bottleId, brandId: c.f.brandId } }),
  },
  {
    method: "POST",
    route: "/api/Bottles/UpdateDrinkType",
    access: "member",
    write: true,
    body: "json",
    ok: 200,
    valid: (c) => ({ body: { bottleId: c.f.bottleId, drinkTypeId: 2 } }),
  },
  {
    method: "POST",
    route: "/api/Bottles/UpdateCountry",
    access: "member",
    write: true,
    body: "json",
    ok: 200,
    valid: (c) => ({ body: { bottleId: c.f.bottleId, countryId: 2 } }),
  },
  {
    method: "POST",
    route: "/api/Bottles/UpdateState",
    access: "member",
    write: true,
    body: "json",
    ok: 200,
    valid: (c) => ({ body: { bottleId: c.f.bottleId, stateId: 2 } }),
  },
  {
    method: "POST",
    route: "/api/Bottles/UpdateABV",
    access: "member",
    write: true,
    body: "json",
    ok: 200,
    valid: (c) => ({ body: { bottleId: c.f.bottleId, abv: 50 + (c.n() % 40) / 10 } }),
  },

  // Instances
  {
    method: "POST",
    route: "/api/BottleInstances/new",
    access: "member",
    write: true,
    body: "json",
    ok: 201,
    valid: (c) => ({
      body: { datePurchased: "2024-06-02", purchasePrice: 42.5, bottleId: c.f.bottleId, dateFinished: null },
    }),
  },
  {
    method: "PUT",
    route: "/api/BottleInstances/finish/:id",
    access: "member",
    write: true,
    body: "none",
    ok: 200,
    valid: async (c) => ({ params: { id: String(await newInstanceId(c)) } }),
  },

  // Comments
  {
    method: "GET",
    route: "/api/BottleComments/bottle/:bottleId",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: (c) => ({ params: { bottleId: String(c.f.bottleId) } }),
  },
  {
    method: "POST",
    route: "/api/BottleComments",
    access: "member",
    write: true,
    body: "json",
    ok: 201,
    valid: (c) => ({ body: { bottleId: c.f.bottleId, comment: `Comment ${c.n()}` } }),
  },

  // Lookups
  {
    method: "GET",
    route: "/api/Brands",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: () => ({}),
  },
  {
    method: "GET",
    route: "/api/DrinkTypes",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: () => ({}),
  },
  {
    method: "GET",
    route: "/api/Countries",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: () => ({}),
  },
  {
    method: "GET",
    route: "/api/States",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: () => ({}),
  },

  // Operations and API docs (Swagger UI under /docs is static files, not listed)
  {
    method: "GET",
    route: "/api/openapi.json",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: () => ({}),
  },
  {
    method: "GET",
    route: "/healthz",
    access: "public",
    write: false,
    body: "none",
    ok: 200,
    valid: () => ({}),
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
}

export const trpcEndpoints: TrpcEndpoint[] = [
  {
    path: "auth.register",
    type: "mutation",
    access: "public",
    write: false,
    valid: (c) => ({
      email: `trpc${c.n()}@example.com`,
      password: "long-enough-pw",
      firstName: "T",
      lastName: "R",
    }),
  },
  {
    path: "auth.login",
    type: "mutation",
    access: "public",
    write: false,
    valid: (c) => ({ email: c.f.memberEmail, password: PASSWORD }),
  },
  {
    path: "auth.refresh",
    type: "mutation",
    access: "public",
    write: false,
    valid: async (c) => ({ refreshToken: await freshRefreshToken(c) }),
  },
  { path: "auth.validateToken", type: "query", access: "member", write: false, valid: () => undefined },
  {
    path: "auth.confirmEmail",
    type: "mutation",
    access: "public",
    write: false,
    valid: (c) => pendingConfirmation(c),
  },
  {
    path: "auth.logout",
    type: "mutation",
    access: "public",
    write: false,
    valid: async (c) => ({ refreshToken: await freshRefreshToken(c) }),
  },
  {
    path: "auth.resendConfirmation",
    type: "mutation",
    access: "public",
    write: false,
    valid: (c) => ({ email: `again${c.n()}@example.com` }),
  },

  { path: "meetings.list", type: "query", access: "public", write: false, valid: () => undefined },
  {
    path: "meetings.byId",
    type: "query",
    access: "public",
    write: false,
    valid: (c) => ({ id: c.f.meetingId }),
  },
  {
    path: "meetings.create",
    type: "mutation",
    access: "member",
    write: true,
    valid: (c) => ({ date: "2024-08-09", hostName: `Host ${c.n()}`, themeId: c.f.themeId }),
  },
  {
    path: "meetings.addBottle",
    type: "mutation",
    access: "member",
    write: true,
    valid: async (c) => ({ meetingId: c.f.meetingId, bottleId: await newBottleId(c) }),
  },

  { path: "themes.list", type: "query", access: "public", write: false, valid: () => undefined },
  {
    path: "themes.create",
    type: "mutation",
    access: "member",
    write: true,
    valid: (c) => ({ id: 0, description: `tRPC theme ${c.n()}` }),
  },

  { path: "bottles.list", type: "query", access: "public", write: false, valid: () => undefined },
  { path: "bottles.options", type: "query", access: "public", write: false, valid: () => undefined },
  {
    path: "bottles.byId",
    type: "query",
    access: "public",
    write: false,
    valid: (c) => ({ id: c.f.bottleId }),
  },
  {
    path: "bottles.create",
    type: "mutation",
    access: "member",
    write: true,
    valid: (c) => ({ name: `tRPC bottle ${c.n()}`, newBrand: "Some brand", abv: 40, storeLink: "" }),
  },
  {
    path: "bottles.updateBrand",
    type: "mutation",
    access: "member",
    write: true,
    valid: (c) => ({ bottleId: c.f.bottleId, brandId: c.f.brandId }),
  },
  {
    path: "bottles.updateDrinkType",
    type: "mutation",
    access: "member",
    write: true,
    valid: (c) => ({ bottleId: c.f.bottleId, drinkTypeId: 3 }),
  },
  {
    path: "bottles.updateCountry",
    type: "mutation",
    access: "member",
    write: true,
    valid: (c) => ({ bottleId: c.f.bottleId, countryId: 3 }),
  },
  {
    path: "bottles.updateState",
    type: "mutation",
    access: "member",
    write: true,
    valid: (c) => ({ bottleId: c.f.bottleId, stateId: 3 }),
  },
  {
    path: "bottles.updateAbv",
    type: "mutation",
    access: "member",
    write: true,
    valid: (c) => ({ bottleId: c.f.bottleId, abv: 40 + (c.n() % 50) / 10 }),
  },

  {
    path: "instances.create",
    type: "mutation",
    access: "member",
    write: true,
    valid: (c) => ({
      bottleId: c.f.bottleId,
      datePurchased: "2024-06-03",
      purchasePrice: 10,
      dateFinished: null,
    }),
  },
  {
    path: "instances.finish",
    type: "mutation",
    access: "member",
    write: true,
    valid: async (c) => ({ id: await newInstanceId(c) }),
  },

  {
    path: "comments.byBottle",
    type: "query",
    access: "public",
    write: false,
    valid: (c) => ({ bottleId: c.f.bottleId }),
  },
  {
    path: "comments.create",
    type: "mutation",
    access: "member",
    write: true,
    valid: (c) => ({ bottleId: c.f.bottleId, comment: `tRPC comment ${c.n()}` }),
  },

  { path: "lookups.brands", type: "query", access: "public", write: false, valid: () => undefined },
  { path: "lookups.drinkTypes", type: "query", access: "public", write: false, valid: () => undefined },
  { path: "lookups.countries", type: "query", access: "public", write: false, valid: () => undefined },
  { path: "lookups.states", type: "query", access: "public", write: false, valid: () => undefined },
];

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
  return Object.entries(procedures).map(([path, p]) => ({ path, type: p._def.type }));
}

// ---------------------------------------------------------------------------------------------
// Database snapshots

const counted = new WeakSet<object>();

/**
 * Counts every row written (inserted, updated or deleted) through the app's connection, in every
 * table except the outbox (the mail worker updates it in the background): temporary triggers on
 * the app's own SQLite connection bump a counter in a temporary table. Rolled-back writes roll
 * their count back too.
 */
function installChangeCounter(t: TestApp): void {
  const sqlite = t.app.deps.db.$client;
  if (counted.has(sqlite)) return;
  const tables = sqlite
    .prepare(
      "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name <> 'outbox' AND name NOT LIKE 'sqlite_%'",
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
 * table but the outbox, and the image files. Equal fingerprints before and after a request mean
 * it changed nothing.
 */
export function snapshot(t: TestApp): string {
  installChangeCounter(t);
  const n = t.app.deps.db.$client.prepare("SELECT n FROM temp.fuzz_changes").pluck().get() as number;
  return `${n}|${readdirSync(t.app.deps.config.imagesDir).length}`;
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

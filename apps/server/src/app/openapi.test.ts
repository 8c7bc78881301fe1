import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiRoutes as documentedRoutes,
  buildOpenApiDocument,
  errorStatuses,
  openApiPath,
  type OpenApiDocument,
} from "./openapi";
import type { ApiRoute } from "../kernel/meta";
import { ErrorBodySchema } from "../kernel/openapiSchemas";
import {
  appRoutes,
  callerToken,
  makeCtx,
  restEndpoints,
  restInject,
  restName,
  seedFixtures,
  type EndpointCtx,
} from "../../test/fuzz/endpoints";
import { createTestApp, type TestApp } from "../../test/helpers";

const apiRoutes = documentedRoutes();
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const routeName = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** The value a local JSON pointer ("#/components/schemas/X") points at, or undefined. */
function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (!node || typeof node !== "object" || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function collectRefs(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => collectRefs(v, into));
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") into.push(child);
      else collectRefs(child, into);
    }
  }
  return into;
}

describe("OpenAPI document", () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    doc = buildOpenApiDocument();
  });
  afterAll(() => t.close());

  it("is a well-formed OpenAPI 3.1 document", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    const tagNames = new Set(doc.tags.map((tag) => tag.name));
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith("/"), path).toBe(true);
      const templateParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(HTTP_METHODS, where).toContain(method);
        expect(op.operationId, where).toMatch(/^[a-zA-Z]+$/);
        expect(operationIds.has(op.operationId), `${where}: duplicate operationId`).toBe(false);
        operationIds.add(op.operationId);
        expect(op.summary, where).toBeTruthy();
        for (const tag of op.tags) expect(tagNames, where).toContain(tag);
        // Every operation answers something, at least one success (or, for a browser navigation
        // such as single sign-on's, a redirect), each response described.
        const statuses = Object.keys(op.responses);
        expect(statuses.length, where).toBeGreaterThan(0);
        expect(
          statuses.some((s) => /^(2\d\d|302)$/.test(s)),
          `${where}: no 2xx response`,
        ).toBe(true);
        for (const [status, response] of Object.entries(op.responses)) {
          expect(status, where).toMatch(/^[1-5]\d\d$/);
          const resolved = (
            typeof response.$ref === "string" ? resolvePointer(doc, response.$ref) : response
          ) as {
            description?: unknown;
          };
          expect(typeof resolved?.description, `${where} ${status}`).toBe("string");
        }
        // Path template parameters and "in: path" parameters match one to one.
        const pathParams = (op.parameters ?? []).filter((p) => p.in === "path");
        expect(pathParams.map((p) => p.name).sort(), where).toEqual(templateParams);
        for (const p of pathParams) expect(p.required, `${where} ${p.name}`).toBe(true);
        for (const requirement of op.security ?? []) {
          for (const scheme of Object.keys(requirement))
            expect(doc.components.securitySchemes).toHaveProperty(scheme);
        }
        if (op.requestBody) expect(Object.keys(op.requestBody.content).length, where).toBeGreaterThan(0);
      }
    }
    expect(operationIds.size).toBe(apiRoutes.length);
  });

  it("resolves every $ref, and every component is used", () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(30);
    for (const ref of refs) expect(resolvePointer(doc, ref), ref).toBeDefined();
    const used = new Set(refs);
    for (const name of Object.keys(doc.components.schemas)) {
      expect(used.has(`#/components/schemas/${name}`), `unused schema ${name}`).toBe(true);
    }
    // The component schemas are plain JSON Schema 2020-12: no per-schema dialect or id left over.
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(schema, name).not.toHaveProperty("$schema");
      expect(schema, name).not.toHaveProperty("$id");
    }
  });

  it("documents the implied error statuses", () => {
    const login = doc.paths["/login"]?.post;
    expect(Object.keys(login?.responses ?? {})).toEqual(["200", "400", "401", "403", "413", "415", "429"]);
    const finish = doc.paths["/api/BottleInstances/finish/{id}"]?.put;
    // Any body is read up to the limit (413), and every member write spends the write budget (429).
    expect(Object.keys(finish?.responses ?? {})).toEqual([
      "200",
      "400",
      "401",
      "404",
      "409",
      "413",
      "414",
      "415",
      "429",
    ]);
    expect(finish?.security).toEqual([{ bearerAuth: [] }, { apiToken: [] }]);
    // Public operations say so (security: []), so a client generator does not send a token.
    expect(doc.paths["/api/Bottles/AllBottlesList"]?.get?.security).toEqual([]);
    const image = doc.paths["/api/Bottles/{id}/Image"]?.get;
    expect(Object.keys(image?.responses["200"]?.content as object)).toEqual(["image/webp"]);
    expect(image?.responses).toHaveProperty("304");
  });

  it("says where the server is: its APP_URL", async () => {
    expect(doc.servers).toEqual([{ url: "http://localhost:3000", description: expect.any(String) }]);
    const served = (await t.request({ method: "GET", url: "/api/openapi.json" })).json<OpenApiDocument>();
    expect(served.servers[0]?.url).toBe(t.app.deps.config.appUrl);
  });

  it("every write that spends the member's budget declares 429 with Retry-After", () => {
    const budgeted = apiRoutes.filter((r) => r.budgeted);
    // Every member write over REST: the procedures' mutations and the REST-only uploads and imports.
    expect(budgeted.length).toBeGreaterThan(45);
    const byName = new Map(apiRoutes.map((r) => [routeName(r), r]));
    for (const e of restEndpoints.filter((e) => e.write))
      expect(byName.get(restName(e))?.budgeted, restName(e)).toBe(true);
    for (const r of budgeted) {
      const op = doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()];
      expect(op?.responses["429"], routeName(r)).toEqual({ $ref: "#/components/responses/TooManyRequests" });
    }
    expect(doc.components.responses.TooManyRequests).toMatchObject({
      headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } },
    });
    expect(doc.components.headers.RetryAfter).toMatchObject({ schema: { type: "integer" } });
  });

  it("a route whose input is all in its path takes no body (DELETE /api/X/{id})", () => {
    const deletes = Object.entries(doc.paths).flatMap(([path, item]) =>
      item.delete ? [[path, item.delete] as const] : [],
    );
    expect(deletes.length).toBeGreaterThan(5);
    for (const [path, op] of deletes) {
      const inPath = (op.parameters ?? []).filter((p) => p.in === "path").length;
      if (inPath > 0 && !op.requestBody) continue;
      expect(op.requestBody, `${path}: a DELETE with a body needs fields beyond the path`).toBeDefined();
    }
    expect(doc.paths["/api/MonthlyMeetings/{id}"]?.delete?.requestBody).toBeUndefined();
  });

  it("multipart bodies list every part the server reads", () => {
    const imp = doc.paths["/api/Bottles/Import"]?.post?.requestBody?.content["multipart/form-data"];
    expect(imp?.schema).toMatchObject({
      properties: {
        file: { type: "string", format: "binary" },
        mapping: { type: "string", contentMediaType: "application/json" },
      },
      required: ["file", "mapping"],
    });
    expect(imp?.encoding).toEqual({ mapping: { contentType: "application/json" } });
    const club = doc.paths["/api/Club/Import"]?.post?.requestBody?.content["multipart/form-data"];
    expect(club?.schema).toMatchObject({
      properties: { file: { format: "binary" }, confirm: { const: "REPLACE" } },
      required: ["file", "confirm"],
    });
  });

  it("the club export is declared as the JSON object it is", () => {
    const ok = doc.paths["/api/Club/Export"]?.get?.responses["200"] as { content: Record<string, unknown> };
    expect(Object.keys(ok.content)).toEqual(["application/json"]);
    expect(ok.content["application/json"]).toEqual({ schema: { $ref: "#/components/schemas/ClubExport" } });
  });

  it("dates carry format: date or date-time (a field named like a date without one fails)", () => {
    const DATE_NAME = /(^date|Date$|date[A-Z]|At$|^at$|On$)/;
    const NOT_A_DATE = new Set(["dateOrder"]); // the import's choice of day/month/year order
    const offenders: string[] = [];
    const formats = (schema: Record<string, unknown>): unknown[] => {
      const own = schema.format === undefined ? [] : [schema.format];
      const alternatives = [...((schema.anyOf as object[]) ?? []), ...((schema.oneOf as object[]) ?? [])];
      return [...own, ...alternatives.flatMap((a) => formats(a as Record<string, unknown>))];
    };
    const visit = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${where}[${i}]`));
      if (!node || typeof node !== "object") return;
      const props = (node as { properties?: Record<string, Record<string, unknown>> }).properties;
      for (const [name, schema] of Object.entries(props ?? {})) {
        if (!DATE_NAME.test(name) || NOT_A_DATE.has(name)) continue;
        const types = ([] as unknown[]).concat(schema.type ?? []);
        const stringy = types.includes("string") || formats(schema).length > 0 || "anyOf" in schema;
        const ok =
          formats(schema).every((f) => f === "date" || f === "date-time") && formats(schema).length > 0;
        // lastDate keeps the original client's zone-less DateTime: a pattern says exactly which.
        if (stringy && !ok && !schema.pattern) offenders.push(`${where}.${name}`);
      }
      for (const [key, child] of Object.entries(node)) visit(child, `${where}/${key}`);
    };
    visit(doc.components.schemas, "#/components/schemas");
    visit(doc.paths, "#/paths");
    expect(offenders).toEqual([]);
    const instance = doc.components.schemas.BottleInstance as { properties: Record<string, unknown> };
    expect(instance.properties.datePurchased).toMatchObject({ type: "string", format: "date" });
    expect(JSON.stringify(instance.properties.dateFinished)).toContain('"format":"date-time"');
  });

  it("describes every route the server registers under /api and /login (its second step too), and no other", () => {
    const registered = appRoutes(t.app)
      .filter(({ method }) => method !== "HEAD")
      .filter(
        ({ url }) =>
          url === "/login" ||
          url.startsWith("/login/") ||
          url === "/api" ||
          url.startsWith("/api/") ||
          url.startsWith("/auth/"),
      )
      .filter(({ url }) => url !== "/api/openapi.json")
      .map(({ method, url }) => `${method} ${url}`);
    // The parser read Fastify's tree right: each route it found really exists.
    for (const name of registered) {
      const [method = "", url = ""] = name.split(" ");
      expect(t.app.hasRoute({ method, url }), name).toBe(true);
    }
    const documented = new Set(apiRoutes.map(routeName));
    const undocumented = registered.filter((name) => !documented.has(name));
    expect(undocumented, "registered but missing from the procedures' meta or app/restOnly.ts").toEqual([]);
    // And the other way: every documented route is served (the calls of docs/product.md + extras + /healthz).
    const missing = apiRoutes
      .filter((r) => !t.app.hasRoute({ method: r.method, url: r.path }))
      .map(routeName);
    expect(missing, "documented but not registered").toEqual([]);
    // Outside /api: /healthz and the calendar feed (/calendar.ics), documented and served too
    // (single sign-on's /auth/oidc/* are counted above).
    expect(registered.length).toBe(
      apiRoutes.filter((r) => r.path !== "/healthz" && r.path !== "/calendar.ics").length,
    );
  });

  it("serves the document at GET /api/openapi.json", async () => {
    const res = await t.request({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual(
      JSON.parse(JSON.stringify(buildOpenApiDocument({ appUrl: t.app.deps.config.appUrl }))),
    );
    for (const route of apiRoutes) {
      expect(res.json().paths[openApiPath(route.path)], routeName(route)).toHaveProperty(
        route.method.toLowerCase(),
      );
    }
  });

  it("serves interactive docs at /docs, with bundled assets", async () => {
    const page = await t.request({ method: "GET", url: "/docs", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("swagger-ui");
    const scripts = [...page.body.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src, "no CDN").not.toMatch(/^https?:/);
      const url = new URL(src, "http://club.test/docs/").pathname;
      const asset = await t.request({ method: "GET", url });
      expect(asset.statusCode, url).toBe(200);
    }
    const json = await t.request({ method: "GET", url: "/docs/json" });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe(doc.openapi);
  });
});

describe("the API answers as the document says", () => {
  let t: TestApp;
  let c: EndpointCtx;
  const byName = new Map<string, ApiRoute>(apiRoutes.map((r) => [routeName(r), r]));
  beforeAll(async () => {
    t = await createTestApp();
    c = makeCtx(t, await seedFixtures(t));
  });
  afterAll(() => t.close());

  for (const endpoint of restEndpoints) {
    const name = restName(endpoint);
    const route = byName.get(name);
    if (!route) continue; // /api/openapi.json itself is not in the document
    it(`${name}: ${route.response.status} with the documented body`, async () => {
      const token = route.auth ? await callerToken(c, endpoint.as) : undefined;
      const res = await t.request(restInject(endpoint, await endpoint.valid(c), token));
      expect(res.statusCode, res.body).toBe(route.response.status);
      if (route.response.schema) {
        const parsed = route.response.schema.safeParse(res.json());
        expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
      // A route that answers JSON, or a file when asked (GET /api/Dues/Report?format=csv), is called for its JSON.
      else for (const type of route.response.binary ?? []) expect(res.headers["content-type"]).toBe(type);
    });
    if (route.auth) {
      it(`${name}: 401 with the error body without a token`, async () => {
        const res = await t.request(restInject(endpoint, await endpoint.valid(c)));
        expect(res.statusCode).toBe(401);
        expect(errorStatuses(route)).toContain(401);
        expect(ErrorBodySchema.safeParse(res.json()).success).toBe(true);
      });
    }
  }

  it("every route that answers 304 to its own ETag declares 304 (GET /calendar.ics, the exports...)", async () => {
    const doc = buildOpenApiDocument();
    const undeclared: string[] = [];
    let answered304 = 0;
    for (const endpoint of restEndpoints.filter((e) => e.method === "GET")) {
      const route = byName.get(restName(endpoint));
      if (!route) continue;
      const token = route.auth ? await callerToken(c, endpoint.as) : undefined;
      const call = await endpoint.valid(c);
      const first = await t.request(restInject(endpoint, call, token));
      const etag = first.headers.etag;
      if (first.statusCode !== 200 || typeof etag !== "string") continue;
      const again = restInject(endpoint, call, token);
      const res = await t.request({ ...again, headers: { ...again.headers, "if-none-match": etag } });
      if (res.statusCode !== 304) continue;
      answered304++;
      const op = doc.paths[openApiPath(route.path)]?.get as
        { responses?: Record<string, unknown> } | undefined;
      if (!op?.responses?.["304"]) undeclared.push(restName(endpoint));
    }
    expect(answered304).toBeGreaterThan(10);
    expect(undeclared).toEqual([]);
  });

  it("every documented route has a well-formed call in test/fuzz/endpoints.ts", () => {
    const called = new Set(restEndpoints.map(restName));
    expect(apiRoutes.map(routeName).filter((n) => !called.has(n))).toEqual([]);
  });

  it("a validation error has the documented error body", async () => {
    const res = await t.request({ method: "POST", url: "/login", payload: { email: "not-an-email" } });
    expect(res.statusCode).toBe(400);
    const parsed = ErrorBodySchema.safeParse(res.json());
    expect(parsed.success, res.body).toBe(true);
    expect(parsed.data?.error.issues?.fieldErrors).toHaveProperty("email");
  });
});

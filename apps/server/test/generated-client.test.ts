import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import createClient, { type Middleware } from "openapi-fetch";
import openapiTS, { astToString } from "openapi-typescript";
import sharp from "sharp";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenApiDocument } from "../src/app/openapi";
import { createTestApp, type TestApp } from "./helpers";

/**
 * A typed client generated from the served OpenAPI document (openapi-typescript +
 * openapi-fetch) drives the whole flow of docs/product.md's calls (test/client/flow.ts, type-checked with
 * tsc against the generated types), and every answer is validated against the document with Ajv.
 * It fails when the document and the server drift apart: a path, a field, a status or a format.
 */

/** test/client/flow.ts's export, as this file sees it (the flow itself is typed by the document). */
type RunSpecFlow = (
  client: ReturnType<typeof createClient<never>>,
  input: { email: string; password: string; png: Blob; today: string },
) => Promise<string[]>;

const clientDir = fileURLToPath(new URL("./client/", import.meta.url));
const DOC_ID = "https://club.test/openapi.json";

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "false" } });
  doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json<OpenApiDocument>();
});
afterAll(() => t.close());

/** The server reached through app.inject: the client's fetch, without a listening socket. */
async function injectFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const res = await t.app.inject({
    method: request.method as "GET",
    url: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
    ...(body ? { payload: body } : {}),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
  return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload, {
    status: res.statusCode,
    headers,
  });
}

/** "#/components/..." inside a schema, pointed at the document Ajv knows by DOC_ID. */
const absolute = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/components/', `"$ref":"${DOC_ID}#/components/`));

describe("a client generated from the served OpenAPI document", () => {
  it("is generated with openapi-typescript and the flow type-checks against it with tsc", async () => {
    const ast = await openapiTS(doc as never, {
      // format: binary is a file: Blob in a multipart body (and in a blob answer).
      transform: (schema) =>
        schema.format === "binary" ? ts.factory.createTypeReferenceNode("Blob") : undefined,
    });
    mkdirSync(`${clientDir}generated`, { recursive: true });
    writeFileSync(`${clientDir}generated/api.d.ts`, astToString(ast));
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    try {
      execFileSync(process.execPath, [tsc, "-p", `${clientDir}tsconfig.json`], { encoding: "utf8" });
    } catch (error) {
      const out = error as { stdout?: string; stderr?: string };
      throw new Error(
        `tsc found type errors in test/client/flow.ts:\n${out.stdout ?? ""}${out.stderr ?? ""}`,
        { cause: error },
      );
    }
  }, 120_000);

  it("drives the flow of the product's calls; every answer is one the document declares, and matches its schema", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: DOC_ID, components: doc.components });
    const validators = new Map<string, ValidateFunction>();
    const checked: string[] = [];
    const problems: string[] = [];

    const validate: Middleware = {
      async onResponse({ request, response, schemaPath }) {
        const method = request.method.toLowerCase();
        const where = `${request.method} ${schemaPath} -> ${response.status}`;
        const op = doc.paths[schemaPath]?.[method];
        if (!op) return void problems.push(`${where}: not in the document`);
        const declared = op.responses[String(response.status)] as { $ref?: string; content?: unknown };
        if (!declared) return void problems.push(`${where}: status not declared`);
        const resolved = (
          declared.$ref ? doc.components.responses[declared.$ref.split("/").pop() ?? ""] : declared
        ) as { content?: Record<string, { schema: unknown }> };
        const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
        const media = resolved.content ?? {};
        const entry = Object.entries(media).find(([name]) => name.split(";")[0]?.trim() === type);
        if (!entry) {
          if (Object.keys(media).length > 0 || (response.body && type !== ""))
            problems.push(`${where}: content type ${type || "(none)"} not declared`);
          return;
        }
        checked.push(where);
        if (type !== "application/json") return;
        const key = `${method} ${schemaPath} ${response.status}`;
        let check = validators.get(key);
        if (!check) validators.set(key, (check = ajv.compile(absolute(entry[1].schema) as object)));
        const body: unknown = await response.clone().json();
        if (!check(body))
          problems.push(`${where}: ${ajv.errorsText(check.errors)} in ${JSON.stringify(body).slice(0, 300)}`);
      },
    };

    // vitest runs the same file tsc checked above. Its types come from the generated document, which
    // exists only once this test has written it: the import is by URL, so the package's own type check
    // (which runs before any test) does not follow it into a file that is not there yet.
    const flowUrl = new URL("./client/flow.ts", import.meta.url).href;
    const { runSpecFlow } = (await import(/* @vite-ignore */ flowUrl)) as { runSpecFlow: RunSpecFlow };
    const client = createClient<never>({ baseUrl: "http://club.test", fetch: injectFetch });
    client.use(validate);
    const member = await t.member("generated@example.com");
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#884422" } })
      .png()
      .toBuffer();
    const steps = await runSpecFlow(client, {
      email: member.user.email,
      password: "correct horse battery",
      png: new Blob([png], { type: "image/png" }),
      today: new Date().toISOString().slice(0, 10),
    });
    expect(problems).toEqual([]);
    expect(steps).toEqual([
      "login",
      "validateToken",
      "lists",
      "theme",
      "meeting",
      "new bottle",
      "add to meeting",
      "comment",
      "purchase and finish",
      "ABV",
      "attribute updates",
      "image",
      "refresh",
    ]);
    // Every call's answer went through the check: the table of the product's calls (docs/product.md) and the errors met.
    expect(checked.length).toBeGreaterThanOrEqual(30);
  }, 60_000);
});

import { z, type ZodObject, type ZodType } from "zod";
import * as shared from "@club/shared";
import { CLUB_NAME, DateInputSchema, DateOnlySchema, EmailSchema, PastDateInputSchema } from "@club/shared";
import * as local from "../kernel/openapiSchemas";
import { restEndpoints, type RestEndpoint } from "./endpoints";
import type { ApiRoute, ErrorStatus, Tag } from "../kernel/meta";
import { restOnlyRoutes } from "./restOnly";
import { FEATURE_TAGS } from "./router";
import { serverVersion } from "../platform/serverRoot";

const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
const operationIdOf = (procedure: string) =>
  procedure.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase()).replace(/[^A-Za-z]/g, "");

/** What a success says when the doc does not: "Created." for a 201, "Deleted." for a DELETE. */
const defaultResponseDescription = (method: ApiRoute["method"], status: number) =>
  status === 204 ? "Done." : status === 201 ? "Created." : method === "DELETE" ? "Deleted." : "OK.";

/** The documented route of a procedure's REST twin, derived from its meta and input schema. */
export function apiRouteOf(e: RestEndpoint): ApiRoute {
  const { rest } = e;
  const { doc } = e.meta;
  const tag = FEATURE_TAGS[e.path.split(".")[0] ?? ""];
  if (!doc || !tag) throw new Error(`OpenAPI: ${e.path} has a REST twin but no doc meta or tag.`);
  const names = pathParams(rest.path);
  const { from } = rest;
  // A plain copy: zod refuses pick/omit on objects with refinements (a cross-field rule).
  const object = e.input instanceof z.ZodObject ? z.object(e.input.shape) : undefined;
  if (names.length > 0 && !object)
    throw new Error(`OpenAPI: ${e.path} has path parameters but no object input.`);
  const mask = Object.fromEntries(names.map((n) => [n, true] as const));
  const others = object && names.length > 0 ? object.omit(mask as never) : e.input;
  const status = rest.status ?? 200;
  return {
    method: rest.method,
    path: rest.path,
    operationId: operationIdOf(e.path),
    tag,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(e.meta.access !== "public" ? { auth: true } : {}),
    ...(object && names.length > 0 ? { params: object.pick(mask as never) } : {}),
    ...(from === "query" && others instanceof z.ZodObject && Object.keys(others.shape).length > 0
      ? { query: others }
      : {}),
    ...(from === "body" && others ? { body: others } : {}),
    response: {
      status,
      description: doc.responseDescription ?? defaultResponseDescription(rest.method, status),
      ...(doc.response ? { schema: doc.response } : {}),
    },
    ...(e.meta.cache ? { notModified: true } : {}),
    ...(e.meta.rateLimit ? { rateLimited: true } : {}),
    // memberProcedure spends the write budget on every mutation (kernel/trpc.ts).
    ...(e.write ? { budgeted: true } : {}),
    errors: doc.errors ?? [],
  };
}

/** Every documented route: the procedures' REST twins, then the REST-only routes. */
export const apiRoutes = (): ApiRoute[] => [
  ...restEndpoints().map(apiRouteOf),
  ...restOnlyRoutes.map((r) => r.doc),
];

export type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: {
    name: string;
    in: "path" | "query";
    required: boolean;
    schema: JsonSchema;
    description?: string;
  }[];
  requestBody?: {
    required: boolean;
    content: Record<string, { schema: JsonSchema; encoding?: Record<string, { contentType: string }> }>;
  };
  responses: Record<string, JsonSchema>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const SCHEMA_REF = "#/components/schemas/";
const ref = (name: string) => ({ $ref: `${SCHEMA_REF}${name}` });

const TAGS: Record<Tag, string> = {
  Auth: "Registration, email confirmation, login and the token pair.",
  Meetings: "Monthly meetings and the bottles sampled at them.",
  Themes: "Theme ideas and when each was last used.",
  Bottles: "The club's bottle library, its attributes and images.",
  "Bottle instances": "Purchases of a bottle: price paid, and when it was finished.",
  Comments: "Members' comments on bottles.",
  Lookups: "The lists the bottle forms pick from.",
  Members: "Admins: membership requests, roles, deactivation and invites.",
  Account: "The member's own account: name, password, sessions.",
  Activity: "Every change to the club's data, and undoing one.",
  "Meeting night":
    "RSVPs, the flight, scores, blind tastings and their reveal, results, the tasting journal.",
  Calendar: "The meetings as iCalendar feeds, and the next meeting by the club's rule.",
  Reminders: "Answering a meeting from a reminder's link, and each member's email preferences.",
  Notifications:
    "A member's notifications in the app, how they are told of each kind (in the app, by email, by Web Push), and their browsers' push subscriptions.",
  Webhooks:
    "Admins: the club's events posted as signed JSON to other tools, retried with back-off, with each hook's delivery log.",
  Dues: "The dues ledger: charges, payments, hardship waivers and balances.",
  Backups: "Admins: the scheduled backups, backing up now and downloading the latest.",
  "Single sign-on": "Signing in with the club's OpenID Connect provider (optional: OIDC_* settings).",
  Stats: "The club in figures: spend, bottles, scores, pours, value, members' activity.",
  "Import and export":
    "The library and its purchases as CSV, a CSV import of bottles with a per-row preview, and the whole club as one JSON file an admin can restore.",
  Operations: "For the admin and the container runtime.",
  Club: "The club's own settings: its name, currency, dues, hardship waivers and meeting rule.",
  Cellar: "The shelf of open bottles: opened dates, fill levels and cost per pour.",
  Search: "Searching the library (filters, sort, pages), similar names, and the whole club.",
};

const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string }> = {
  400: {
    name: "BadRequest",
    description:
      "The input is not valid (the messages per field are in `error.issues`) or the body is not JSON.",
  },
  401: {
    name: "Unauthorized",
    description: "No valid bearer access token (refresh it and retry once), or wrong credentials.",
  },
  403: {
    name: "Forbidden",
    description:
      "Not allowed: your role or ownership does not allow it, or (login) the address is not confirmed or the membership is pending or deactivated; `error.code` says which.",
  },
  404: { name: "NotFound", description: "An id in the path, query or body does not exist." },
  409: { name: "Conflict", description: "Conflicts with what is stored: a duplicate, or already done." },
  413: {
    name: "PayloadTooLarge",
    description: "The body is larger than allowed (64 KB of JSON; 10 MB for an image).",
  },
  414: {
    name: "UriTooLong",
    description: "A path parameter is longer than the server reads (5,000 characters).",
  },
  415: { name: "UnsupportedMediaType", description: "Not an accepted content type or image format." },
  429: {
    name: "TooManyRequests",
    description:
      "Too many attempts from this address, or too many writes, uploads or imports by this member; wait `Retry-After` seconds.",
  },
  503: {
    name: "ServiceUnavailable",
    description:
      "The database is not reachable, or (image upload) other uploads fill the server's queue; wait `Retry-After` seconds.",
  },
};

const API_DESCRIPTION = `The REST API of the ${CLUB_NAME} web app (the paths of the original client).

- **Reads are public.** Every write needs \`Authorization: Bearer <accessToken>\`; get one with \`POST /login\`
  (use **Authorize** above to try writes here). Access tokens last 15 minutes: on a 401, call
  \`POST /api/Register/refresh\` once and retry.
- **Scripts** use an API token instead (\`apiToken\`): make one on the Account page or with
  \`POST /api/Account/Tokens\` and send \`Authorization: Bearer <token>\`. It acts as its member, with the
  member's role and budgets, and never expires unless it was made to; a \`read\` token gets 403 on writes.
- **JSON** in and out, camelCase. Meeting and purchase dates are \`YYYY-MM-DD\`; timestamps ISO 8601 UTC;
  money is a number of dollars.
- **Errors** are \`{"error": {"code", "message", "issues"?}}\` with a 4xx status; bad input never changes anything.

The web app itself talks to the same services through tRPC at \`/trpc\` (not described here).`;

/** Exported zod object schemas of packages/shared and kernel/openapiSchemas (its unions too) become components named after their export. */
function namedSchemas(): Map<ZodType, string> {
  const names = new Map<ZodType, string>();
  for (const [exportName, value] of Object.entries({ ...shared, ...local })) {
    if (exportName.endsWith("Schema") && value instanceof z.ZodObject) {
      names.set(value, exportName.slice(0, -"Schema".length));
    }
  }
  // An answer of one of several shapes (POST /login's) is named where the server declares it.
  for (const [exportName, value] of Object.entries(local)) {
    if (exportName.endsWith("Schema") && value instanceof z.ZodUnion) {
      names.set(value, exportName.slice(0, -"Schema".length));
    }
  }
  return names;
}

/** The date inputs: strings zod trims and cuts to their date, so it cannot see the format itself. */
const DATE_INPUTS = new Set<unknown>([DateInputSchema, PastDateInputSchema, DateOnlySchema]);

/** Adds what zod cannot infer (an email inside a pipe, the accepted date forms); drops JS safe-integer bounds. */
const override = (ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
  const js = ctx.jsonSchema;
  if (ctx.zodSchema === EmailSchema) js.format = "email";
  if (DATE_INPUTS.has(ctx.zodSchema)) {
    js.format = "date";
    js.description = "A date, YYYY-MM-DD (a full ISO timestamp is accepted; its date is kept).";
    js.examples = ["2026-05-08"];
  }
  if (js.type === "integer") {
    if (js.minimum === Number.MIN_SAFE_INTEGER) delete js.minimum;
    if (js.maximum === Number.MAX_SAFE_INTEGER) delete js.maximum;
  }
};

type Io = "input" | "output";

/** JSON Schemas of every named object schema, as zod sees it on the input or the output side. */
function componentsFor(io: Io, names: Map<ZodType, string>): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, name] of names) registry.add(schema, { id: name });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    uri: (id) => `${SCHEMA_REF}${id}`,
    unrepresentable: "any",
    override,
  });
  const result: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
    result[name] = rest;
  }
  return result;
}

/** Names of the components a JSON value points at with $ref, transitively. */
function collectRefs(value: unknown, components: Record<string, JsonSchema>, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, components, into);
  } else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string" && child.startsWith(SCHEMA_REF)) {
        const name = child.slice(SCHEMA_REF.length);
        if (!into.has(name)) {
          into.add(name);
          collectRefs(components[name], components, into);
        }
      } else {
        collectRefs(child, components, into);
      }
    }
  }
}

/** A route's body or response schema as a $ref: a named object schema, or an array of one. */
function schemaRef(schema: ZodType, names: Map<ZodType, string>, where: string): JsonSchema {
  const name = names.get(schema);
  if (name) return ref(name);
  if (schema instanceof z.ZodArray) {
    const itemName = names.get(schema.element as ZodType);
    if (itemName) return { type: "array", items: ref(itemName) };
  }
  // An unnamed schema (a body without its path parameters): inline, its named parts as $refs.
  if (schema instanceof z.ZodObject) return inlineSchema(schema);
  throw new Error(
    `OpenAPI: ${where} uses a schema that is not an exported *Schema object (or an array of one).`,
  );
}

/** An unnamed object schema, inline. */
function inlineSchema(schema: ZodObject): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    override,
  }) as JsonSchema;
  return rest;
}

function parameters(schema: ZodObject, location: "path" | "query") {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", override }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, propertySchema]) => ({
    name,
    in: location,
    required: location === "path" || (json.required ?? []).includes(name),
    schema: propertySchema,
  }));
}

/** A multipart body's text fields, as JSON Schema properties (a JSON field keeps contentMediaType). */
function multipartFields(schema: ZodObject): { properties: Record<string, JsonSchema>; required: string[] } {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", override }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return { properties: json.properties ?? {}, required: json.required ?? [] };
}

/** The route's own error statuses plus the ones its shape implies. */
export function errorStatuses(route: ApiRoute): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(route.errors);
  const hasBody = route.body !== undefined || route.fileField !== undefined;
  if (hasBody || route.params || route.query) statuses.add(400);
  if (route.auth || route.access) statuses.add(401);
  if (route.access) statuses.add(403);
  // Any body is read up to the limit, also where it is ignored (a DELETE, the floor's finish), and
  // a Content-Type that is not one at all is refused before the route runs.
  if (hasBody || route.method !== "GET") {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.params) statuses.add(414);
  if (route.rateLimited || route.budgeted) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

export const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/g, "{$1}");

function operation(route: ApiRoute, names: Map<ZodType, string>): OpenApiOperation {
  const where = `${route.method} ${route.path}`;
  const op: OpenApiOperation = {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: [],
    responses: {},
  };
  op.security = route.auth || route.access ? [{ bearerAuth: [] }, { apiToken: [] }] : [];
  const params = [
    ...(route.params ? parameters(route.params, "path") : []),
    ...(route.query ? parameters(route.query, "query") : []),
  ];
  if (params.length > 0) op.parameters = params;
  if (route.body) {
    op.requestBody = {
      required: true,
      content: { "application/json": { schema: schemaRef(route.body, names, `${where} body`) } },
    };
  } else if (route.fileField) {
    const fields = route.formFields ? multipartFields(route.formFields) : { properties: {}, required: [] };
    const encoding = Object.fromEntries(
      Object.entries(fields.properties)
        .filter(([, schema]) => schema.contentMediaType === "application/json")
        .map(([name]) => [name, { contentType: "application/json" }]),
    );
    op.requestBody = {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: {
              [route.fileField]: { type: "string", format: "binary" },
              ...fields.properties,
            },
            required: [route.fileField, ...fields.required],
          },
          ...(Object.keys(encoding).length > 0 ? { encoding } : {}),
        },
      },
    };
  }
  const { response } = route;
  const content: Record<string, { schema: JsonSchema }> = {};
  if (response.schema)
    content["application/json"] = { schema: schemaRef(response.schema, names, `${where} response`) };
  for (const type of response.binary ?? []) content[type] = { schema: { type: "string", format: "binary" } };
  op.responses[String(response.status)] = { description: response.description, content };
  if (route.notModified)
    op.responses["304"] = { description: "Not modified: If-None-Match matched the ETag." };
  for (const status of errorStatuses(route)) {
    op.responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  }
  return op;
}

/** Builds the OpenAPI 3.1 document from the route table and the shared zod schemas. */
export function buildOpenApiDocument(
  opts: { appUrl?: string } = {},
  routes: ApiRoute[] = apiRoutes(),
): OpenApiDocument {
  const names = namedSchemas();
  const inputs = componentsFor("input", names);
  const outputs = componentsFor("output", names);

  const paths: OpenApiDocument["paths"] = {};
  const usedIn = new Set<string>();
  const usedOut = new Set<string>();
  for (const route of routes) {
    const op = operation(route, names);
    collectRefs(op.requestBody, inputs, usedIn);
    collectRefs(op.responses, outputs, usedOut);
    const path = openApiPath(route.path);
    const method = route.method.toLowerCase();
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`OpenAPI: ${route.method} ${route.path} is listed twice.`);
    item[method] = op;
  }

  const errorName = names.get(local.ErrorBodySchema) ?? "ErrorBody";
  usedOut.add(errorName);
  collectRefs(outputs[errorName], outputs, usedOut);

  const schemas: Record<string, JsonSchema> = {};
  for (const name of [...usedIn].sort()) schemas[name] = inputs[name] ?? {};
  for (const name of [...usedOut].sort()) {
    const out = outputs[name] ?? {};
    if (usedIn.has(name) && JSON.stringify(schemas[name]) !== JSON.stringify(out)) {
      throw new Error(`OpenAPI: ${name}Schema is used both as input and output, with different shapes.`);
    }
    schemas[name] = out;
  }

  const responses: Record<string, JsonSchema> = {};
  for (const [status, { name, description }] of Object.entries(ERROR_RESPONSES)) {
    const schema =
      status === "503"
        ? { type: "object", properties: { status: { const: "unavailable" } }, required: ["status"] }
        : ref(errorName);
    responses[name] = {
      description,
      ...(status === "429" || status === "503"
        ? { headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } } }
        : {}),
      content: { "application/json": { schema } },
    };
  }

  return {
    openapi: "3.1.0",
    info: { title: `${CLUB_NAME} API`, version: serverVersion(), description: API_DESCRIPTION },
    servers: [
      {
        url: opts.appUrl ?? "http://localhost:3000",
        description: "This club's server (its APP_URL).",
      },
    ],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas,
      responses,
      headers: {
        RetryAfter: {
          description: "Seconds to wait before trying again.",
          schema: { type: "integer", minimum: 1 },
        },
      },
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The `accessToken` from POST /login or POST /api/Register/refresh.",
        },
        apiToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "club_<43 characters>",
          description:
            "An API token from POST /api/Account/Tokens (shown once, stored hashed): it acts as its member with its scopes, `read` (403 on writes) or `read` and `write`, until it expires or is revoked (401 then). It cannot manage tokens, the password or sessions (403).",
        },
      },
    },
  };
}

let cached: OpenApiDocument | undefined;
/** The document, built once per process; `servers` names the club's APP_URL. */
export const openApiDocument = (appUrl: string): OpenApiDocument => {
  cached ??= buildOpenApiDocument();
  return { ...cached, servers: [{ ...cached.servers[0]!, url: appUrl }] };
};

import type { ZodObject, ZodType } from "zod";

/** Who may call an endpoint; set by the procedure builder (kernel/trpc.ts), never by hand. */
export type Access = "public" | "member" | "treasurer" | "admin";

/** Per-IP rate-limited actions (app/security.ts): each has its own counter. */
export type RateLimitGroup = "login" | "register" | "confirmation" | "refresh";

/** Error statuses an endpoint can answer, each with the shared JSON error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 429 | 503;

/** The REST twin of a procedure: app/rest.ts registers it, app/openapi.ts documents it. */
export interface RestMeta {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The path exactly as docs/product.md has it, with `:name` parameters. */
  path: string;
  /** The success status; 200 by default. */
  status?: 200 | 201 | 204;
  /**
   * Where the input comes from besides the path parameters: the query string (default for GET)
   * or the JSON body (default otherwise); "none" ignores both.
   */
  from?: "query" | "body" | "none";
}

/** What the OpenAPI document says of a REST twin. */
export interface DocMeta {
  summary: string;
  description?: string;
  /** The success body: a named shared schema (or an array of one). Omitted for 204. */
  response?: ZodType;
  /** What the success means; "Created." for a 201 and "Deleted." for a DELETE when omitted. */
  responseDescription?: string;
  /** The endpoint's own error statuses; the document adds those its shape implies. */
  errors?: ErrorStatus[];
}

/**
 * Everything the server derives from a procedure: `.meta()` on it is the only declaration of an
 * endpoint. REST routes, the OpenAPI document, rate limits, the cached reads and the test tables
 * are all made by walking the router (app/endpoints.ts).
 */
export interface EndpointMeta {
  access?: Access;
  /** A public read whose answer depends only on its input and the database (cachedReadProcedure). */
  cache?: "public";
  rest?: RestMeta;
  doc?: DocMeta;
  rateLimit?: RateLimitGroup;
  /**
   * A guest pass may call it, for its own meeting (set by the procedure builder:
   * guestReadProcedure, tasterProcedure). Any other endpoint answers a guest pass 403.
   */
  guest?: true;
}

/** The OpenAPI document's tags: each feature's once (app/router.ts), and the operations'. */
export type Tag =
  | "Auth"
  | "Meetings"
  | "Themes"
  | "Bottles"
  | "Bottle instances"
  | "Comments"
  | "Lookups"
  | "Members"
  | "Account"
  | "Activity"
  | "Meeting night"
  | "Calendar"
  | "Dues"
  | "Reminders"
  | "Notifications"
  | "Webhooks"
  | "Backups"
  | "Single sign-on"
  | "Cellar"
  | "Search"
  | "Stats"
  | "Import and export"
  | "Operations"
  | "Club";

/** One documented REST route: a procedure's REST twin, or a REST-only route (app/restOnly.ts). */
export interface ApiRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The path exactly as Fastify registers it (`:id` parameters). */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  /** Who may call a REST-only route beyond any member (403 for others); implies auth. */
  access?: "treasurer" | "admin";
  /** A valid `Authorization: Bearer <accessToken>` is required (401 otherwise). */
  auth?: boolean;
  params?: ZodObject;
  query?: ZodObject;
  /** A JSON request body. */
  body?: ZodType;
  /** A multipart/form-data body with one file field of this name. */
  fileField?: string;
  /** The multipart body's text fields beside the file (a JSON field: a schema with contentMediaType). */
  formFields?: ZodObject;
  response: {
    status: 200 | 201 | 204 | 302;
    description: string;
    /** JSON body; a named schema or an array of one. Omitted with `binary` or for 204. */
    schema?: ZodType;
    /** A binary body of these media types instead of JSON. */
    binary?: string[];
  };
  /** Answers 304 Not Modified when If-None-Match matches its ETag. */
  notModified?: boolean;
  /** Per-IP rate limited (app/security.ts): 429 with Retry-After. */
  rateLimited?: boolean;
  /** Counts against the member's write budget (platform/writeBudget.ts): 429 with Retry-After. */
  budgeted?: boolean;
  /**
   * The route's own error statuses. The document adds the implied ones: 400 with any input,
   * 401 with `auth`, 403 with `access`, 413 and 415 for any method but GET, 414 with path
   * parameters, 429 with `rateLimited` or `budgeted`.
   */
  errors: ErrorStatus[];
}

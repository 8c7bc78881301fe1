import type { ZodType } from "zod";

/** Who may call an endpoint; set by the procedure builder (api/trpc.ts), never by hand. */
export type Access = "public" | "member" | "treasurer" | "admin";

/** Per-IP rate-limited actions (platform/security.ts): each has its own counter. */
export type RateLimitGroup = "login" | "register" | "confirmation" | "refresh";

/** Error statuses an endpoint can answer, each with the shared JSON error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 429 | 503;

/** The REST twin of a procedure: api/rest.ts registers it, api/openapi.ts documents it. */
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
 * are all made by walking the router (api/endpoints.ts).
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

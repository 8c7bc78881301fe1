import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";

/** Bodies smaller than this are sent as they are: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/** Reads are public and revalidated on every use: the browser keeps them and asks with If-None-Match. */
export const READ_CACHE_CONTROL = "no-cache";

export const REST_JSON = "application/json; charset=utf-8";
/** What tRPC's own handler sends (no charset). */
export const TRPC_JSON = "application/json";

type Encoding = "br" | "gzip";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Computed once per cached body, so a better ratio than @fastify/compress's per-request quality 4.
  br: (body) =>
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipAsync(body, { level: 6 }),
};

/** One serialized response body, its ETag and its compressed forms (made on first use). */
export interface Representation {
  body: Buffer;
  etag: string;
  /** Compressed forms: the pending compression, then the bytes once done. */
  encoded: Partial<Record<Encoding, Promise<Buffer> | Buffer>>;
}

export type Envelope = "json" | "trpc" | "trpcBatch";

interface Serialized {
  json: string;
  hash: string;
  forms: Partial<Record<Envelope, Representation>>;
}

/**
 * Serializations of read results, keyed by the result object itself. Results that come out of the
 * ReadCache are the same object until the database changes, so each one is stringified, hashed
 * and compressed once, however many requests send it; the entry goes away with the object.
 */
const serialized = new WeakMap<object, Serialized>();

function serializedOf(value: unknown): Serialized {
  const cached = typeof value === "object" && value !== null ? serialized.get(value) : undefined;
  if (cached) return cached;
  const json = JSON.stringify(value) ?? "null";
  const entry: Serialized = {
    json,
    hash: createHash("sha1").update(json).digest("base64url").slice(0, 27),
    forms: {},
  };
  if (typeof value === "object" && value !== null) serialized.set(value, entry);
  return entry;
}

/** tRPC's success envelope for a query result, exactly as its HTTP handler writes it. */
export const trpcResultJson = (dataJson: string) => `{"result":{"data":${dataJson}}}`;

/**
 * The bytes to send for a read result: plain JSON (REST), tRPC's envelope, or tRPC's one-call batch.
 * ETags are weak (W/): the same JSON may go out gzip- or brotli-encoded.
 */
export function representationOf(value: unknown, envelope: Envelope): Representation {
  const entry = serializedOf(value);
  let form = entry.forms[envelope];
  if (!form) {
    const text =
      envelope === "json"
        ? entry.json
        : envelope === "trpc"
          ? trpcResultJson(entry.json)
          : `[${trpcResultJson(entry.json)}]`;
    const prefix = envelope === "json" ? "" : envelope === "trpc" ? "t." : "b.";
    form = { body: Buffer.from(text), etag: `W/"${prefix}${entry.hash}"`, encoded: {} };
    entry.forms[envelope] = form;
  }
  return form;
}

/** A representation for bytes that are not cached (a tRPC batch of several reads). */
export function uncachedRepresentation(text: string): Representation {
  const hash = createHash("sha1").update(text).digest("base64url").slice(0, 27);
  return { body: Buffer.from(text), etag: `W/"m.${hash}"`, encoded: {} };
}

/** The serialized JSON of a read result (shared with representationOf's cache). */
export const jsonOf = (value: unknown): string => serializedOf(value).json;

/** True when If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET) or is `*`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.startsWith("W/") ? etag.slice(2) : etag;
  for (const raw of header.split(",")) {
    const tag = raw.trim();
    if (tag === "*" || (tag.startsWith("W/") ? tag.slice(2) : tag) === bare) return true;
  }
  return false;
}

let lastAcceptEncoding = "";
let lastNegotiated: Encoding | null = null;

/** br when the client takes it, else gzip, else nothing (q=0 refuses a coding). */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (typeof header !== "string" || header === "") return null;
  // Browsers send the same header every time: remember the last answer.
  if (header === lastAcceptEncoding) return lastNegotiated;
  lastNegotiated = parseAcceptEncoding(header);
  lastAcceptEncoding = header;
  return lastNegotiated;
}

function parseAcceptEncoding(header: string): Encoding | null {
  let gzipOk = false;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "x-gzip") gzipOk = true;
  }
  return gzipOk ? "gzip" : null;
}

/**
 * Sends a representation with its ETag: 304 without a body when the client's copy is current,
 * else the body, compressed (once, then reused) when it is big enough and the client accepts it.
 */
export function sendRepresentation(
  req: FastifyRequest,
  reply: FastifyReply,
  form: Representation,
  contentType: string,
  vary?: string,
): FastifyReply | Promise<FastifyReply> {
  const compressible = form.body.length >= COMPRESS_MIN_BYTES;
  reply.header("etag", form.etag).header("cache-control", READ_CACHE_CONTROL);
  const varyValue = compressible ? (vary ? `${vary}, accept-encoding` : "accept-encoding") : vary;
  if (varyValue) reply.header("vary", varyValue);
  if (ifNoneMatchHits(req.headers["if-none-match"], form.etag)) return reply.code(304).send();
  reply.type(contentType);
  const encoding = compressible ? negotiateEncoding(req.headers["accept-encoding"]) : null;
  if (!encoding) return reply.send(form.body);
  reply.header("content-encoding", encoding);
  const ready = form.encoded[encoding];
  if (ready instanceof Buffer) return reply.send(ready);
  const pending = (ready as Promise<Buffer> | undefined) ?? compress(form, encoding);
  return pending.then((bytes) => reply.send(bytes));
}

/** Starts compressing a representation once; concurrent requests wait for the same result. */
function compress(form: Representation, encoding: Encoding): Promise<Buffer> {
  const started = compressors[encoding](form.body).then(
    (bytes) => {
      form.encoded[encoding] = bytes;
      return bytes;
    },
    (error: unknown) => {
      // A failed compression is not remembered: the next request tries again.
      delete form.encoded[encoding];
      throw error;
    },
  );
  form.encoded[encoding] = started;
  return started;
}

/**
 * The handler of a public REST read whose answer depends only on its URL and the database: the
 * representation is kept in the ReadCache under the URL, so a repeated request skips parsing,
 * the service and serialization. `read` is the thin adapter itself (parse input, call the
 * service); errors it throws are answered as usual and never cached.
 */
export function cachedRead(read: (req: FastifyRequest) => unknown): RouteHandlerMethod {
  return function (req, reply) {
    const reads = req.server.deps.reads;
    const key = `GET ${req.url}`;
    let form = reads.peek(key)?.value as Representation | undefined;
    if (!form) {
      const generation = reads.generation;
      form = representationOf(read(req), "json");
      reads.put(key, form, generation);
    }
    const sent = sendRepresentation(req, reply, form, REST_JSON);
    // A synchronous handler must not return the reply: Fastify would try to send it again.
    return sent instanceof Promise ? sent : undefined;
  };
}

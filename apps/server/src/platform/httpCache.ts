import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

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

/** For a body compressed once and thrown away: little CPU and a small window (little memory). */
const cheapCompressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 1,
        [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipAsync(body, { level: 1, memLevel: 7 }),
};

/** One serialized response body, its ETag and its compressed forms (made on first use). */
export interface Representation {
  body: Buffer;
  etag: string;
  /** Compressed forms: the pending compression, then the bytes once done. */
  encoded: Partial<Record<Encoding, Promise<Buffer> | Buffer>>;
  /** Told the size of each compressed form once it is made (the read cache counts bytes). */
  onGrow?: (bytes: number) => void;
  /** Made for one answer only (a multi-call batch): compressed cheaply, never kept. */
  transient?: boolean;
}

export type Envelope = "json" | "trpc" | "trpcBatch";

/**
 * A page of the web app (app/web.ts): its ETag, and its compressed forms once made. `transient`
 * for a page made for one request (a prerendered library page): compressed cheaply, never kept.
 */
export function pageRepresentation(html: string, transient = false): Representation {
  return textRepresentation(html, "p", transient);
}

/** A text sent whole (a page, a kept document: ReadCache.document), its ETag under `prefix`. */
export function textRepresentation(text: string, prefix: string, transient = false): Representation {
  const body = Buffer.from(text);
  return { body, etag: `W/"${prefix}.${hashOf(body)}"`, encoded: {}, transient };
}

/** A read's result, serialized once: its JSON bytes, a hash of them, and the bodies made from them. */
export interface CachedAnswer {
  /** The JSON, UTF-8. */
  json: Buffer;
  hash: string;
  forms: Partial<Record<Envelope, Representation>>;
  /** Bytes held: the JSON and every other form's body and compressed bodies. */
  bytes: number;
  /** Set while the read cache holds it. */
  cached: boolean;
  onGrow: (bytes: number) => void;
}

/**
 * A buffer of its own, outside Node's shared 8 KB pool: a small cached body allocated from the pool
 * would keep its whole slab alive (up to 16 times its size) for as long as it stays cached.
 */
function ownBuffer(parts: (string | Buffer)[]): Buffer {
  const chunks = parts.map((p) => (typeof p === "string" ? Buffer.from(p) : p));
  const out = Buffer.allocUnsafeSlow(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(out, at);
  return out;
}

const hashOf = (data: string | Buffer) => createHash("sha1").update(data).digest("base64url").slice(0, 27);

/** Serializes a result. `onGrow` hears of every body made from it later. */
export function answerOf(value: unknown, onGrow: (bytes: number) => void = () => {}): CachedAnswer {
  const json = ownBuffer([JSON.stringify(value) ?? "null"]);
  const answer: CachedAnswer = {
    json,
    hash: hashOf(json),
    forms: {},
    bytes: json.length,
    cached: false,
    onGrow,
  };
  answer.onGrow = (bytes) => {
    answer.bytes += bytes;
    onGrow(bytes);
  };
  return answer;
}

/** tRPC's success envelope for a query result, exactly as its HTTP handler writes it. */
const TRPC_OPEN = '{"result":{"data":';
const TRPC_CLOSE = "}}";

/**
 * The bytes to send for an answer: plain JSON (REST), tRPC's envelope, or tRPC's one-call batch.
 * ETags are weak (W/): the same JSON may go out gzip- or brotli-encoded.
 */
export function representationOf(answer: CachedAnswer, envelope: Envelope): Representation {
  let form = answer.forms[envelope];
  if (!form) {
    const body =
      envelope === "json"
        ? answer.json
        : envelope === "trpc"
          ? ownBuffer([TRPC_OPEN, answer.json, TRPC_CLOSE])
          : ownBuffer(["[", TRPC_OPEN, answer.json, TRPC_CLOSE, "]"]);
    const prefix = envelope === "json" ? "" : envelope === "trpc" ? "t." : "b.";
    form = { body, etag: `W/"${prefix}${answer.hash}"`, encoded: {}, onGrow: answer.onGrow };
    answer.forms[envelope] = form;
    if (envelope !== "json") answer.onGrow(body.length);
  }
  return form;
}

/** The bytes of a multi-call tRPC batch, assembled from its calls' answers (never cached whole). */
export function batchRepresentation(answers: CachedAnswer[]): Representation {
  const parts: (string | Buffer)[] = ["["];
  answers.forEach((a, i) => parts.push(i === 0 ? "" : ",", TRPC_OPEN, a.json, TRPC_CLOSE));
  parts.push("]");
  return {
    body: Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : p))),
    etag: `W/"m.${hashOf(answers.map((a) => a.hash).join("."))}"`,
    encoded: {},
    // Compressed once per request, with the cheapest settings: it is not kept.
    transient: true,
  };
}

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
  cacheControl = READ_CACHE_CONTROL,
): FastifyReply | Promise<FastifyReply> {
  const compressible = form.body.length >= COMPRESS_MIN_BYTES;
  reply.header("etag", form.etag).header("cache-control", cacheControl);
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
  const started = (form.transient ? cheapCompressors : compressors)[encoding](form.body).then(
    (compressed) => {
      const bytes = form.transient ? compressed : ownBuffer([compressed]);
      form.encoded[encoding] = bytes;
      form.onGrow?.(bytes.length);
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

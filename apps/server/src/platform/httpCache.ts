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

/** One serialized response body, its ETag and its compressed forms (made on first use). */
export interface Representation {
  body: Buffer;
  etag: string;
  /** Compressed forms: the pending compression, then the bytes once done. */
  encoded: Partial<Record<Encoding, Promise<Buffer> | Buffer>>;
  /** Told the size of each compressed form once it is made (the read cache counts bytes). */
  onGrow?: (bytes: number) => void;
}

export type Envelope = "json" | "trpc" | "trpcBatch";

/** A read's result, serialized once: its JSON, a hash of it, and the bodies made from it. */
export interface CachedAnswer {
  json: string;
  hash: string;
  forms: Partial<Record<Envelope, Representation>>;
  /** Bytes held: the JSON text and every form's body and compressed bodies. */
  bytes: number;
  /** Set while the read cache holds it. */
  cached: boolean;
  onGrow: (bytes: number) => void;
}

const hashOf = (text: string) => createHash("sha1").update(text).digest("base64url").slice(0, 27);

/** Serializes a result. `onGrow` hears of every body made from it later. */
export function answerOf(value: unknown, onGrow: (bytes: number) => void = () => {}): CachedAnswer {
  const json = JSON.stringify(value) ?? "null";
  const answer: CachedAnswer = { json, hash: hashOf(json), forms: {}, bytes: json.length, cached: false, onGrow };
  answer.onGrow = (bytes) => {
    answer.bytes += bytes;
    onGrow(bytes);
  };
  return answer;
}

/** tRPC's success envelope for a query result, exactly as its HTTP handler writes it. */
export const trpcResultJson = (dataJson: string) => `{"result":{"data":${dataJson}}}`;

/**
 * The bytes to send for an answer: plain JSON (REST), tRPC's envelope, or tRPC's one-call batch.
 * ETags are weak (W/): the same JSON may go out gzip- or brotli-encoded.
 */
export function representationOf(answer: CachedAnswer, envelope: Envelope): Representation {
  let form = answer.forms[envelope];
  if (!form) {
    const text =
      envelope === "json"
        ? answer.json
        : envelope === "trpc"
          ? trpcResultJson(answer.json)
          : `[${trpcResultJson(answer.json)}]`;
    const prefix = envelope === "json" ? "" : envelope === "trpc" ? "t." : "b.";
    form = { body: Buffer.from(text), etag: `W/"${prefix}${answer.hash}"`, encoded: {}, onGrow: answer.onGrow };
    answer.forms[envelope] = form;
    answer.onGrow(form.body.length);
  }
  return form;
}

/** The bytes of a multi-call tRPC batch, assembled from its calls' answers (never cached whole). */
export function batchRepresentation(answers: CachedAnswer[]): Representation {
  const text = `[${answers.map((a) => trpcResultJson(a.json)).join(",")}]`;
  return { body: Buffer.from(text), etag: `W/"m.${hashOf(answers.map((a) => a.hash).join("."))}"`, encoded: {} };
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

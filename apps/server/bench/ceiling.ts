/**
 * The benchmarks' CEILING: a bare Fastify instance (no plugins, no logger) that answers every
 * recorded GET with the exact status, headers and body bytes the real server gave, precomputed.
 * Started by bench/run.ts as a child process, like the real server (node, here with tsx),
 * so the two differ only in what happens between reading a request and writing its answer.
 *
 *   CEILING_FILE=responses.json PORT=0 node --import tsx bench/ceiling.ts
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

/** Keyed by request URL (path and query), then by the request's If-None-Match ("" when none). */
export type RecordedResponses = Record<string, Record<string, RecordedResponse>>;

const file = process.env.CEILING_FILE;
if (!file) throw new Error("CEILING_FILE is required");
const recorded = JSON.parse(readFileSync(file, "utf8")) as RecordedResponses;

const SKIPPED = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);
const table = new Map(
  Object.entries(recorded).map(([url, byEtag]) => [
    url,
    new Map(
      Object.entries(byEtag).map(([etag, r]) => [
        etag,
        {
          status: r.status,
          headers: Object.fromEntries(
            Object.entries(r.headers).filter(([k]) => !SKIPPED.has(k.toLowerCase())),
          ),
          body: Buffer.from(r.bodyBase64, "base64"),
        },
      ]),
    ),
  ]),
);

const app = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
app.get("*", (req, reply) => {
  const byEtag = table.get(req.url);
  const inm = req.headers["if-none-match"];
  const hit = byEtag?.get(typeof inm === "string" ? inm : "");
  if (!hit) return reply.code(404).send({ error: "not recorded", url: req.url });
  return reply
    .code(hit.status)
    .headers(hit.headers)
    .send(hit.body.length > 0 ? hit.body : undefined);
});

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
console.log(`ceiling listening at ${address}`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));

import { PAGE_DATA_ELEMENT_ID } from "../../../packages/shared/src/pageContract";
import { OFFLINE_READS } from "./publicReads";

/** One tRPC GET batch (httpBatchLink): /trpc/a,b?batch=1&input={"0":...,"1":...}. */
export interface TrpcBatch {
  procedures: string[];
  /** Each call's input as the client serialized it ("null" when it takes none). */
  inputs: string[];
}

const OFFLINE_ITEM_MESSAGE = "You are offline and this was not seen before.";

/** The batch a request is, or null (not a batch GET of the club's /trpc; `base`: APP_URL's path, "" for none). */
export function parseTrpcBatch(url: URL, base = ""): TrpcBatch | null {
  const prefix = `${base}/trpc/`;
  if (!url.pathname.startsWith(prefix) || url.searchParams.get("batch") !== "1") return null;
  const procedures = decodeURIComponent(url.pathname.slice(prefix.length)).split(",");
  let inputs: Record<string, unknown> = {};
  try {
    const raw = url.searchParams.get("input");
    if (raw) inputs = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  return {
    procedures,
    inputs: procedures.map((_, index) => JSON.stringify(inputs[String(index)] ?? null)),
  };
}

/**
 * Where one call's answer is kept: a URL of its own, so a batch seen together can be replayed in any
 * grouping. `origin`: where the club is (the origin, or the origin and APP_URL's path), so two
 * clubs on one origin keep theirs apart.
 */
export const callKey = (origin: string, procedure: string, input: string) =>
  `${origin}/__offline__/trpc/${procedure}?input=${encodeURIComponent(input)}`;

export const isOfflineRead = (procedure: string) => (OFFLINE_READS as readonly string[]).includes(procedure);

/** The successful answers of the batch's public reads, each with its key. */
export function answersToKeep(
  origin: string,
  batch: TrpcBatch,
  body: unknown,
): { key: string; answer: unknown }[] {
  if (!Array.isArray(body) || body.length !== batch.procedures.length) return [];
  return batch.procedures.flatMap((procedure, index) => {
    const answer: unknown = body[index];
    const ok = typeof answer === "object" && answer !== null && "result" in answer;
    const input = batch.inputs[index] ?? "null";
    return ok && isOfflineRead(procedure) ? [{ key: callKey(origin, procedure, input), answer }] : [];
  });
}

/**
 * A batch answer made of kept answers; a call with none gets tRPC's error item (HTTP 503, so the
 * client treats it as a server-side failure). Null when none of the calls has a kept answer.
 */
export function offlineBatchBody(batch: TrpcBatch, kept: unknown[]): unknown[] | null {
  if (!kept.some((answer) => answer !== undefined)) return null;
  return batch.procedures.map(
    (procedure, index) =>
      kept[index] ?? {
        error: {
          message: OFFLINE_ITEM_MESSAGE,
          code: -32603,
          data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 503, path: procedure },
        },
      },
  );
}

const PAGE_DATA = new RegExp(
  `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`,
  "s",
);

/**
 * The public reads a page the server prerendered carries (its first screen's data, in the page
 * rather than fetched: apps/server/src/app/prerender.ts), each with its key, as if the app had
 * fetched them: a page seen online then reads the same offline.
 */
export function pageReadsToKeep(origin: string, html: string): { key: string; answer: unknown }[] {
  const block = PAGE_DATA.exec(html)?.[1];
  if (!block) return [];
  try {
    const { reads } = JSON.parse(block) as {
      reads?: { procedure: string; input?: unknown; data: unknown }[];
    };
    return (reads ?? [])
      .filter((read) => isOfflineRead(read.procedure))
      .map((read) => ({
        key: callKey(origin, read.procedure, JSON.stringify(read.input ?? null)),
        answer: { result: { data: read.data } },
      }));
  } catch {
    return [];
  }
}

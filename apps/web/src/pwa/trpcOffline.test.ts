import { describe, expect, it } from "vitest";
import { answersToKeep, callKey, offlineBatchBody, parseTrpcBatch } from "../../sw/trpcOffline";

const origin = "http://club.test";
const batchUrl = (path: string, inputs: Record<string, unknown>) =>
  new URL(`${origin}/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`);

describe("the service worker's offline answers for tRPC batches", () => {
  it("reads the procedures and each call's input from a batch GET", () => {
    const batch = parseTrpcBatch(batchUrl("bottles.byId,account.get", { "0": { id: 7 } }));
    expect(batch).toEqual({ procedures: ["bottles.byId", "account.get"], inputs: ['{"id":7}', "null"] });
    expect(parseTrpcBatch(new URL(`${origin}/trpc/night.events?input=%7B%7D`))).toBeNull();
    expect(parseTrpcBatch(new URL(`${origin}/api/Bottles/AllBottlesList`))).toBeNull();
  });

  it("keeps only the successful answers of public reads, never a member's own data", () => {
    const batch = parseTrpcBatch(
      batchUrl("bottles.byId,account.get,meetings.byId", { "0": { id: 7 }, "2": { id: 3 } }),
    )!;
    const kept = answersToKeep(origin, batch, [
      { result: { data: { id: 7, name: "Talisker" } } },
      { result: { data: { email: "me@club.test" } } },
      { error: { message: "Not found", data: { httpStatus: 404 } } },
    ]);
    expect(kept).toEqual([
      {
        key: callKey(origin, "bottles.byId", '{"id":7}'),
        answer: { result: { data: { id: 7, name: "Talisker" } } },
      },
    ]);
    expect(answersToKeep(origin, batch, { not: "an array" })).toEqual([]);
  });

  it("answers a batch from kept answers, with an error item where none was kept", () => {
    const batch = parseTrpcBatch(batchUrl("bottles.byId,account.get", { "0": { id: 7 } }))!;
    const body = offlineBatchBody(batch, [{ result: { data: { id: 7 } } }, undefined]);
    expect(body?.[0]).toEqual({ result: { data: { id: 7 } } });
    expect(body?.[1]).toMatchObject({ error: { data: { httpStatus: 503, path: "account.get" } } });
    expect(offlineBatchBody(batch, [undefined, undefined])).toBeNull();
  });
});

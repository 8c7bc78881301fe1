import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesOf } from "../../web/src/lib/cachePolicy";
import { createTestApp, type TestApp } from "./helpers";
import {
  callerToken,
  makeCtx,
  seedFixtures,
  trpcEndpoints,
  trpcInject,
  type EndpointCtx,
} from "./fuzz/endpoints";

/**
 * After every write, every screen that shows what it changed is right without a reload. The web
 * app's cache keeps each read until a write marks it stale, and which reads a write makes stale is
 * one table (apps/web/src/lib/cachePolicy.ts). This walks every write of the router with its
 * example call, reads every query of the router (each with its example input, as its example's
 * caller) before and after it, and checks that each read whose answer changed belongs to a
 * namespace that the table marks stale for that write. A new write, or a new read that a write
 * changes, is covered with no line here.
 */
let t: TestApp;
let c: EndpointCtx;

/**
 * Reads whose answer is new at every call, which no cache keeps: a passkey's options carry a fresh
 * challenge (the app asks for them when a passkey is being added, never from its cache).
 */
const NEW_AT_EVERY_CALL = new Set(["passkeys.registrationOptions"]);
const reads = trpcEndpoints.filter((e) => e.type === "query" && !NEW_AT_EVERY_CALL.has(e.path));
const writes = trpcEndpoints.filter((e) => e.write);
const readCalls: { path: string; input: unknown; token: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "false", WRITE_BUDGET_PER_MINUTE: "100000" } });
  c = makeCtx(t, await seedFixtures(t));
  for (const read of reads) {
    readCalls.push({ path: read.path, input: await read.valid(c), token: await callerToken(c, read.as) });
  }
});
afterAll(() => t.close());

/** Every read's answer (status and body), by procedure. */
async function answers(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const read of readCalls) {
    const res = await t.request(trpcInject(read.path, "query", read.input, read.token));
    out.set(read.path, `${res.statusCode} ${res.body}`);
  }
  return out;
}

/** The reads whose answers differ between two snapshots. */
const changed = (before: Map<string, string>, after: Map<string, string>) =>
  [...before.keys()].filter((path) => before.get(path) !== after.get(path));

describe("every read a write changes is made stale by the web app's cache policy", () => {
  it("the reads answer the same twice without a write (else they cannot be checked)", async () => {
    // A read whose answer changes by itself (a clock, a random token) would fail every write.
    expect(changed(await answers(), await answers())).toEqual([]);
  });

  for (const write of writes) {
    it(write.path, async () => {
      const input = await write.valid(c);
      const token = await callerToken(c, write.as);
      const before = await answers();
      const res = await t.request(trpcInject(write.path, "mutation", input, token));
      expect(res.statusCode, res.body).toBe(200);
      const after = await answers();
      const policy = changesOf(write.path);
      // "everything" refetches every read; "screen" (a merge) marks every read stale too.
      if (policy === "everything" || policy === "screen") return;
      const stale = changed(before, after).filter((path) => !policy.includes(path.split(".")[0]!));
      expect(
        stale,
        `${write.path} changes ${JSON.stringify(stale)} but marks ${JSON.stringify(policy)} stale`,
      ).toEqual([]);
    });
  }
});

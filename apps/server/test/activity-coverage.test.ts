import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";
import {
  callerToken,
  makeCtx,
  restEndpoints,
  restInject,
  restName,
  seedFixtures,
  trpcEndpoints,
  trpcInject,
  type EndpointCtx,
} from "./fuzz/endpoints";

/**
 * docs/product.md, "Rules": every write is recorded in the activity log, in the same transaction, with
 * the request it came with. Walks every write of the router, REST and tRPC, so a new write without
 * its entry fails here.
 */
let t: TestApp;
let c: EndpointCtx;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "false", WRITE_BUDGET_PER_MINUTE: "100000" } });
  c = makeCtx(t, await seedFixtures(t));
});
afterAll(() => t.close());

const newest = () =>
  t.app.deps.db.$client
    .prepare("SELECT id, request_id AS requestId FROM activity ORDER BY id DESC LIMIT 1")
    .get() as { id: number; requestId: string | null } | undefined;

describe("every write leaves an activity entry with its request id", () => {
  for (const e of restEndpoints.filter((x) => x.write)) {
    it(restName(e), async () => {
      const call = await e.valid(c);
      const token = await callerToken(c, e.as);
      const before = newest()?.id ?? 0;
      const res = await t.request(restInject(e, call, e.as === "admin" ? c.f.admin.token : token));
      expect(res.statusCode, res.body).toBe(e.ok);
      const entry = newest();
      expect(entry?.id ?? 0).toBeGreaterThan(before);
      expect(entry?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    });
  }
  for (const e of trpcEndpoints.filter((x) => x.write)) {
    it(e.path, async () => {
      const input = await e.valid(c);
      const token = await callerToken(c, e.as);
      const before = newest()?.id ?? 0;
      const res = await t.request(trpcInject(e.path, e.type, input, token));
      expect(res.statusCode, res.body).toBe(200);
      expect(newest()?.id ?? 0).toBeGreaterThan(before);
      expect(newest()?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    });
  }
});

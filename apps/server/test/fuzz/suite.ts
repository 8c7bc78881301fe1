import { afterAll, beforeAll, beforeEach } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import {
  callerToken,
  freshFixtures,
  makeCtx,
  seedFixtures,
  type EndpointCtx,
  type ExampleCaller,
} from "./endpoints";

/**
 * The setup both fuzz suites share: one app (rate limits off) with the fixtures seeded, a new
 * set of fixtures (and callers) before an endpoint when a fuzzed delete removed one, and the
 * token a "member" case sends: the endpoint's own caller (one new member per endpoint for
 * "fresh"). `ready` receives the app and the context once they exist.
 */
export function fuzzSuite(ready: (t: TestApp, c: EndpointCtx) => void) {
  let c: EndpointCtx | undefined;
  const tokens = new Map<string, Promise<string>>();
  beforeAll(async () => {
    const t = await createTestApp({ env: { RATE_LIMIT: "false" } });
    c = makeCtx(t, await seedFixtures(t));
    ready(t, c);
  });
  // A fuzzed delete may have removed a fixture: the next endpoint gets a new set (and new callers).
  beforeEach(async () => {
    if (c && (await freshFixtures(c))) tokens.clear();
  });
  afterAll(() => c?.t.close());

  return (e: { as: ExampleCaller; path?: string; route?: string }): Promise<string> => {
    const key = e.as === "fresh" ? `fresh ${e.path ?? e.route ?? ""}` : e.as;
    let token = tokens.get(key);
    if (!token) tokens.set(key, (token = callerToken(c!, e.as)));
    return token;
  };
}

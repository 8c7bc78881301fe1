/**
 * The server's test support for the browser tests (`@club/server/testing`): a test app on its own
 * data dir, and the endpoint tables the fuzz suite walks.
 */
export { createTestApp, type TestApp } from "./helpers";
export {
  callerToken,
  makeCtx,
  restEndpoints,
  restInject,
  seedFixtures,
  trpcEndpoints,
  trpcInject,
  type EndpointCtx,
} from "./fuzz/endpoints";

import { describe, expect, it } from "vitest";
import { isOfflineMessage, offlineMessage } from "../../sw/offlineMessage";
import { followConnection } from "./connection";
import type { PwaState } from "./status";

function follow(online = true) {
  let clock = 1_000;
  const state: PwaState = { offline: !online, updateReady: false };
  const browser = { online };
  const connection = followConnection(
    (change) => Object.assign(state, change),
    () => browser.online,
    () => clock,
  );
  return {
    connection,
    state,
    browser,
    tick: (ms: number) => (clock += ms),
    now: () => clock,
  };
}

describe("the offline notice follows the browser and the service worker", () => {
  it("drops the worker's offline word about a request made before the connection came back", () => {
    const { connection, state, browser, tick, now } = follow();
    browser.online = false;
    connection.wentOffline();
    const askedWhileOffline = now();
    tick(50);
    browser.online = true;
    connection.cameOnline();
    expect(state.offline).toBe(false);
    // Delivered late: the worker answered that request from what it kept while offline.
    tick(50);
    connection.workerSaid(offlineMessage(true, askedWhileOffline));
    expect(state.offline).toBe(false);
  });

  it("shows the notice when the worker answers from what it kept while the phone is online (server down)", () => {
    const { connection, state, tick, now } = follow();
    connection.cameOnline();
    tick(10);
    connection.workerSaid(offlineMessage(true, now()));
    expect(state.offline).toBe(true);
    tick(10);
    connection.workerSaid(offlineMessage(false, now()));
    expect(state.offline).toBe(false);
  });

  it("keeps the notice while the browser is offline, whatever the worker last heard from the network", () => {
    const { connection, state, browser, now } = follow();
    browser.online = false;
    connection.wentOffline();
    connection.workerSaid(offlineMessage(false, now()));
    expect(state.offline).toBe(true);
  });

  it("reads only the worker's own messages", () => {
    expect(isOfflineMessage(offlineMessage(true, 5))).toBe(true);
    expect(isOfflineMessage({ type: "club-offline", offline: true })).toBe(false);
    expect(isOfflineMessage({ type: "SKIP_WAITING" })).toBe(false);
    expect(isOfflineMessage(null)).toBe(false);
  });
});

import { describe, expect, it, vi } from "vitest";
import { createAuthApi } from "./authCalls";
import { createSession } from "./session";
import { fakeServer, MemoryStorage } from "./testing";

const stored = (overrides: Record<string, string> = {}) =>
  new MemoryStorage({
    accessToken: "access-1",
    refreshToken: "refresh-1",
    email: "member@club.test",
    ...overrides,
  });

describe("session start (docs/product.md, The session)", () => {
  it("keeps a valid access token and makes no refresh call", async () => {
    const server = fakeServer({ validAccess: ["access-1"] });
    const storage = stored();
    const session = createSession({ storage, auth: server.auth });

    await expect(session.start()).resolves.toBe("valid");

    expect(storage.snapshot()).toEqual({
      accessToken: "access-1",
      refreshToken: "refresh-1",
      email: "member@club.test",
    });
    expect(server.calls.map((c) => [c.path, c.authorization])).toEqual([
      ["/api/Register/validateToken", "Bearer access-1"],
    ]);
    expect(server.count("/api/Register/refresh")).toBe(0);
  });

  it("refreshes an invalid access token and stores the new pair", async () => {
    const server = fakeServer({
      refreshPairs: { "refresh-1": { accessToken: "access-2", refreshToken: "refresh-2" } },
    });
    const storage = stored();
    const session = createSession({ storage, auth: server.auth });
    const listener = vi.fn();
    session.subscribe(listener);

    await expect(session.start()).resolves.toBe("refreshed");

    expect(storage.snapshot()).toEqual({
      accessToken: "access-2",
      refreshToken: "refresh-2",
      email: "member@club.test",
    });
    expect(session.getSnapshot()).toEqual({
      accessToken: "access-2",
      refreshToken: "refresh-2",
      email: "member@club.test",
    });
    expect(listener).toHaveBeenCalled();
    const refreshCall = server.calls.find((c) => c.path === "/api/Register/refresh");
    expect(refreshCall?.method).toBe("POST");
    expect(JSON.parse(refreshCall?.body ?? "null")).toEqual({ refreshToken: "refresh-1" });
  });

  it("clears the session when there is no refresh token", async () => {
    const server = fakeServer();
    const storage = new MemoryStorage({ accessToken: "access-1", email: "member@club.test" });
    const session = createSession({ storage, auth: server.auth });

    await expect(session.start()).resolves.toBe("cleared");

    expect(storage.snapshot()).toEqual({});
    expect(session.getSnapshot()).toBeNull();
    expect(server.count("/api/Register/refresh")).toBe(0);
  });

  it("clears the session when the refresh is rejected", async () => {
    const server = fakeServer({ refreshPairs: {} });
    const storage = stored();
    const onExpired = vi.fn();
    const session = createSession({ storage, auth: server.auth, onExpired });

    await expect(session.start()).resolves.toBe("cleared");
    expect(onExpired).toHaveBeenCalledOnce();

    expect(storage.snapshot()).toEqual({});
    expect(session.getSnapshot()).toBeNull();
    expect(server.count("/api/Register/refresh")).toBe(1);
  });

  it("does nothing without a stored access token, and drops leftovers", async () => {
    const server = fakeServer();
    const storage = new MemoryStorage({ email: "member@club.test" });
    const session = createSession({ storage, auth: server.auth });

    await expect(session.start()).resolves.toBe("none");

    expect(storage.snapshot()).toEqual({});
    expect(server.calls).toEqual([]);
  });

  it("keeps the session when the server cannot be reached", async () => {
    const storage = stored();
    const session = createSession({
      storage,
      auth: createAuthApi({ fetch: () => Promise.reject(new TypeError("fetch failed")) }),
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);

    await expect(session.start()).resolves.toBe("unreachable");

    expect(storage.snapshot().accessToken).toBe("access-1");
    error.mockRestore();
  });
});

describe("session login, logout, refresh", () => {
  it("login stores tokens and email; clear removes them", () => {
    const storage = new MemoryStorage();
    const session = createSession({ storage, auth: fakeServer().auth });

    session.login({ accessToken: "a", refreshToken: "r", email: "m@club.test" });
    expect(storage.snapshot()).toEqual({ accessToken: "a", refreshToken: "r", email: "m@club.test" });
    expect(session.getSnapshot()).toBe(session.getSnapshot());
    expect(session.accessToken()).toBe("a");

    session.clear();
    expect(storage.snapshot()).toEqual({});
    expect(session.getSnapshot()).toBeNull();
  });

  it("sees storage changed behind its back, with a stable snapshot while nothing changes", () => {
    const storage = stored();
    const session = createSession({ storage, auth: fakeServer().auth });
    const first = session.getSnapshot();
    expect(session.getSnapshot()).toBe(first);

    storage.setItem("accessToken", "edited");
    expect(session.accessToken()).toBe("edited");
    expect(session.getSnapshot()).toEqual({ ...first, accessToken: "edited" });
    expect(session.getSnapshot()).toBe(session.getSnapshot());
  });

  it("concurrent refresh calls share one request", async () => {
    const server = fakeServer({
      refreshDelayMs: 20,
      refreshPairs: { "refresh-1": { accessToken: "access-2", refreshToken: "refresh-2" } },
    });
    const session = createSession({ storage: stored(), auth: server.auth });

    const results = await Promise.all([session.refresh(), session.refresh(), session.refresh()]);

    expect(results).toEqual([true, true, true]);
    expect(server.count("/api/Register/refresh")).toBe(1);
    expect(session.accessToken()).toBe("access-2");
  });

  it("a later refresh is a new request with the rotated token", async () => {
    const server = fakeServer({
      refreshPairs: {
        "refresh-1": { accessToken: "access-2", refreshToken: "refresh-2" },
        "refresh-2": { accessToken: "access-3", refreshToken: "refresh-3" },
      },
    });
    const session = createSession({ storage: stored(), auth: server.auth });

    await expect(session.refresh()).resolves.toBe(true);
    await expect(session.refresh()).resolves.toBe(true);

    expect(server.count("/api/Register/refresh")).toBe(2);
    expect(session.getSnapshot()?.refreshToken).toBe("refresh-3");
  });

  it("clears the session when the refresh answer is not a token pair", async () => {
    const answer = new Response(JSON.stringify({ accessToken: "half" }), { status: 200 });
    const session = createSession({
      storage: stored(),
      auth: createAuthApi({ fetch: async () => answer }),
    });

    await expect(session.refresh()).resolves.toBe(false);

    expect(session.getSnapshot()).toBeNull();
  });

  it("a network failure while refreshing keeps the session", async () => {
    const server = fakeServer({ refreshNetworkError: true });
    const storage = stored();
    const session = createSession({ storage, auth: server.auth });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);

    await expect(session.refresh()).resolves.toBe(false);

    expect(storage.snapshot().refreshToken).toBe("refresh-1");
    error.mockRestore();
  });
});

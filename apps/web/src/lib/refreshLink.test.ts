import { describe, expect, it } from "vitest";
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@club/api";
import { refreshLink } from "./refreshLink";
import { createSession, type Session } from "./session";
import { fakeServer, MemoryStorage, type FakeServerOptions } from "./testing";

function setup(opts: FakeServerOptions, batch = true) {
  const server = fakeServer(opts);
  const storage = new MemoryStorage({
    accessToken: "stale",
    refreshToken: "refresh-1",
    email: "m@club.test",
  });
  const session: Session = createSession({ storage, auth: server.auth });
  const transport = {
    url: "http://club.test/trpc",
    fetch: server.fetch as typeof fetch,
    headers: (): Record<string, string> => {
      const token = session.accessToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  };
  const client = createTRPCClient<AppRouter>({
    links: [refreshLink<AppRouter>(session), batch ? httpBatchLink(transport) : httpLink(transport)],
  });
  const trpcCalls = () => server.calls.filter((c) => c.path.startsWith("/trpc/"));
  return { server, storage, session, client, trpcCalls };
}

const rotation = { "refresh-1": { accessToken: "fresh", refreshToken: "refresh-2" } };

describe("refreshLink (docs/product.md, The session: one refresh and one retry per request)", () => {
  it("sends the bearer token and does not refresh when the call succeeds", async () => {
    const { client, server, trpcCalls } = setup({ validAccess: ["stale"] });

    await expect(client.bottles.list.query()).resolves.toMatchObject({ ok: true });

    expect(trpcCalls().map((c) => c.authorization)).toEqual(["Bearer stale"]);
    expect(server.count("/api/Register/refresh")).toBe(0);
  });

  it("on a 401 refreshes once, stores the new pair and retries once with the new token", async () => {
    const { client, server, storage, trpcCalls } = setup({ refreshPairs: rotation });

    await expect(client.bottles.list.query()).resolves.toMatchObject({ ok: true });

    expect(server.count("/api/Register/refresh")).toBe(1);
    expect(trpcCalls().map((c) => c.authorization)).toEqual(["Bearer stale", "Bearer fresh"]);
    expect(storage.snapshot()).toMatchObject({ accessToken: "fresh", refreshToken: "refresh-2" });
  });

  it("retries a write (mutation) the same way: one refresh, one retry", async () => {
    const { client, server, trpcCalls } = setup({ refreshPairs: rotation });

    await expect(client.comments.create.mutate({ bottleId: 1, comment: "Peat." })).resolves.toMatchObject({
      ok: true,
    });

    expect(server.count("/api/Register/refresh")).toBe(1);
    expect(trpcCalls().map((c) => [c.method, c.authorization])).toEqual([
      ["POST", "Bearer stale"],
      ["POST", "Bearer fresh"],
    ]);
    expect(trpcCalls().map((c) => JSON.parse(c.body ?? "null") as unknown)).toEqual([
      { 0: { bottleId: 1, comment: "Peat." } },
      { 0: { bottleId: 1, comment: "Peat." } },
    ]);
  });

  it("retries exactly once: a second 401 passes on without another refresh", async () => {
    const { client, server, trpcCalls } = setup({ refreshPairs: rotation, rejectAll: true });

    const error = await client.bottles.list.query().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.httpStatus).toBe(401);
    expect(trpcCalls().map((c) => c.authorization)).toEqual(["Bearer stale", "Bearer fresh"]);
    expect(server.count("/api/Register/refresh")).toBe(1);
  });

  it("passes the original 401 on and clears the session when the refresh fails", async () => {
    const { client, server, storage, trpcCalls } = setup({ refreshPairs: {} });

    const error = await client.bottles.list.query().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe("UNAUTHORIZED");
    expect(server.count("/api/Register/refresh")).toBe(1);
    expect(trpcCalls()).toHaveLength(1);
    expect(storage.snapshot()).toEqual({});
  });

  it("concurrent 401s (one batch) share one refresh, then each retries once", async () => {
    const { client, server, trpcCalls } = setup({ refreshPairs: rotation, refreshDelayMs: 20 });

    const results = await Promise.all([
      client.bottles.list.query(),
      client.meetings.list.query(),
      client.themes.list.query(),
    ]);

    expect(results).toHaveLength(3);
    expect(server.count("/api/Register/refresh")).toBe(1);
    expect(trpcCalls().map((c) => c.authorization)).toEqual(["Bearer stale", "Bearer fresh"]);
  });

  it("concurrent 401s on separate requests share one refresh", async () => {
    const { client, server, trpcCalls } = setup({ refreshPairs: rotation, refreshDelayMs: 20 }, false);

    await Promise.all([
      client.bottles.list.query(),
      client.meetings.list.query(),
      client.themes.list.query(),
    ]);

    expect(server.count("/api/Register/refresh")).toBe(1);
    const auths = trpcCalls().map((c) => c.authorization);
    expect(auths.filter((a) => a === "Bearer stale")).toHaveLength(3);
    expect(auths.filter((a) => a === "Bearer fresh")).toHaveLength(3);
  });

  it("a 401 that arrives after another request refreshed retries with the stored token, no new refresh", async () => {
    const { client, server, session, trpcCalls } = setup({ refreshPairs: rotation });
    await session.refresh(); // as if a concurrent request had just refreshed
    server.validAccess.delete("stale");

    // This request went out with the old token (simulated by a link that pins it).
    const pinned = createTRPCClient<AppRouter>({
      links: [
        refreshLink<AppRouter>({
          accessToken: (() => {
            let first = true;
            return () => (first ? ((first = false), "stale") : session.accessToken());
          })(),
          refresh: () => session.refresh(),
        }),
        httpBatchLink({
          url: "http://club.test/trpc",
          fetch: server.fetch as typeof fetch,
          headers: (() => {
            let first = true;
            return () => ({
              Authorization: `Bearer ${first ? ((first = false), "stale") : session.accessToken()}`,
            });
          })(),
        }),
      ],
    });
    void client;

    await expect(pinned.meetings.list.query()).resolves.toMatchObject({ ok: true });
    expect(server.count("/api/Register/refresh")).toBe(1);
    expect(trpcCalls().map((c) => c.authorization)).toEqual(["Bearer stale", "Bearer fresh"]);
  });
});

import { describe, expect, it } from "vitest";
import { createAuthFetch } from "./authFetch";
import { createSession } from "./session";
import { fakeServer, MemoryStorage, type FakeServerOptions } from "./testing";

function setup(opts: FakeServerOptions) {
  const server = fakeServer(opts);
  const storage = new MemoryStorage({
    accessToken: "stale",
    refreshToken: "refresh-1",
    email: "m@club.test",
  });
  const session = createSession({ storage, auth: server.auth });
  const authFetch = createAuthFetch(session, server.fetch);
  const uploads = () => server.calls.filter((c) => c.path === "/upload").map((c) => c.authorization);
  return { server, storage, authFetch, uploads };
}

const rotation = { "refresh-1": { accessToken: "fresh", refreshToken: "refresh-2" } };
const upload = () => {
  const body = new FormData();
  body.append("image", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "bottle.png");
  return { method: "POST", body };
};

describe("authFetch (REST image upload: one refresh and one retry on 401)", () => {
  it("sends the bearer token", async () => {
    const { authFetch, uploads, server } = setup({ validAccess: ["stale"] });
    const response = await authFetch("/upload", upload());
    expect(response.status).toBe(201);
    expect(uploads()).toEqual(["Bearer stale"]);
    expect(server.count("/api/Register/refresh")).toBe(0);
  });

  it("refreshes once and retries once with the new token", async () => {
    const { authFetch, uploads, server, storage } = setup({ refreshPairs: rotation });
    const response = await authFetch("/upload", upload());
    expect(response.status).toBe(201);
    expect(uploads()).toEqual(["Bearer stale", "Bearer fresh"]);
    expect(server.count("/api/Register/refresh")).toBe(1);
    expect(storage.snapshot()).toMatchObject({ accessToken: "fresh", refreshToken: "refresh-2" });
  });

  it("retries exactly once", async () => {
    const { authFetch, uploads, server } = setup({ refreshPairs: rotation, rejectAll: true });
    const response = await authFetch("/upload", upload());
    expect(response.status).toBe(401);
    expect(uploads()).toEqual(["Bearer stale", "Bearer fresh"]);
    expect(server.count("/api/Register/refresh")).toBe(1);
  });

  it("returns the original 401 when the refresh fails, and clears the session", async () => {
    const { authFetch, uploads, storage } = setup({ refreshPairs: {} });
    const response = await authFetch("/upload", upload());
    expect(response.status).toBe(401);
    expect(uploads()).toEqual(["Bearer stale"]);
    expect(storage.snapshot()).toEqual({});
  });

  it("concurrent 401s share one refresh", async () => {
    const { authFetch, server, uploads } = setup({ refreshPairs: rotation, refreshDelayMs: 20 });
    const responses = await Promise.all([authFetch("/upload", upload()), authFetch("/upload", upload())]);
    expect(responses.map((r) => r.status)).toEqual([201, 201]);
    expect(server.count("/api/Register/refresh")).toBe(1);
    expect(uploads().sort()).toEqual(["Bearer fresh", "Bearer fresh", "Bearer stale", "Bearer stale"]);
  });
});

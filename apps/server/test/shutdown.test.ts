import { rmSync } from "node:fs";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeDb, openDb } from "@club/db";
import { prepareDataDir, startServer } from "../bench/serverProcess";
import { createTestApp } from "./helpers";

/**
 * SIGTERM under load: requests already in flight finish (and their writes are kept), new ones are
 * refused, and the process exits 0, without waiting on connections that carry no request.
 */

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0).reverse()) fn();
});

/** An HTTP/1.1 request whose body is sent in two halves, so it can be held in flight. */
function slowRequest(port: number, path: string, token: string, body: string) {
  const socket: Socket = connect(port, "127.0.0.1");
  let response = "";
  const done = new Promise<string>((resolve, reject) => {
    socket.on("data", (d: Buffer) => (response += d.toString()));
    socket.on("end", () => resolve(response));
    socket.on("close", () => resolve(response));
    socket.on("error", reject);
  });
  const half = Math.floor(body.length / 2);
  const ready = new Promise<void>((resolve) =>
    socket.on("connect", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Authorization: Bearer ${token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
          body.slice(0, half),
      );
      resolve();
    }),
  );
  return { ready, finish: () => socket.write(body.slice(half)), done };
}

describe("SIGTERM", () => {
  it("lets in-flight requests finish, refuses new ones, and exits 0", async () => {
    const data = await prepareDataDir();
    cleanups.push(() => rmSync(data.dataDir, { recursive: true, force: true }));
    const server = await startServer(data.dataDir);
    cleanups.push(() => server.child.kill("SIGKILL"));
    const headers = { "content-type": "application/json", authorization: `Bearer ${data.token}` };

    // Background load: readers and writers until the server goes away.
    let stop = false;
    const outcomes = { ok: 0, refused: 0, other: [] as string[] };
    const acked: { id: number; key: string }[] = [];
    const load = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const key = `term ${w}-${i}`;
        try {
          const res =
            i % 2 === 0
              ? await fetch(`${server.baseUrl}/api/MonthlyThemes`, {
                  method: "POST",
                  headers,
                  body: JSON.stringify({ id: 0, description: key }),
                })
              : await fetch(`${server.baseUrl}/api/MonthlyMeetings/GetMonthlyMeetingsWithNames`);
          const text = await res.text();
          if (res.status === 201) acked.push({ id: (JSON.parse(text) as { id: number }).id, key });
          if (res.status < 300) outcomes.ok++;
          else if (res.status === 503)
            outcomes.refused++; // arrived on an open connection while closing
          else outcomes.other.push(`${res.status} ${text}`);
        } catch {
          outcomes.refused++; // connection refused or closed: the server no longer accepts work
          await new Promise((r) => setTimeout(r, 10));
        }
      }
    });

    // One request held in flight: headers and half the body sent before SIGTERM.
    const inFlight = slowRequest(
      server.port,
      "/api/MonthlyThemes",
      data.token,
      JSON.stringify({ id: 0, description: "in flight at SIGTERM" }),
    );
    await inFlight.ready;
    while (outcomes.ok < 100) await new Promise((r) => setTimeout(r, 5));

    server.child.kill("SIGTERM");

    // New connections are refused once the server has the signal (asked until it says so).
    const fresh = () =>
      fetch(`${server.baseUrl}/healthz`).then(
        (r) => `status ${r.status}`,
        (e: unknown) => `refused: ${String((e as { cause?: { code?: string } }).cause?.code ?? e)}`,
      );
    await expect.poll(fresh, { timeout: 10_000, interval: 20 }).toMatch(/^(refused|status 503)/);

    // The in-flight request completes normally.
    inFlight.finish();
    const response = await inFlight.done;
    expect(response).toMatch(/^HTTP\/1\.1 201 /);
    const created = JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4)) as { id: number };

    const exit = await server.exited;
    stop = true;
    await Promise.all(load);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(outcomes.other).toEqual([]);
    expect(outcomes.ok).toBeGreaterThan(100);
    expect(outcomes.refused).toBeGreaterThan(0);

    const db = openDb(data.dbFile);
    try {
      expect(db.$client.pragma("integrity_check", { simple: true })).toBe("ok");
      const get = db.$client.prepare("SELECT description FROM themes WHERE id = ?").pluck();
      expect(get.get(created.id)).toBe("in flight at SIGTERM");
      expect(acked.filter((a) => get.get(a.id) !== a.key)).toEqual([]);
    } finally {
      closeDb(db);
    }
  }, 60_000);

  it("does not wait for a connection that never sent a request (a browser's spare one)", async () => {
    // Chromium opens a connection ahead of the requests it expects; Node counts one that has not
    // sent a request yet as busy, so the close waited for it until the request timeout (120 s), and
    // a real server hit its 10 s shutdown deadline and exited 1.
    const t = await createTestApp();
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const spare = connect(port, "127.0.0.1");
    await new Promise((resolve) => spare.once("connect", resolve));
    const spareClosed = new Promise((resolve) => spare.once("close", resolve));
    spare.on("error", () => undefined);
    // And one that has served a request and waits, kept alive, for the next.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    let deadline: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      t.close().then(() => "closed"),
      new Promise((resolve) => {
        deadline = setTimeout(() => resolve("still closing at the 10 s deadline"), 10_000);
      }),
    ]);
    clearTimeout(deadline);
    t.app.server.closeAllConnections();
    expect(outcome).toBe("closed");
    await spareClosed;
  }, 30_000);
});
